/**
 * npm run studio:export — writes the studio's latest published version (docs/studio.md), or the
 * one --version <n> names (an earlier, good one after a bad publish), into the config folder, to
 * commit it or to deploy it as the new seed: --dir <carpeta>, else CONFIG_DIR (as the server reads
 * it), else the repository's pages-config/. The config files of the folder that the version does
 * not have are removed; other files are left alone.
 *
 * The versions are read where the server keeps them, from the same environment: Redis with
 * REDIS_URL, otherwise the state's journal under DATA_DIR (read as it is, beside a running server
 * that holds it). Without either the server keeps them in its memory, out of this command's reach:
 * it says so and exits 1. With nothing published yet it says so, writes nothing and exits 0.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { writeDocuments, type WriteReport } from "../app/lib/config/documents.server";
import { versionStore, type VersionSummary } from "../app/lib/config/versions.server";
import { readFileState } from "../app/lib/store/file-state.server";
import { redisState } from "../app/lib/store/shared-state.server";
import type { SharedState } from "../app/lib/store/types";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type ExportOutcome = { head: 0 } | { head: number; summary: VersionSummary; report: WriteReport };

/**
 * Writes the latest version published on `state` (or version `number`) into `dir`; `{ head: 0 }`,
 * writing nothing, when none was published. Throws when version `number` is not there.
 */
export async function exportPublished(state: SharedState, dir: string, number?: number): Promise<ExportOutcome> {
  // The seed is never read here: a version is read whole from the state.
  const versions = versionStore(state, () => ({}));
  const head = await versions.head();
  if (head === 0) return { head: 0 };
  const version = await versions.get(number ?? head);
  if (!version) throw new Error(`no hay una versión ${number ?? head}: la última publicada es la ${head}`);
  const { documents, diff: _diff, ...summary } = version;
  return { head, summary, report: writeDocuments(dir, documents) };
}

/** The state the server keeps the studio's versions in, from its environment (and where, as "Leído …" prints it), or null when that is its memory. */
export function deploymentState(env: Record<string, string | undefined>): { state: SharedState; source: string } | null {
  if (env.REDIS_URL) return { state: redisState(env.REDIS_URL), source: "de Redis (REDIS_URL)" };
  if (env.DATA_DIR) return { state: readFileState(env.DATA_DIR), source: `del estado en disco de DATA_DIR (${path.resolve(env.DATA_DIR)})` };
  return null;
}

/** What the command prints for an outcome, line by line. */
export function describeOutcome(outcome: ExportOutcome, dir: string): string[] {
  if (outcome.head === 0 || !("summary" in outcome)) return [`Todavía no hay ninguna versión publicada en el estudio: no se escribió nada en ${dir}.`];
  const { summary, report } = outcome;
  const note = summary.note ? ` («${summary.note}»)` : "";
  const restored = summary.restoredFrom !== null ? `, que restauró la versión ${summary.restoredFrom}` : "";
  const latest = summary.number === outcome.head ? "" : ` (la última publicada es la ${outcome.head})`;
  const lines = [`Versión ${summary.number}${latest}, publicada por ${summary.author} el ${summary.publishedAt}${note}${restored}, en ${dir}:`];
  if (report.written.length === 0 && report.removed.length === 0) {
    lines.push(`  La carpeta ya tenía esta versión: ningún archivo cambió (${report.unchanged.length} revisados).`);
    return lines;
  }
  for (const file of report.written) lines.push(`  escrito    ${file}`);
  for (const file of report.removed) lines.push(`  eliminado  ${file}`);
  lines.push(`  ${report.written.length} escrito(s), ${report.removed.length} eliminado(s), ${report.unchanged.length} sin cambios.`);
  return lines;
}

async function main() {
  const usage = "Uso: npm run studio:export -- [--dir <carpeta>] [--version <número>]";
  let flags: { dir?: string; version?: string };
  try {
    flags = parseArgs({ options: { dir: { type: "string" }, version: { type: "string" } } }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  if (flags.version !== undefined && !/^[1-9]\d{0,8}$/.test(flags.version)) {
    process.stderr.write(`--version: debe ser el número de una versión publicada, desde 1 (se recibió "${flags.version}")\n${usage}\n`);
    return 2;
  }
  const number = flags.version === undefined ? undefined : Number(flags.version);
  const dir = path.resolve(flags.dir ?? process.env.CONFIG_DIR ?? path.join(root, "pages-config"));
  const found = deploymentState(process.env);
  if (!found) {
    process.stderr.write(
      "El estudio guarda sus versiones publicadas en el estado compartido del servidor: en Redis (REDIS_URL) " +
        "o en disco (DATA_DIR). Sin ninguna de las dos, el servidor las tiene sólo en su memoria y este comando no puede leerlas.\n" +
        "Ejecútalo con el mismo REDIS_URL o DATA_DIR que el servidor.\n",
    );
    return 1;
  }
  try {
    const outcome = await exportPublished(found.state, dir, number);
    process.stdout.write(`Leído ${found.source}.\n${describeOutcome(outcome, dir).join("\n")}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`No se pudo exportar la versión publicada: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await found.state.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
