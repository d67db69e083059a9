/**
 * npm run config:check — validates pages-config/ against the schemas, app/routes and public/.
 * The config folder is --config-dir, else CONFIG_DIR (as the server reads it), else the
 * repository's pages-config; --public-dir and --routes-dir point elsewhere too (relative to the
 * working directory), which the tests use.
 *
 * --watch checks again a moment after every save in the config folder or public/ and prints the
 * problems or the OK line each time; it never exits on a bad file (Ctrl+C ends it).
 */
import { watch, type FSWatcher } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

// Loaded through require, not import: under tsx, zod's hundred-odd ESM files each cross the
// loader thread (~0.1 s of a one-second budget, measured); CommonJS loads them in-thread.
const require = createRequire(import.meta.url);
const { checkConfig } = require("../app/lib/config/check.server.ts") as typeof import("../app/lib/config/check.server");
const { formatProblem } = require("../app/lib/config/problems.ts") as typeof import("../app/lib/config/problems");
// The block types are the renderer's list; lib's check knows none of them.
const { blockKinds } = require("../app/render/blocks/kinds.server.ts") as typeof import("../app/render/blocks/kinds.server");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let flags: { "config-dir"?: string; "public-dir"?: string; "routes-dir"?: string; watch?: boolean };
try {
  flags = parseArgs({
    options: { "config-dir": { type: "string" }, "public-dir": { type: "string" }, "routes-dir": { type: "string" }, watch: { type: "boolean" } },
  }).values;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Uso: tsx scripts/config-check.ts [--config-dir <carpeta>] [--public-dir <carpeta>] [--routes-dir <carpeta>] [--watch]");
  process.exit(2);
}

const configDir = flags["config-dir"] ?? process.env.CONFIG_DIR;
const options = {
  configDir: configDir ? path.resolve(configDir) : path.join(root, "pages-config"),
  publicDir: flags["public-dir"] ? path.resolve(flags["public-dir"]) : path.join(root, "public"),
  routesDir: flags["routes-dir"] ? path.resolve(flags["routes-dir"]) : path.join(root, "app", "routes"),
};

/** One check, printed: each problem on its own line, or the OK line. Whether the config is valid. */
function report(): boolean {
  const started = performance.now();
  let result: ReturnType<typeof checkConfig>;
  try {
    result = checkConfig(options, blockKinds);
  } catch (error) {
    console.error(`✗ no se pudo revisar ${options.configDir}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  const elapsed = Math.round(performance.now() - started);
  const { problems, warnings, filesChecked } = result;
  // Warnings (a window already over, a slot left empty by its schedule) fail nothing.
  for (const warning of warnings) console.warn(`⚠ ${formatProblem(warning)}`);
  if (problems.length === 0) {
    console.log(`Configuración válida: ${filesChecked} archivos revisados en ${elapsed} ms.`);
    return true;
  }
  for (const problem of problems) console.error(`✗ ${formatProblem(problem)}`);
  console.error(`${problems.length} problema(s) en la configuración.`);
  return false;
}

if (!flags.watch) {
  if (!report()) process.exitCode = 1;
} else {
  watchAndReport();
}

/**
 * --watch: one watcher per folder (the config's and public/, whose files the config names), a
 * check 150 ms after the last change (an editor's save is several events). A folder that cannot be
 * watched (not there yet, removed) is tried again every second; the checks go on meanwhile.
 */
function watchAndReport() {
  const DEBOUNCE_MS = 150;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      console.log(`\n[${new Date().toLocaleTimeString("es-MX", { hour12: false })}] Revisando de nuevo…`);
      report();
    }, DEBOUNCE_MS);
  };
  const follow = (folder: string, ignore: (file: string) => boolean = () => false) => {
    let watcher: FSWatcher | undefined;
    const start = () => {
      try {
        watcher = watch(folder, { recursive: true }, (_event, file) => {
          if (!file || !ignore(String(file))) schedule();
        });
        watcher.on("error", () => {
          watcher?.close();
          schedule();
          setTimeout(start, 1000);
        });
      } catch {
        setTimeout(start, 1000);
      }
    };
    start();
  };
  // Watching first, checking second: a save made while the first check runs is not missed.
  follow(options.configDir);
  // public/build is the client build: rebuilding it is no edit of the config.
  follow(options.publicDir, (file) => file.split(path.sep)[0] === "build");
  console.log(`Vigilando ${options.configDir} (y ${options.publicDir}); cada vez que guardes se revisa de nuevo. Ctrl+C para salir.`);
  report();
}
