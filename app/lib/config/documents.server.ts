import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseBlocks, type BlockKinds } from "./blocks";
import { listJsonFiles } from "./check-files.server";
import { checkConfig, type CheckResult } from "./check.server";
import { configFiles, kindOf } from "./files";
import { ConfigError, problemFromJsonSyntax, problemsFromZod, type ConfigProblem } from "./problems";
import type { Documents } from "./versions.server";

/**
 * The config as documents (./versions.server.ts `Documents`): each config file of a folder under
 * its path relative to pages-config/ ("site.json", "pages/inicio.json", "banners/inicio.json") with
 * its parsed JSON, the `$schema` key kept as written. What the studio reads from pages-config/ as
 * deployed (the seed), checks before publishing, and writes back (npm run studio:export).
 */

/** Every config file of `dir` (the paths a kind of `configFiles` matches; other files are left out), in path order. */
export function readSeedDocuments(dir: string): Documents {
  const documents: Documents = {};
  for (const file of configPaths(dir)) {
    const source = readFileSync(path.join(dir, file), "utf8");
    try {
      documents[file] = JSON.parse(source) as unknown;
    } catch (error) {
      throw new ConfigError([problemFromJsonSyntax(`pages-config/${file}`, source, error)]);
    }
  }
  return documents;
}

/** What `writeDocuments` did, by path relative to the folder. */
export type WriteReport = { written: string[]; unchanged: string[]; removed: string[] };

/**
 * Writes `documents` into `dir` as the config files they are (2-space JSON and a final newline,
 * creating pages/, modals/ and banners/ as needed) and removes the config files of `dir` that are
 * not among them; other files are left alone. A file whose text would not change is not touched.
 *
 * Each file is replaced whole (written to a hidden temporary file beside it, flushed, renamed over
 * it): a reader sees a file before or after, never half of one. The folder as a whole is not
 * swapped: every new file is written before the first rename, so the set changes in the moment
 * the renames take, but a folder that is watched (the site's ConfigStore) or mounted (CONFIG_DIR
 * as a volume) must stay the folder it is. Throws, writing nothing, when a path is no config file's.
 */
export function writeDocuments(dir: string, documents: Documents): WriteReport {
  const texts = new Map<string, string>();
  for (const [file, value] of Object.entries(documents)) {
    if (!isConfigPath(file)) throw new Error(`«${file}» no es un archivo de configuración (site.json, pages/<nombre>.json…)`);
    texts.set(file, textOf(file, value));
  }
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const existing = configPaths(dir);
  const staged: Array<{ temporary: string; target: string }> = [];
  try {
    for (const [file, text] of [...texts].sort(([a], [b]) => compare(a, b))) {
      const target = path.join(dir, file);
      if (readIfThere(target) === text) {
        report.unchanged.push(file);
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
      writeDurably(temporary, text);
      staged.push({ temporary, target });
      report.written.push(file);
    }
  } catch (error) {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    throw error;
  }
  for (const { temporary, target } of staged) renameSync(temporary, target);
  for (const file of existing) {
    if (texts.has(file)) continue;
    unlinkSync(path.join(dir, file));
    report.removed.push(file);
  }
  for (const folder of new Set([...staged.map(({ target }) => path.dirname(target)), ...report.removed.map((file) => path.dirname(path.join(dir, file)))])) syncFolder(folder);
  return report;
}

/**
 * The problems of one document on its own: a path that is no config file's, or its kind's schema
 * (the `$schema` key left out, as the site reads it) and, for a page or a modal, each of its
 * blocks against the block types `kinds` (the renderer's list: lib knows none). Problems name the
 * file as `pages-config/<file>`, as config:check does.
 */
export function checkDocument(file: string, value: unknown, kinds: BlockKinds): ConfigProblem[] {
  const name = `pages-config/${file}`;
  const kind = isConfigPath(file) ? kindOf(file) : null;
  if (!kind) return [{ file: name, path: "", message: UNRECOGNISED }];
  const parsed = configFiles[kind].schema.safeParse(withoutSchemaKey(value));
  if (!parsed.success) return problemsFromZod(name, parsed.error);
  if (kind !== "page" && kind !== "modal") return [];
  return parseBlocks((parsed.data as { blocks: ReadonlyArray<{ type: string }> }).blocks, name, kinds).problems;
}

/** Where the whole-set checks look for the files and routes the config names; the repository's folders (from the working directory) by default. */
export type DocumentCheckOptions = { publicDir?: string; routesDir?: string; now?: number };

/**
 * Every check of npm run config:check over `documents` as a whole: each file against its schema
 * and its blocks, the four files that must be there, then links, files in public/, offers, flags
 * and modals named from one file and defined in another, and the schedules (their warnings fail
 * nothing). The documents are written to a temporary folder for it (checkConfig reads a folder),
 * removed after; a path that is no config file's is a problem of its own and is not written.
 */
export function checkDocuments(documents: Documents, kinds: BlockKinds, options: DocumentCheckOptions = {}): CheckResult {
  const unrecognised: ConfigProblem[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "bait-documents-"));
  try {
    for (const [file, value] of Object.entries(documents)) {
      if (!isConfigPath(file)) {
        unrecognised.push({ file: `pages-config/${file}`, path: "", message: UNRECOGNISED });
        continue;
      }
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeDurably(path.join(dir, file), textOf(file, value), false);
    }
    const result = checkConfig(
      {
        configDir: dir,
        publicDir: options.publicDir ?? path.join(process.cwd(), "public"),
        routesDir: options.routesDir ?? path.join(process.cwd(), "app", "routes"),
        now: options.now,
      },
      kinds,
    );
    const problems = [...unrecognised, ...result.problems].sort((a, b) => compare(a.file, b.file));
    return { ...result, problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The problems of `documents` as a whole (`checkDocuments` without its warnings): empty when they can be published. */
export function validateDocuments(documents: Documents, kinds: BlockKinds, options: DocumentCheckOptions = {}): ConfigProblem[] {
  return checkDocuments(documents, kinds, options).problems;
}

const UNRECOGNISED =
  "archivo no reconocido: los archivos válidos son site.json, flags.json, widget.json, recharges.json, " +
  "pages/<nombre>.json, modals/<nombre>.json y banners/<vista>.json (nombres en minúsculas, números y guiones)";

/** A path a kind of `configFiles` matches (their patterns allow no `..` nor any other folder). */
const isConfigPath = (file: string) => typeof file === "string" && kindOf(file) !== null;

/** The text of a config file: 2-space JSON and a final newline. */
function textOf(file: string, value: unknown): string {
  const json = JSON.stringify(value, null, 2) as string | undefined;
  if (json === undefined) throw new Error(`«${file}» no tiene un valor JSON`);
  return `${json}\n`;
}

/** The config files of `dir` (and of its subfolders), relative, with forward slashes, in path order. */
const configPaths = (dir: string): string[] => listJsonFiles(dir).filter(isConfigPath);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function writeDurably(file: string, text: string, sync = true) {
  const out = openSync(file, "w", 0o644);
  try {
    const buffer = Buffer.from(text, "utf8");
    for (let offset = 0; offset < buffer.length; ) offset += writeSync(out, buffer, offset, buffer.length - offset);
    if (sync) fsyncSync(out);
  } finally {
    closeSync(out);
  }
}

/** A rename or an unlink is durable once its folder is synced; best effort (not every system opens a folder). */
function syncFolder(folder: string) {
  try {
    const handle = openSync(folder, "r");
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
  } catch {
    // Not supported here.
  }
}

/**
 * A config file may name its JSON Schema (`"$schema": "../schemas/json/site.schema.json"`) for the
 * editor; the site ignores it (./store.server.ts reads files the same way).
 */
function withoutSchemaKey(json: unknown): unknown {
  if (typeof json !== "object" || json === null || Array.isArray(json) || !("$schema" in json)) return json;
  const { $schema: _schema, ...rest } = json as Record<string, unknown>;
  return rest;
}
