import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { env } from "../env.server";
import { logger } from "../log.server";
import { setConfigVersion } from "../metrics.server";
import { perRequest } from "../request-context.server";
import type { ConfigProblem } from "./problems";
import { writeDocuments } from "./documents.server";
import { refusals as siteRefusals, type RefusalRegistry } from "./refusals.server";
import { ConfigStore, folderProblems } from "./store.server";
import type { Documents, VersionStore, VersionSummary } from "./versions.server";

/**
 * The live config (docs/studio.md "Publishing"): with the studio on, the site serves the latest
 * version published in the shared state; with the studio off, or while nothing is published,
 * pages-config/ as deployed (the seed), as it always did.
 *
 * A published version is written once to a folder of this process's own (`<number>-<pid>` under
 * the materialised root) and read through an immutable store over it; serving a new version is one
 * swap of the reference to that store, so a request that pinned the one before (`liveNow`) reads
 * that one whole, never half of each. Every instance subscribes to the publishes and asks for the
 * head every second besides (a publish missed while Redis was away), so they all serve a new
 * version within about a second of each other; an instance that starts reads the latest.
 */

/** What the site serves now. */
export type Live = {
  /** The published version: 0 for the seed (pages-config/ as deployed). */
  number: number;
  store: ConfigStore;
  /** Who published it, when, why (absent for the seed). */
  summary?: Pick<VersionSummary, "number" | "author" | "publishedAt" | "note" | "restoredFrom">;
  /** The folder it was written to (absent for the seed, which is pages-config/ itself). */
  dir?: string;
};

/** Writes a version's documents into a folder (./documents.server.ts writeDocuments; the tests may pass another). */
export type DocumentWriter = (dir: string, documents: Documents) => unknown;

/** Where published versions and previews are written: DATA_DIR's config-versions/ when DATA_DIR is given, else the system's temporary folder. */
export const materialisedRoot = () => (env.dataDirGiven ? path.join(env.dataDir, "config-versions") : path.join(tmpdir(), "bait-config-versions"));

/** Whether a process is running (a folder named after a dead one is an orphan of a crash). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the folders of processes that are gone (`…-<pid>`), so a crash leaves nothing behind for long. */
export function sweepOrphans(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/-(\d+)$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/**
 * Writes `documents` to `<root>/<name>-<pid>` (emptied first: a folder left half-written by a
 * crash of a process that had this pid) and returns an immutable store over it, with the problems
 * of the folder as a whole (empty when every file passes its schema and the four single files are there).
 */
export async function materialise(root: string, name: string, documents: Documents, write: DocumentWriter): Promise<{ dir: string; store: ConfigStore; problems: ConfigProblem[] }> {
  const dir = path.join(root, `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await write(dir, documents);
  const store = new ConfigStore(dir, (message) => logger("config").error(message), { immutable: true });
  // Every file read once here: the first page after the swap reads from memory.
  return { dir, store, problems: folderProblems(store) };
}

export type LiveConfigOptions = {
  seed: ConfigStore;
  /** Where versions are written (materialisedRoot()). */
  root: string;
  write: DocumentWriter;
  /** Where a refused version is recorded (the status page and /readyz show it). */
  refusals?: RefusalRegistry;
  /** How long a replaced version's folder stays, for the requests still reading it. */
  graceMs?: number;
};

export class LiveConfig {
  private live: Live;
  private running?: Promise<void>;
  private again = false;
  /** A version refused (a file missing or failing its schema): not written again every second. */
  private refusedHead?: number;
  private refusedSources: string[] = [];
  private failing = false;
  /** Whether the head was read at least once (readiness waits for it with the studio on). */
  synced = false;

  constructor(private options: LiveConfigOptions) {
    this.live = { number: 0, store: options.seed };
    setConfigVersion(0);
  }

  /** What is served now (a request reads `liveNow()`, pinned for the whole request). */
  get now(): Live {
    return this.live;
  }

  /**
   * What the page cache keys by (render/page/cache-variant.server.ts): `v<n>` for a published
   * version (its folder never changes), `s<changes>` for the watched seed; undefined when the seed
   * is not watched (nothing may be cached).
   */
  cacheKey(live: Live = this.live): string | undefined {
    if (live.number > 0) return `v${live.number}`;
    const changes = live.store.version;
    return changes === undefined ? undefined : `s${changes}`;
  }

  /**
   * Serves the head of `versions` if it is not served yet: written to its folder, checked whole,
   * then swapped in. One at a time: a call while one runs makes it run once more when done.
   */
  sync(versions: VersionStore): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.syncOnce(versions);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async syncOnce(versions: VersionStore) {
    const log = logger("config");
    try {
      const head = await versions.head();
      this.synced = true;
      if (head !== this.live.number && head !== this.refusedHead) await this.serve(versions, head);
      if (this.failing) log.info({ version: this.live.number }, "versiones publicadas disponibles de nuevo");
      this.failing = false;
    } catch (error) {
      // Once per run of failures: the poll comes back every second.
      if (!this.failing) log.error({ err: error, serving: this.live.number }, "no se pudo leer la versión publicada; se sigue sirviendo la que está en uso");
      this.failing = true;
    }
  }

  /** Writes version `head` to its folder and swaps it in, unless it has a problem (then it is refused whole). */
  private async serve(versions: VersionStore, head: number) {
    if (head === 0) return this.swap({ number: 0, store: this.options.seed });
    const version = await versions.get(head);
    // Not readable yet where this instance reads: the next round tries again.
    if (!version) return;
    const { dir, store, problems } = await materialise(this.options.root, String(head), version.documents, this.options.write);
    if (problems.length > 0) {
      rmSync(dir, { recursive: true, force: true });
      return this.refuse(head, problems);
    }
    const { number, author, publishedAt, note, restoredFrom } = version;
    this.swap({ number, store, dir, summary: { number, author, publishedAt, note, restoredFrom } });
  }

  /** One reference swap; the folder of the version before goes once its requests in flight are done. */
  private swap(next: Live) {
    const previous = this.live;
    this.live = next;
    setConfigVersion(next.number);
    const registry = this.options.refusals;
    if (registry) {
      for (const source of this.refusedSources.splice(0)) registry.clear(source);
      // What pages-config/ on disk had refused is not what is served any more.
      if (next.number > 0) for (const refusal of registry.list()) if (refusal.kind === "archivo" && refusal.source.startsWith("pages-config/")) registry.clear(refusal.source);
    }
    this.refusedHead = undefined;
    logger("config").info({ version: next.number, before: previous.number, author: next.summary?.author }, "versión de la configuración en uso");
    const retired = previous.dir;
    if (retired) setTimeout(() => rmSync(retired, { recursive: true, force: true }), this.options.graceMs ?? 5_000).unref();
  }

  private refuse(head: number, problems: ConfigProblem[]) {
    this.refusedHead = head;
    logger("config").error({ version: head, serving: this.live.number, problems }, "versión publicada rechazada: se sigue sirviendo la que está en uso");
    const registry = this.options.refusals;
    if (!registry) return;
    const byFile = new Map<string, ConfigProblem[]>();
    for (const problem of problems) {
      const source = `${problem.file} (versión ${head})`;
      byFile.set(source, [...(byFile.get(source) ?? []), problem]);
    }
    for (const [source, list] of byFile) {
      registry.refuse(source, "archivo", list);
      this.refusedSources.push(source);
    }
  }

  /**
   * Follows the published head: now (`ready` settles when the first read is done, served or failed),
   * on every publish, and every `pollMs` besides. `stop` ends both.
   */
  follow(versions: VersionStore, { pollMs = 1_000 }: { pollMs?: number } = {}): { ready: Promise<void>; stop: () => void } {
    const unsubscribe = versions.onPublish(() => void this.sync(versions));
    const timer = setInterval(() => void this.sync(versions), pollMs);
    timer.unref();
    return {
      ready: this.sync(versions),
      stop: () => {
        clearInterval(timer);
        unsubscribe();
      },
    };
  }
}

/**
 * pages-config/ as deployed. In production one watcher tells the store (and the page cache, by its
 * version) that a file changed, within milliseconds of the edit; elsewhere every read checks the
 * file, so an edit in a test shows on the very next synchronous read.
 */
export const seedStore = new ConfigStore(env.configDir, undefined, { watch: env.isProduction, refusals: siteRefusals });

/** The site's live config. */
export const liveConfig = new LiveConfig({ seed: seedStore, root: materialisedRoot(), write: writeDocuments, refusals: siteRefusals });

/** What this request serves: read once per request, so a swap in the middle of a render changes nothing of it. */
export const liveNow = (): Live => perRequest("live-config", () => liveConfig.now) ?? liveConfig.now;

/** The published version this request serves; 0 for pages-config/ as deployed. */
export const liveVersion = (): number => liveNow().number;

/** The store this request reads, when no preview chooses another (draft.server.ts). */
export const liveStore = (): ConfigStore => liveNow().store;

/** What the page cache keys by for this request (LiveConfig.cacheKey). */
export const liveCacheKey = (): string | undefined => liveConfig.cacheKey(liveNow());

/** Whether this instance still waits for its first read of the published head (the studio on): not ready meanwhile. */
export const liveWaiting = (): boolean => env.studio.on && !liveConfig.synced;

// On the process, not the module: `npm run dev` loads each rebuild into the same process, and the
// rebuild's follower replaces the one before it.
const FOLLOWER = Symbol.for("bait.live-config");
const processGlobal = globalThis as typeof globalThis & { [FOLLOWER]?: { stop: () => void } };

let started: Promise<void> | undefined;
let followed: VersionStore | undefined;

/** The version store the live config follows (the studio on and started), for the previews and the status page. */
export const studioVersions = (): VersionStore | undefined => followed;

/**
 * Starts following the published versions when the studio is on (app/entry.server.tsx at boot);
 * settles when the first head was read and, if there is one, served. Nothing with the studio off.
 */
export function startLiveConfig(versions: VersionStore | undefined, options: { pollMs?: number } = {}): Promise<void> {
  if (!env.studio.on || !versions) return Promise.resolve();
  if (started) return started;
  followed = versions;
  processGlobal[FOLLOWER]?.stop();
  const root = materialisedRoot();
  sweepOrphans(root);
  const following = liveConfig.follow(versions, options);
  processGlobal[FOLLOWER] = following;
  started = following.ready;
  return started;
}
