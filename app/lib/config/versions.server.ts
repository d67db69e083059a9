import type { SharedState } from "../store/types";

/**
 * The published versions of the site's config and the studio's drafts (docs/studio.md), kept in
 * the shared state so every instance sees the same: Redis with REDIS_URL, the file journal under
 * DATA_DIR on one machine, memory in the demo.
 *
 * INTERFACE FIXED BY THE LEAD; the implementation is being written.
 */

/** The documents of one version: each config file's path relative to pages-config/ ("site.json", "banners/inicio.json") and its JSON. */
export type Documents = Record<string, unknown>;

export type VersionSummary = {
  /** 1, 2, 3…; 0 is the seed (pages-config/ as deployed), never stored. */
  number: number;
  /** The editor's email, or "seed". */
  author: string;
  /** ISO time. */
  publishedAt: string;
  note: string;
  /** The version this publish restored, when it was a rollback. */
  restoredFrom: number | null;
  /** The files whose JSON differs from the version before, added and removed ones included. */
  changed: string[];
};

export type Version = VersionSummary & {
  documents: Documents;
  /** Per changed file, a jsondiffpatch delta from the version before (null when added or removed). */
  diff: Record<string, unknown>;
};

export type Draft = {
  file: string;
  value: unknown;
  /** 1 for the first save of this file's draft, +1 on each save; a save names the revision it started from. */
  revision: number;
  /** The published version the draft was started from. */
  base: number;
  author: string;
  savedAt: string;
};

export type PublishResult = { ok: true; version: Version } | { ok: false; reason: "stale"; head: number };
export type SaveResult = { ok: true; draft: Draft } | { ok: false; reason: "stale"; current: Draft | null };

export interface VersionStore {
  /** The number of the latest published version, 0 when nothing was published yet (the seed serves). */
  head(): Promise<number>;
  get(number: number): Promise<Version | null>;
  /** Newest first. */
  history(limit?: number): Promise<VersionSummary[]>;
  /**
   * Publishes `documents` as version head+1 if the head is still `base` (optimistic concurrency:
   * a publish from a stale head is refused, never a silent overwrite). Computes `changed` and `diff`
   * against the version before (the seed's documents when base is 0).
   */
  publish(input: { documents: Documents; author: string; note: string; base: number; restoredFrom?: number | null }): Promise<PublishResult>;
  drafts(): Promise<Draft[]>;
  draft(file: string): Promise<Draft | null>;
  /** Saves a draft if its current revision is still `revision` (0: there was none). */
  saveDraft(input: { file: string; value: unknown; author: string; revision: number; base: number }): Promise<SaveResult>;
  discardDraft(file: string): Promise<void>;
  /** Calls `listener` with the new head whenever any instance publishes (pub/sub on Redis). */
  onPublish(listener: (head: number) => void): () => void;
}

export declare function versionStore(state: SharedState, seed: () => Documents): VersionStore;
