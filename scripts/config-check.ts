/**
 * npm run config:check — validates pages-config/ against the schemas, app/routes and public/.
 * The folders default to the repository's; --config-dir, --public-dir and --routes-dir point
 * elsewhere (relative to the working directory), which the tests use.
 */
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

let flags: { "config-dir"?: string; "public-dir"?: string; "routes-dir"?: string };
try {
  flags = parseArgs({
    options: { "config-dir": { type: "string" }, "public-dir": { type: "string" }, "routes-dir": { type: "string" } },
  }).values;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Uso: tsx scripts/config-check.ts [--config-dir <carpeta>] [--public-dir <carpeta>] [--routes-dir <carpeta>]");
  process.exit(2);
}

const started = performance.now();
const { problems, warnings, filesChecked } = checkConfig(
  {
    configDir: flags["config-dir"] ? path.resolve(flags["config-dir"]) : path.join(root, "pages-config"),
    publicDir: flags["public-dir"] ? path.resolve(flags["public-dir"]) : path.join(root, "public"),
    routesDir: flags["routes-dir"] ? path.resolve(flags["routes-dir"]) : path.join(root, "app", "routes"),
  },
  blockKinds,
);
const elapsed = Math.round(performance.now() - started);

// Warnings (a window already over, a slot left empty by its schedule) fail nothing.
for (const warning of warnings) console.warn(`⚠ ${formatProblem(warning)}`);
if (problems.length === 0) {
  console.log(`Configuración válida: ${filesChecked} archivos revisados en ${elapsed} ms.`);
} else {
  for (const problem of problems) console.error(`✗ ${formatProblem(problem)}`);
  console.error(`${problems.length} problema(s) en la configuración.`);
  process.exitCode = 1;
}
