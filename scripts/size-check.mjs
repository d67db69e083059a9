// Build-size check: the JavaScript each route makes the browser load, gzip-compressed as served
// (a config page's is its route's: every block's view comes with the page). Reads the Remix asset
// manifest of the browser build, so it needs `npm run build` first. Exits 1 over budget.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "public/build");
/**
 * Budgets in KB of gzip: each the largest figure measured for its routes plus 2 KB
 * (docs/performance.md "JavaScript per page"). Every page carries React DOM and the router
 * (about 83 KB), i18next and react-i18next (about 18 KB) and the chrome with every block's view;
 * a page's texts come in its HTML, not in its JavaScript. The home page and the config pages of
 * the catch-all route, which share its route chain, measure 122.1 KB. A route with a form adds
 * conform's React half and its zod adapter, whose coercion brings classic zod (about 26 KB more
 * than the hand-written form hook on zod/mini did): /recargas (the catalogue and the recharge
 * modal) measures 162.6 KB, the other form routes 156.3–165.9 KB (/pago the most); routes
 * without a form 119.0–124.4 KB.
 */
const HOME_BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 124.1);
const FORM_BUDGET_KB = 167.9;
const RECHARGES_BUDGET_KB = 164.6;
const budgetOf = (id) =>
  id === "root" || id === "routes/_index" || id === "routes/$" ? HOME_BUDGET_KB : id === "routes/recargas" ? RECHARGES_BUDGET_KB : FORM_BUDGET_KB;

const manifestFile = readdirSync(buildDir).find((name) => /^manifest-.+\.js$/.test(name));
if (!manifestFile) {
  console.error("No hay build: ejecuta `npm run build` primero.");
  process.exit(1);
}
const manifestSource = readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));

const gzipSize = (url) => gzipSync(readFileSync(path.join(root, "public", url))).length;

function routeChain(id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) chain.unshift(route);
  return chain;
}

// With lazy route discovery (v3_lazyRouteDiscovery) the browser never downloads the full
// manifest file: the HTML inlines the manifest of the matched routes only, and other routes are
// discovered on navigation. That inline script is what is counted for each route.
const inlineManifestSize = (chain) =>
  gzipSync(
    `window.__remixManifest = ${JSON.stringify({ entry: manifest.entry, routes: Object.fromEntries(chain.map((route) => [route.id, route])), version: manifest.version, url: manifest.url }, null, 2)};`,
  ).length;

let failed = false;
const rows = [];
/** One row: ✓ or ✗, the name, the KB against the budget, what was counted. */
function check(name, width, files, chain, budget, note = "") {
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0) + inlineManifestSize(chain);
  const kb = bytes / 1024;
  const over = kb > budget;
  failed ||= over;
  rows.push(`${over ? "✗" : "✓"} ${name.padEnd(width)} ${kb.toFixed(2).padStart(6)} KB gzip de ${budget} (${files.size} archivos + manifiesto en línea)${note}`);
}

/** The files a route makes the browser load at once: the entry, and each route of its chain with its chunks. */
function routeFiles(chain) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

for (const id of Object.keys(manifest.routes)) {
  const chain = routeChain(id);
  check(id, 28, routeFiles(chain), chain, budgetOf(id));
}

console.log(rows.join("\n"));
console.log(failed ? "Alguna ruta o página supera su presupuesto de JavaScript." : "Todas las rutas y páginas dentro de su presupuesto de JavaScript (gzip).");
process.exit(failed ? 1 : 0);
