import { createHash } from "node:crypto";
import { env } from "~/lib/env.server";
import { readSeedDocuments } from "~/lib/config/documents.server";
import { configFiles, kindOf, type ConfigKind } from "~/lib/config/files";
import { versions } from "~/lib/config/studio-versions.server";
import type { Documents, Draft, VersionSummary } from "~/lib/config/versions.server";

/**
 * What the studio edits (docs/studio.md "Versions"): the documents of the published version (the
 * seed, pages-config/ as deployed, until the first publish) with the drafts saved over them.
 */

export type Published = { head: number; summary: VersionSummary | null; documents: Documents };

export async function published(): Promise<Published> {
  const head = await versions.head();
  const version = head > 0 ? await versions.get(head) : null;
  if (!version) return { head: 0, summary: null, documents: readSeedDocuments(env.configDir) };
  const { documents, diff: _diff, ...summary } = version;
  return { head, summary, documents };
}

/** The published documents with every draft over them: what a publish would serve. */
export function withDrafts(documents: Documents, drafts: Draft[]): Documents {
  const merged = { ...documents };
  for (const draft of drafts) merged[draft.file] = draft.value;
  return merged;
}

/**
 * A draft as a publisher reviews it (docs/studio.md "Publishing"): its file and the SHA-256 of its
 * JSON, `site.json:3f…`. The publish form carries one per draft it shows; any other draft, or
 * another JSON, was not reviewed.
 */
export function reviewedOf(draft: Draft): string {
  return `${draft.file}:${createHash("sha256").update(JSON.stringify(draft.value)).digest("hex")}`;
}

/** Whether a path names a config file the studio may edit (its kind's pattern in app/lib/config/files.ts). */
export function editableKind(file: string): ConfigKind | null {
  const kind = kindOf(file);
  return kind && configFiles[kind].pattern.test(file) ? kind : null;
}

/** The order the studio lists files in: the four single files, then pages, modals and banners, each by name. */
const KIND_ORDER: ConfigKind[] = ["site", "flags", "recharges", "widget", "page", "modal", "banners"];
export function byKindThenName(a: string, b: string): number {
  const kindA = KIND_ORDER.indexOf(kindOf(a) ?? "site");
  const kindB = KIND_ORDER.indexOf(kindOf(b) ?? "site");
  return kindA - kindB || a.localeCompare(b);
}
