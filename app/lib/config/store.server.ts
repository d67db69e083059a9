import { readFileSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type * as z from "zod";
import { logger } from "../log.server";
import { configFiles, kindOf, type ConfigKind, type ConfigOf } from "./files";
import { ConfigError, formatProblem, problemFromJsonSyntax, problemsFromZod, type ConfigProblem } from "./problems";
import type { RefusalRegistry } from "./refusals.server";

type Entry<T> = {
  /** mtime and size of the version last read: a change of either means read again. */
  stamp: string;
  /** The watcher's version when the stamp was last checked (watching stores only). */
  checkedAt: number;
  /** The last valid version: served while a newer edit is invalid. */
  good?: { value: T; stamp: string; loadedAt: Date };
  problems: ConfigProblem[];
};

/** What the status page says of one file: when its copy in use was read, and what is refused. */
export type FileStatus = { file: string; kind: ConfigKind; loadedAt?: Date; problems: ConfigProblem[] };

export type ReadResult<T> = { ok: true; value: T } | { ok: false; problems: ConfigProblem[] };

/** Reads and validates one JSON file. No cache; used by the store and by config:check. */
export function readConfigFile<S extends z.ZodType>(directory: string, relativePath: string, schema: S): ReadResult<z.infer<S>> {
  const file = `pages-config/${relativePath}`;
  let source: string;
  try {
    source = readFileSync(path.join(directory, relativePath), "utf8");
  } catch {
    return { ok: false, problems: [{ file, path: "", message: "no se encontró el archivo" }] };
  }
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    return { ok: false, problems: [problemFromJsonSyntax(file, source, error)] };
  }
  const parsed = schema.safeParse(withoutSchemaKey(json));
  if (!parsed.success) return { ok: false, problems: problemsFromZod(file, parsed.error) };
  return { ok: true, value: parsed.data };
}

/**
 * A config file may name its JSON Schema (`"$schema": "../schemas/json/site.schema.json"`) for the
 * editor; the site ignores it (flags.json's keys are a closed set, so it is removed, not tolerated).
 */
function withoutSchemaKey(json: unknown): unknown {
  if (typeof json !== "object" || json === null || Array.isArray(json) || !("$schema" in json)) return json;
  const { $schema: _schema, ...rest } = json as Record<string, unknown>;
  return rest;
}

/**
 * The config as the running site sees it: a marketer's edit shows on the next request, with no
 * restart. An invalid edit is logged once and the last valid version keeps being served.
 *
 * A plain store checks the file's mtime and size on every read. A watching store (the site's)
 * has one watcher on the folder that bumps `version` on any change there; until then reads and
 * listings are served from memory with no file-system call (a page render used to stat a dozen
 * files). If the watcher fails, the store falls back to checking on every read.
 *
 * An immutable store (a published version written to a folder of its own, app/lib/config/live.server.ts)
 * reads each file once and lists each folder once: nothing of that folder ever changes, so nothing
 * is checked again, and its `version` is always 0.
 */
export class ConfigStore {
  private entries = new Map<string, Entry<unknown>>();
  private missing = new Map<string, number>();
  private listings = new Map<string, { files: string[]; checkedAt: number }>();
  private watcher?: FSWatcher;
  private changes = 0;
  private refusals?: RefusalRegistry;
  private immutable: boolean;

  /**
   * With `refusals`, a refused edit is recorded there (which logs it, with file, path and
   * reason) and cleared when a good copy is read or the file goes; without it, it is logged here.
   */
  constructor(
    readonly directory: string,
    private log: (message: string) => void = (message) => logger("config").error(message),
    options: { watch?: boolean; refusals?: RefusalRegistry; immutable?: boolean } = {},
  ) {
    this.refusals = options.refusals;
    this.immutable = options.immutable ?? false;
    if (options.watch && !this.immutable) this.startWatching();
  }

  /**
   * Changes whenever a file of the folder may have changed; `undefined` when the store cannot
   * tell (not watching), so a cache keyed by it must not keep anything. Always 0 for an immutable store.
   */
  get version(): number | undefined {
    if (this.immutable) return 0;
    return this.watcher ? this.changes : undefined;
  }

  private startWatching() {
    try {
      // Not persistent: the watcher never keeps a process alive (tests, scripts).
      this.watcher = watch(this.directory, { recursive: true, persistent: false }, () => {
        this.changes += 1;
      });
      this.watcher.on("error", (error) => {
        this.log(`[config] vigilancia de ${this.directory} detenida, se revisa en cada lectura: ${error.message}`);
        this.stopWatching();
      });
    } catch (error) {
      this.log(`[config] sin vigilancia de ${this.directory}, se revisa en cada lectura: ${(error as Error).message}`);
      this.watcher = undefined;
    }
  }

  stopWatching() {
    this.watcher?.close();
    this.watcher = undefined;
  }

  /** Whether something checked at `checkedAt` is still known to be current. */
  private current(checkedAt: number | undefined): boolean {
    if (checkedAt === undefined) return false;
    return this.immutable || (this.watcher !== undefined && checkedAt === this.changes);
  }

  get<K extends ConfigKind>(kind: K, relativePath: string): ConfigOf<K> {
    const result = this.read(kind, relativePath);
    if (result === undefined) throw new ConfigError([{ file: `pages-config/${relativePath}`, path: "", message: "no se encontró el archivo" }]);
    return result;
  }

  /** Like get, but a missing file is `undefined` (banners of a view without banners). */
  read<K extends ConfigKind>(kind: K, relativePath: string): ConfigOf<K> | undefined {
    const entry = this.entries.get(relativePath) as Entry<ConfigOf<K>> | undefined;
    if (entry && this.current(entry.checkedAt)) return this.serve(entry);
    if (this.current(this.missing.get(relativePath))) return undefined;

    const checkedAt = this.changes;
    const fullPath = path.join(this.directory, relativePath);
    let stamp: string;
    try {
      const stat = statSync(fullPath);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      this.entries.delete(relativePath);
      this.missing.set(relativePath, checkedAt);
      this.refusals?.clear(`pages-config/${relativePath}`);
      return undefined;
    }
    this.missing.delete(relativePath);

    if (entry && entry.stamp === stamp) {
      entry.checkedAt = checkedAt;
      return this.serve(entry);
    }

    const result = readConfigFile(this.directory, relativePath, configFiles[kind].schema);
    const next: Entry<ConfigOf<K>> = { stamp, checkedAt, good: entry?.good, problems: [] };
    if (result.ok) {
      next.good = { value: result.value as ConfigOf<K>, stamp, loadedAt: new Date() };
      this.refusals?.clear(`pages-config/${relativePath}`);
    } else {
      next.problems = result.problems;
      if (this.refusals) this.refusals.refuse(`pages-config/${relativePath}`, "archivo", result.problems);
      else {
        const keeping = next.good ? "se sigue usando la última versión válida" : "no hay versión válida anterior";
        this.log(`[config] cambio rechazado (${keeping}):\n  ${result.problems.map(formatProblem).join("\n  ")}`);
      }
    }
    this.entries.set(relativePath, next as Entry<unknown>);
    return this.serve(next);
  }

  /** The problems of the version on disk, if it was rejected. */
  problemsOf(relativePath: string): ConfigProblem[] {
    return this.entries.get(relativePath)?.problems ?? [];
  }

  /**
   * Reads every config file of the folder now (so an edit nobody has requested yet is checked
   * too) and says, per file, when its copy in use was read and what of the file on disk is refused.
   */
  checkAll(): FileStatus[] {
    let top: string[];
    try {
      top = readdirSync(this.directory).filter((name) => name.endsWith(".json")).sort();
    } catch {
      top = [];
    }
    const files = [...top, ...this.list("pages"), ...this.list("modals"), ...this.list("banners")];
    return files.flatMap((relativePath) => {
      const kind = kindOf(relativePath);
      if (!kind) return [];
      try {
        this.read(kind, relativePath);
      } catch {
        // Refused with no good copy: its problems are below.
      }
      const entry = this.entries.get(relativePath);
      return [{ file: `pages-config/${relativePath}`, kind, loadedAt: entry?.good?.loadedAt, problems: entry?.problems ?? [] }];
    });
  }

  list(folder: string): string[] {
    const listing = this.listings.get(folder);
    if (listing && this.current(listing.checkedAt)) return listing.files;
    const checkedAt = this.changes;
    let files: string[];
    try {
      files = readdirSync(path.join(this.directory, folder))
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => `${folder}/${name}`);
    } catch {
      files = [];
    }
    this.listings.set(folder, { files, checkedAt });
    return files;
  }

  private serve<T>(entry: Entry<T>): T {
    if (entry.good) return entry.good.value;
    throw new ConfigError(entry.problems);
  }
}

const SINGLE_FILES: Array<[ConfigKind, string]> = [
  ["site", "site.json"],
  ["flags", "flags.json"],
  ["widget", "widget.json"],
  ["recharges", "recharges.json"],
];
const FOLDERS: Array<[ConfigKind, string]> = [
  ["page", "pages"],
  ["modal", "modals"],
  ["banners", "banners"],
];

/**
 * Every problem of a whole config folder as its store reads it now: a file that is missing (the
 * four single files), is no JSON or fails its schema. A draft (app/lib/config/draft.server.ts) or a
 * published version (app/lib/config/live.server.ts) with any problem is refused whole, never
 * served half.
 */
export function folderProblems(store: ConfigStore): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const files: Array<[ConfigKind, string]> = [...SINGLE_FILES, ...FOLDERS.flatMap(([kind, folder]) => store.list(folder).map((file): [ConfigKind, string] => [kind, file]))];
  for (const [kind, file] of files) {
    if (!configFiles[kind].pattern.test(file)) continue;
    let found: unknown;
    try {
      found = store.read(kind, file);
    } catch {
      // Never valid: its problems are the store's, below.
      found = true;
    }
    if (found === undefined) problems.push({ file: `pages-config/${file}`, path: "", message: "no se encontró el archivo" });
    else problems.push(...store.problemsOf(file));
  }
  return problems;
}
