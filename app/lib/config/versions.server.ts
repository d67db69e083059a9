import { createHash } from "node:crypto";
import { create } from "jsondiffpatch";
import { logger } from "../log.server";
import { countPublish } from "../metrics.server";
import type { SharedState } from "../store/types";
import { kindOf } from "./files";

/**
 * The published versions of the site's config and the studio's drafts (docs/studio.md), kept in
 * the shared state so every instance sees the same: Redis with REDIS_URL, the file journal under
 * DATA_DIR on one machine, memory in the demo.
 *
 * In the shared state, under keys of their own (`studio:…`), every one kept for 20 years (a value
 * of the shared state always has a time to live; these must never run out):
 * - `studio:version:<n>`: version n's record (who, when, why, `changed`, `diff`, and each file's
 *   document by the SHA-256 of its JSON), claimed (SET NX) by the publish that makes it: of two
 *   publishes from the same head one claims it, the other is told its head is stale. Immutable.
 * - `studio:document:<sha256>`: a document's JSON, written before the version that names it; a
 *   file that did not change is the same key from one version to the next, stored once.
 * - studio:head: the latest version's number, set after its claim. A hint: `head()` goes on
 *   from it while the next version exists, so a publish that stopped between its claim and this
 *   (a crash, Redis gone) leaves nothing wrong behind.
 * - `studio:draft:<file>:<seq>`: the entries of a file's draft in turn, each claimed by the save
 *   (or the discard) that makes it, so that of two saves from the same revision one wins. Only
 *   the latest keeps its value: the one before is cut down to a marker once superseded.
 * - `studio:draft-head:<file>`: the number of a file's latest entry (a hint, like studio:head);
 *   `drafts()` lists these.
 * After each publish, its number is published on the channel studio:published (`onPublish`).
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

export type VersionStoreOptions = {
  /** The time of a publish or a save (tests pass a fixed one). */
  clock?: () => number;
};

/** The studio's keys and channel in the shared state all start with it. */
const PREFIX = "studio:";

/** The channel a publish announces its number on. */
export const PUBLISHED_CHANNEL = `${PREFIX}published`;

/** How long the studio's keys live: long enough never to run out. */
export const STUDIO_KEEP_MS = 20 * 365 * 24 * 3_600_000;

const HEAD_KEY = `${PREFIX}head`;
const versionKey = (number: number) => `${PREFIX}version:${number}`;
const documentKey = (hash: string) => `${PREFIX}document:${hash}`;
const DRAFT_HEAD_PREFIX = `${PREFIX}draft-head:`;
const draftHeadKey = (file: string) => `${DRAFT_HEAD_PREFIX}${file}`;
const draftKey = (file: string, seq: number) => `${PREFIX}draft:${file}:${seq}`;

/** A version as stored: its documents by hash. */
type StoredVersion = VersionSummary & { diff: Record<string, unknown>; files: Record<string, string> };
/** An entry of a file's draft: a save, a discard, or a save superseded by a later entry. */
type DraftEntry = { draft: Draft } | { discarded: true } | { superseded: true };
const DISCARDED = JSON.stringify({ discarded: true });
const SUPERSEDED = JSON.stringify({ superseded: true });

/**
 * Array items are matched by their `id`, `name` or `offerId` when they have one (a banner moved
 * in its list is a move, not a change of every banner after it), by position otherwise.
 */
const differ = create({
  objectHash: (item, index) => {
    const record = item as Record<string, unknown>;
    for (const key of ["id", "name", "offerId"]) {
      const value = record[key];
      if (typeof value === "string" || typeof value === "number") return `${key}:${value}`;
    }
    return `$$index:${index ?? 0}`;
  },
});

/** The files whose JSON differs between two sets (added and removed ones included), in path order, and the delta of each. */
export function compareDocuments(before: Documents, after: Documents): { changed: string[]; diff: Record<string, unknown> } {
  const diff: Record<string, unknown> = {};
  for (const file of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const inBefore = Object.hasOwn(before, file);
    const inAfter = Object.hasOwn(after, file);
    if (inBefore !== inAfter) diff[file] = null;
    else {
      const delta = differ.diff(before[file], after[file]);
      if (delta !== undefined) diff[file] = JSON.parse(JSON.stringify(delta)) as unknown;
    }
  }
  const changed = Object.keys(diff).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { changed, diff: Object.fromEntries(changed.map((file) => [file, diff[file]])) };
}

/** A small cache of immutable values (version records, documents) by key, the least recently used going first. */
function recent<K, V>(size: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value as K);
    },
  };
}

const textOf = (file: string, value: unknown) => {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new Error(`«${file}» no tiene un valor JSON`);
  return text;
};

const requireConfigPath = (file: string) => {
  if (typeof file !== "string" || kindOf(file) === null) throw new Error(`«${file}» no es un archivo de configuración (site.json, pages/<nombre>.json…)`);
};

const requireCount = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} debe ser un entero desde 0 (se recibió ${String(value)})`);
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const summaryOf = (record: StoredVersion): VersionSummary => ({
  number: record.number,
  author: record.author,
  publishedAt: record.publishedAt,
  note: record.note,
  restoredFrom: record.restoredFrom,
  changed: record.changed,
});

/**
 * The versions and drafts on `state` (any backend: memory, the file journal, Redis); `seed` gives
 * pages-config/ as deployed, version 0, which version 1 is compared with. Values read are parsed
 * afresh on each call: a caller may change what it gets without changing anyone else's.
 */
export function versionStore(state: SharedState, seed: () => Documents, options: VersionStoreOptions = {}): VersionStore {
  const clock = options.clock ?? (() => Date.now());
  const log = logger("studio");
  // Records and documents never change once written: read once per process (a few of them).
  const records = recent<number, string>(64);
  const documents = recent<string, string>(256);

  const readRecord = async (number: number): Promise<StoredVersion | null> => {
    let text = records.get(number);
    if (text === undefined) {
      const found = await state.get(versionKey(number));
      if (found === null) return null;
      records.set(number, (text = found));
    }
    return JSON.parse(text) as StoredVersion;
  };

  const readDocument = async (hash: string): Promise<string | null> => {
    let text = documents.get(hash);
    if (text === undefined) {
      const found = await state.get(documentKey(hash));
      if (found === null) return null;
      documents.set(hash, (text = found));
    }
    return text;
  };

  /** Version `number`'s record and documents, or null when it is not there. */
  const readVersion = async (number: number): Promise<(StoredVersion & { documents: Documents }) | null> => {
    const record = await readRecord(number);
    if (!record) return null;
    const texts = await Promise.all(Object.entries(record.files).map(async ([file, hash]) => [file, await readDocument(hash)] as const));
    const found: Documents = {};
    for (const [file, text] of texts) {
      if (text === null) throw new Error(`la versión ${number} nombra un documento que no está en el estado compartido: ${file}`);
      found[file] = JSON.parse(text) as unknown;
    }
    return { ...record, documents: found };
  };

  const head = async (): Promise<number> => {
    const pointer = Number(await state.get(HEAD_KEY));
    let number = Number.isSafeInteger(pointer) && pointer > 0 ? pointer : 0;
    // The pointer is set after the claim: a publish that stopped in between left it behind.
    while ((await readRecord(number + 1)) !== null) number += 1;
    return number;
  };

  /** Writes that follow a claim already won: their failure is logged, never the caller's (the claim stands, and the hints are read past). */
  const afterClaim = async (what: string, writes: Array<Promise<unknown>>) => {
    for (const outcome of await Promise.allSettled(writes)) {
      if (outcome.status === "rejected") log.error({ err: outcome.reason, what }, "estudio: no se pudo actualizar el estado compartido tras un cambio ya hecho");
    }
  };

  /** A file's latest draft entry and its number (0 and null when it never had one). */
  const latestDraft = async (file: string): Promise<{ seq: number; entry: DraftEntry | null }> => {
    const pointer = Number(await state.get(draftHeadKey(file)));
    let seq = Number.isSafeInteger(pointer) && pointer > 0 ? pointer : 0;
    let text = seq > 0 ? await state.get(draftKey(file, seq)) : null;
    for (;;) {
      const next = await state.get(draftKey(file, seq + 1));
      if (next === null) return { seq, entry: text === null ? null : (JSON.parse(text) as DraftEntry) };
      seq += 1;
      text = next;
    }
  };
  const draftOf = (entry: DraftEntry | null): Draft | null => (entry && "draft" in entry ? entry.draft : null);

  /** Claims entry `seq` of `file`'s draft; once won, points the hint at it and cuts the one before down to a marker. */
  const claimDraftEntry = async (file: string, seq: number, text: string): Promise<boolean> => {
    if (!(await state.claim(draftKey(file, seq), text, STUDIO_KEEP_MS))) return false;
    await afterClaim(`draft ${file}`, [state.set(draftHeadKey(file), String(seq), STUDIO_KEEP_MS), ...(seq > 1 ? [state.set(draftKey(file, seq - 1), SUPERSEDED, STUDIO_KEEP_MS)] : [])]);
    return true;
  };

  const draft = async (file: string) => draftOf((await latestDraft(file)).entry);

  return {
    head,

    async get(number) {
      if (!Number.isSafeInteger(number) || number < 1) return null;
      const version = await readVersion(number);
      if (!version) return null;
      return { ...summaryOf(version), documents: version.documents, diff: version.diff };
    },

    async history(limit = 50) {
      const top = await head();
      const count = Math.max(0, Math.min(Math.floor(limit), top));
      const found = await Promise.all(Array.from({ length: count }, (_, index) => readRecord(top - index)));
      return found.flatMap((record) => (record ? [summaryOf(record)] : []));
    },

    async publish({ documents: given, author, note, base, restoredFrom = null }) {
      requireCount("base", base);
      const texts = Object.entries(given).map(([file, value]) => {
        requireConfigPath(file);
        return [file, textOf(file, value)] as const;
      });
      const current = await head();
      if (current !== base) {
        countPublish("stale");
        return { ok: false, reason: "stale", head: current };
      }
      const previous = base === 0 ? { documents: seed(), files: {} as Record<string, string> } : await readVersion(base);
      // Gone since (never, with keys kept for 20 years): whatever the head is now, this one is not it.
      if (!previous) return { ok: false, reason: "stale", head: await head() };

      // The documents as they will be read back (JSON's, not the caller's objects).
      const next: Documents = Object.fromEntries(texts.map(([file, text]) => [file, JSON.parse(text) as unknown]));
      const { changed, diff } = compareDocuments(previous.documents, next);
      const files = Object.fromEntries(texts.map(([file, text]) => [file, sha256(text)]));
      const stored = new Set(Object.values(previous.files));
      await Promise.all(texts.filter(([file]) => !stored.has(files[file]!)).map(([file, text]) => state.set(documentKey(files[file]!), text, STUDIO_KEEP_MS)));

      const number = base + 1;
      const record: StoredVersion = { number, author, publishedAt: new Date(clock()).toISOString(), note, restoredFrom, changed, diff, files };
      const text = JSON.stringify(record);
      if (!(await state.claim(versionKey(number), text, STUDIO_KEEP_MS))) {
        countPublish("stale");
        return { ok: false, reason: "stale", head: await head() };
      }
      records.set(number, text);
      await afterClaim(`version ${number}`, [state.set(HEAD_KEY, String(number), STUDIO_KEEP_MS)]);
      await afterClaim(`version ${number} announced`, [state.publish(PUBLISHED_CHANNEL, String(number))]);
      countPublish("published");
      return { ok: true, version: { ...summaryOf(record), documents: next, diff: JSON.parse(JSON.stringify(diff)) as Record<string, unknown> } };
    },

    async drafts() {
      const files = (await state.keys(DRAFT_HEAD_PREFIX)).map((key) => key.slice(DRAFT_HEAD_PREFIX.length));
      const found = await Promise.all(files.map((file) => draft(file)));
      return found.filter((entry): entry is Draft => entry !== null).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    },

    draft,

    async saveDraft({ file, value, author, revision, base }) {
      requireConfigPath(file);
      requireCount("revision", revision);
      requireCount("base", base);
      const text = textOf(file, value);
      const { seq, entry } = await latestDraft(file);
      const current = draftOf(entry);
      if ((current?.revision ?? 0) !== revision) return { ok: false, reason: "stale", current };
      const saved: Draft = { file, value: JSON.parse(text) as unknown, revision: revision + 1, base, author, savedAt: new Date(clock()).toISOString() };
      if (!(await claimDraftEntry(file, seq + 1, JSON.stringify({ draft: saved })))) return { ok: false, reason: "stale", current: await draft(file) };
      return { ok: true, draft: saved };
    },

    async discardDraft(file) {
      requireConfigPath(file);
      // Unconditional: tried again while saves keep taking the next entry first.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { seq, entry } = await latestDraft(file);
        if (!draftOf(entry)) return;
        if (await claimDraftEntry(file, seq + 1, DISCARDED)) return;
      }
      throw new Error(`no se pudo descartar el borrador de ${file}: otros lo guardan sin parar`);
    },

    onPublish(listener) {
      return state.subscribe(PUBLISHED_CHANNEL, (message) => {
        const number = Number(message);
        if (Number.isSafeInteger(number) && number > 0) listener(number);
      });
    },
  };
}
