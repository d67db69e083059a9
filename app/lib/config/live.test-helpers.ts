import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Documents, Draft, Version, VersionStore } from "./versions.server";

/** Every JSON file of a folder, as a version's documents. */
export function documentsOf(dir: string): Documents {
  const documents: Documents = {};
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".json")) documents[file] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    }
  };
  walk("");
  return documents;
}

/** `documents` with the first banner of the home page retitled. */
export function withBannerTitle(documents: Documents, title: string): Documents {
  const copy = structuredClone(documents);
  const banners = copy["banners/inicio.json"] as { banners: Array<{ name: string }> };
  banners.banners[0]!.name = title;
  return copy;
}

export type FakeVersions = VersionStore & {
  /** Publishes without telling the subscribers (a message missed while Redis was away). */
  publishQuietly(documents: Documents): number;
  /** While true, `head` fails as a Redis that does not answer. */
  failing: boolean;
};

/** A version store in this process's memory, for the tests of what follows it (the real one keeps the shared state). */
export function fakeVersions(): FakeVersions {
  const versions: Version[] = [];
  const drafts = new Map<string, Draft>();
  const listeners = new Set<(head: number) => void>();
  const store: FakeVersions = {
    failing: false,
    async head() {
      if (store.failing) throw new Error("redis: no responde");
      return versions.length;
    },
    async get(number) {
      return versions[number - 1] ?? null;
    },
    async history() {
      return [...versions].reverse();
    },
    async publish({ documents, author, note, base, restoredFrom = null }) {
      if (base !== versions.length) return { ok: false, reason: "stale", head: versions.length };
      store.publishQuietly(documents);
      const version = Object.assign(versions.at(-1)!, { author, note, restoredFrom });
      for (const listener of listeners) listener(version.number);
      return { ok: true, version };
    },
    publishQuietly(documents) {
      const number = versions.length + 1;
      versions.push({ number, author: "ana@bait.mx", publishedAt: new Date().toISOString(), note: `versión ${number}`, restoredFrom: null, changed: [], documents, diff: {} });
      return number;
    },
    async drafts() {
      return [...drafts.values()];
    },
    async draft(file) {
      return drafts.get(file) ?? null;
    },
    async saveDraft({ file, value, author, revision, base }) {
      const current = drafts.get(file) ?? null;
      if ((current?.revision ?? 0) !== revision) return { ok: false, reason: "stale", current };
      const draft: Draft = { file, value, author, revision: revision + 1, base, savedAt: new Date().toISOString() };
      drafts.set(file, draft);
      return { ok: true, draft };
    },
    async discardDraft(file) {
      drafts.delete(file);
    },
    onPublish(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}
