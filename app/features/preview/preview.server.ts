import { data, redirect } from "@remix-run/node";
import { bar, refused } from "#locales/es-MX/preview.json";
import { currentPreview } from "~/lib/config/draft.server";
import { formatProblem } from "~/lib/config/problems";
import { env } from "~/lib/env.server";
import { formatLongDate, formatShortTime } from "~/lib/format";
import { readForm } from "~/lib/forms";
import { logger } from "~/lib/log.server";
import { clearPreviewCookie, previewCookie, PREVIEW_PARAM, verifyPreview } from "~/lib/preview-link.server";
import { returnPath } from "~/lib/return-path.server";

/**
 * Previews of the draft config (docs/config.md "Previews"): /vista-previa opens one from a signed
 * link (the cookie, then the page asked for) and ends it (a form post, so it works without
 * JavaScript). Every answer here is private: a preview is its holder's alone.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export type RefusedPreview = { title: string; text: string; home: string };

const interpolate = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? "");

/** GET /vista-previa?firma=…&volver=…: a valid link sets the preview cookie and goes to the page; anything else is refused in Spanish. */
export function openPreview(request: Request) {
  const url = new URL(request.url);
  const refuse = (reason: "off" | "tampered" | "expired", status: number) =>
    data({ title: refused.title, text: refused[reason], home: refused.home } satisfies RefusedPreview, { status, headers: NO_STORE });
  if (env.preview.offReason) return refuse("off", 404);
  const check = verifyPreview(env.preview.secret, url.searchParams.get(PREVIEW_PARAM));
  if (!check.ok) {
    logger("preview").warn({ reason: check.reason }, "enlace de vista previa rechazado");
    return refuse(check.reason === "expired" ? "expired" : "tampered", 403);
  }
  const value = url.searchParams.get(PREVIEW_PARAM)!;
  return redirect(returnPath(url.searchParams.get("volver")), {
    headers: { ...NO_STORE, "Set-Cookie": previewCookie(value, check.expiresAt, { isProduction: env.isProduction }) },
  });
}

/** POST /vista-previa: leaves the preview (the cookie goes) and comes back to the page it was on, now live. */
export async function leavePreview(request: Request) {
  const form = await readForm(request);
  return redirect(returnPath(form.get("volver")), { headers: { ...NO_STORE, "Set-Cookie": clearPreviewCookie({ isProduction: env.isProduction }) } });
}

export type PreviewBarData = {
  label: string;
  title: string;
  text: string;
  problemsLabel: string;
  problems: string[];
  leave: string;
};

/** The bar that marks a preview on screen, its texts ready (the browser carries none of them), or null outside a preview. */
export function previewBar(): PreviewBarData | null {
  const preview = currentPreview();
  if (!preview) return null;
  const until = new Date(preview.expiresAt);
  return {
    label: bar.label,
    title: bar.title,
    text: preview.problems.length > 0 ? bar.refused : interpolate(bar.text, { time: formatShortTime(until), date: formatLongDate(until) }),
    problemsLabel: bar.problemsLabel,
    problems: preview.problems.map(formatProblem),
    leave: bar.leave,
  };
}
