import { parseWithZod } from "@conform-to/zod/v4";
import { helpQuerySchema, type HelpQuery } from "#schemas/forms/help";
import { getFaq, type FaqEntry } from "~/upstream/asistencia.server";
import { logger } from "~/lib/log.server";
import type { UpstreamResult } from "~/upstream/http.server";

/** The help centre's GET forms (`?q=`, `?estado=`), parsed as a form; a bad value asks nothing. */
export function helpQuery(url: URL): HelpQuery {
  const submission = parseWithZod(url.searchParams, { schema: helpQuerySchema });
  return submission.status === "success" ? submission.value : {};
}

/** The FAQ is the same for everyone and changes rarely: asked at most every five minutes. */
export const FAQ_FRESH_MS = 5 * 60_000;

/**
 * A one-value cache for the upstream's FAQ (docs/prospect.md "Help centre"): fresh for `freshMs`,
 * then asked again; while the upstream fails, the last good list is served (stale) rather than
 * none. Concurrent requests share one call. Kept inside this feature on purpose: small enough to
 * swap for the app's shared cache helper when there is one.
 */
export function createFaqCache(fetchFaq: () => Promise<UpstreamResult<FaqEntry[]>> = getFaq, freshMs = FAQ_FRESH_MS, clock: () => number = Date.now) {
  let kept: { entries: FaqEntry[]; at: number } | null = null;
  let pending: Promise<FaqEntry[] | null> | null = null;

  const refresh = async () => {
    const result = await fetchFaq();
    if (result.ok) kept = { entries: result.data, at: clock() };
    else logger("faq").error({ call: result.error.call, messageKey: result.error.messageKey }, kept ? "sirviendo la lista anterior" : "sin lista");
    return kept?.entries ?? null;
  };

  /** The FAQ list, or null when the upstream has never answered. */
  return async function read(): Promise<FaqEntry[] | null> {
    if (kept && clock() - kept.at < freshMs) return kept.entries;
    pending ??= refresh().finally(() => (pending = null));
    return pending;
  };
}

export const readFaq = createFaqCache();

/** Lower case and without accents, so "portabilidad", "Portabilidad" and "pórtabilidad" meet. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

export type FaqGroup = { category: string; entries: { question: string; answer: string }[] };

/** The entries where every word of the query appears (in the question, the answer or the topic), grouped by topic in the upstream's order. */
export function searchFaq(entries: FaqEntry[], query: string | undefined): FaqGroup[] {
  const words = fold(query ?? "").split(/\s+/).filter(Boolean);
  const groups = new Map<string, FaqGroup>();
  for (const entry of entries) {
    const text = fold(`${entry.category} ${entry.question} ${entry.answer}`);
    if (!words.every((word) => text.includes(word))) continue;
    const group = groups.get(entry.category) ?? { category: entry.category, entries: [] };
    group.entries.push({ question: entry.question, answer: entry.answer });
    groups.set(entry.category, group);
  }
  return [...groups.values()];
}
