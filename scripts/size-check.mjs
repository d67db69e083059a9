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
 * Budgets in KB of gzip, ceilings (docs/performance.md "JavaScript per page"). Every page carries
 * React DOM and the router (about 83 KB), i18next and react-i18next (about 18 KB) and the chrome with
 * every block's view, about 119 KB in all; a page's texts come in its HTML. A form with conform and
 * its zod schema is about 37 KB more: the login, registration, recovery and checkout views and the
 * recharge and SIM modals load it on demand (app/components/on-demand.tsx), so their routes stay
 * under the first-script budget. The routes named in FORM_ROUTES still carry their form in the
 * page's first script; any other route, a new one included, gets the first-script budget.
 *
 * esbuild puts the modules shared by a different set of routes in chunks of their own: the studio's
 * routes, which share conform, zod and React with the others in other combinations, split those
 * chunks further and cost the form routes about 0.7 KB of gzip each (each chunk is compressed on
 * its own). FORM_BUDGET_KB took that in (162 → 164).
 *
 * The trust boundaries (docs/security.md) put a little in every page's first script: rich text
 * never draws a link the schemas refuse (the browser checks each href before drawing it), the
 * preview bar lists the scripts a draft would load, the shell drops a script of an origin not
 * allowed. The root grew 0.22 KB (119.44 → 119.66) and /centros-de-atencion, the largest
 * first-script page, 0.22 KB (124.99 → 125.21): FIRST_SCRIPT_BUDGET_KB took that in (125 → 126).
 *
 * Kept server HTML (app/components/static-html.tsx: the blocks, the footer and the side bar that
 * hydration skips, and the one listener that makes their links navigate in the app) and the root's
 * render-blocking expect link put 0.47 KB in every page's first script (the root 119.96 → 120.43);
 * /pide-recarga, the largest form route, went to 164.12 KB and /centros-de-atencion, the largest
 * first-script page, to 126.01 KB: FORM_BUDGET_KB (164 → 165) and FIRST_SCRIPT_BUDGET_KB (126 →
 * 127) took that in.
 *
 * The studio (/estudio, docs/studio.md) is a staff tool used on a computer, not a customer page:
 * its routes get STUDIO_BUDGET_KB. Its document editor carries react-jsonschema-form in its first
 * script (the form is its first screen); a document's validator loads when its form mounts.
 */
const FIRST_SCRIPT_BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 127);
const FORM_BUDGET_KB = 165;
const STUDIO_BUDGET_KB = 220;
const FORM_ROUTES = new Set([
  "routes/cambio-nir",
  "routes/cobertura",
  "routes/compatibilidad",
  "routes/completar-registro",
  "routes/confirmar-identidad",
  "routes/contacto",
  "routes/editar-perfil",
  "routes/factura",
  "routes/haz-tu-portabilidad",
  "routes/pide-recarga",
  "routes/r.$id",
  "routes/recurrente",
  "routes/reposicion-sim",
  "routes/sso",
]);
const budgetOf = (id) => (id.startsWith("routes/estudio.") ? STUDIO_BUDGET_KB : FORM_ROUTES.has(id) ? FORM_BUDGET_KB : FIRST_SCRIPT_BUDGET_KB);

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
  check(id, 34, routeFiles(chain), chain, budgetOf(id));
}

console.log(rows.join("\n"));
console.log(failed ? "Alguna ruta o página supera su presupuesto de JavaScript." : "Todas las rutas y páginas dentro de su presupuesto de JavaScript (gzip).");
process.exit(failed ? 1 : 0);
