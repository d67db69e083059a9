import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type * as z from "zod";
import { configFiles, type ConfigKind, type ConfigOf } from "./files";
import { ConfigError, formatProblem, problemFromJsonSyntax, problemsFromZod, type ConfigProblem } from "./problems";

type Entry<T> = {
  /** mtime and size of the version last read: a change of either means read again. */
  stamp: string;
  /** The last valid version: served while a newer edit is invalid. */
  good?: { value: T; stamp: string };
  problems: ConfigProblem[];
};

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
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, problems: problemsFromZod(file, parsed.error) };
  return { ok: true, value: parsed.data };
}

/**
 * The config as the running site sees it. Each read checks the file's mtime and size (a stat,
 * microseconds) so a marketer's edit shows on the next request, with no restart and no watcher
 * to leak. An invalid edit is logged once and the last valid version keeps being served.
 */
export class ConfigStore {
  private entries = new Map<string, Entry<unknown>>();

  constructor(
    readonly directory: string,
    private log: (message: string) => void = (message) => console.error(message),
  ) {}

  get<K extends ConfigKind>(kind: K, relativePath: string): ConfigOf<K> {
    const result = this.read(kind, relativePath);
    if (result === undefined) throw new ConfigError([{ file: `pages-config/${relativePath}`, path: "", message: "no se encontró el archivo" }]);
    return result;
  }

  /** Like get, but a missing file is `undefined` (banners of a view without banners). */
  read<K extends ConfigKind>(kind: K, relativePath: string): ConfigOf<K> | undefined {
    const fullPath = path.join(this.directory, relativePath);
    let stamp: string;
    try {
      const stat = statSync(fullPath);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      this.entries.delete(relativePath);
      return undefined;
    }

    const entry = this.entries.get(relativePath) as Entry<ConfigOf<K>> | undefined;
    if (entry && entry.stamp === stamp) return this.serve(entry);

    const result = readConfigFile(this.directory, relativePath, configFiles[kind].schema);
    const next: Entry<ConfigOf<K>> = { stamp, good: entry?.good, problems: [] };
    if (result.ok) {
      next.good = { value: result.value as ConfigOf<K>, stamp };
    } else {
      next.problems = result.problems;
      const keeping = next.good ? "se sigue usando la última versión válida" : "no hay versión válida anterior";
      this.log(`[config] cambio rechazado (${keeping}):\n  ${result.problems.map(formatProblem).join("\n  ")}`);
    }
    this.entries.set(relativePath, next as Entry<unknown>);
    return this.serve(next);
  }

  /** The problems of the version on disk, if it was rejected. */
  problemsOf(relativePath: string): ConfigProblem[] {
    return this.entries.get(relativePath)?.problems ?? [];
  }

  list(folder: string): string[] {
    try {
      return readdirSync(path.join(this.directory, folder))
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  }

  private serve<T>(entry: Entry<T>): T {
    if (entry.good) return entry.good.value;
    throw new ConfigError(entry.problems);
  }
}
