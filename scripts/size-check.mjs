// Build-size check: the JavaScript each route makes the browser load, gzip-compressed as served,
// then each config page's: its route's, plus the views of its blocks that load on demand.
// Reads the Remix asset manifest and the esbuild metafile of the browser build, so it needs
// `npm run build` first. Exits 1 over budget.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "public/build");
/**
 * Budgets in KB of gzip. The home page and the config pages of the catch-all route, which share its
 * route chain, have HOME_BUDGET_KB (the measured figure with the preview bar of the draft config
 * and the number-first block registered, plus 2 KB; docs/performance.md "JavaScript per page");
 * about 83 KB of it is React DOM and the router. A page of that chain that shows a block whose view
 * loads on demand (the site map, the legal text, the destinations, the home page's number-first
 * field) has ON_DEMAND_PAGE_BUDGET_KB: the chain plus that view, which only such a page downloads. A config page served by
 * a route of its own has that route's budget, with its on-demand views counted in. /recargas (the catalogue and the recharge modal, fully server-rendered) has 147 KB
 * (measured 144.9 KB with its config page, plus 2). Other routes 150 KB: the form screens carry the
 * form runtime, conform's React half with its zod adapter, whose coercion brings classic zod (about
 * 26 KB gzip more than the own hook on zod/mini did), and the account texts; they measure
 * 134–148 KB (/cambiate-a-bait the most, 147.9 KB), plus 2.
 */
const HOME_BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 102.3);
const ON_DEMAND_PAGE_BUDGET_KB = 103.7;
const FORM_BUDGET_KB = 150;
const RECHARGES_BUDGET_KB = 147;
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

// A block whose view loads on demand (app/render/blocks/lazy-view.tsx) is a lazily imported chunk
// whose entry point is a file of its block's folder; a page that shows the block loads it, and
// the chunks it imports, as it hydrates. Found in the metafile, by block type.
const metafile = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8"));
const urlOf = (output) => `/${path.relative(path.join(root, "public"), path.join(root, output)).split(path.sep).join("/")}`;
const typeOfFolder = (folder) => folder.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const onDemand = new Map();
for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
  const folder = /^app\/render\/blocks\/([^/]+)\//.exec(entryPoint ?? "")?.[1];
  if (folder) onDemand.set(typeOfFolder(folder), output);
}
/** An on-demand chunk and every chunk it imports statically, as URLs. */
function withStaticImports(output, into = new Set()) {
  if (into.has(urlOf(output))) return into;
  into.add(urlOf(output));
  for (const { path: imported, kind } of metafile.outputs[output].imports) if (kind === "import-statement") withStaticImports(imported, into);
  return into;
}

// Each config page with the route that serves it: a route file of the page's path, the index route
// for /, else the catch-all. `{product}` in a path is the brand's slug.
const configDir = path.join(root, "pages-config");
const readJson = (file) => JSON.parse(readFileSync(path.join(configDir, file), "utf8"));
const slug = readJson("site.json").brand?.slug ?? "";
const routeOfPath = (pathname) =>
  pathname === "/"
    ? "routes/_index"
    : (Object.values(manifest.routes).find((route) => route.parentId === "root" && !route.index && route.path === pathname.slice(1))?.id ?? "routes/$");
const pages = readdirSync(path.join(configDir, "pages"))
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => {
    const page = readJson(`pages/${name}`);
    return { name: `pages/${name}`, route: routeOfPath(page.path.replaceAll("{product}", slug)), blocks: page.blocks ?? [] };
  });
// A modal (`?modal=<name>`) opens over any page: measured over the home page.
const modals = readdirSync(path.join(configDir, "modals"))
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name: `modals/${name}`, route: "routes/_index", blocks: readJson(`modals/${name}`).blocks ?? [] }));

rows.push("Páginas de configuración: el JavaScript de su ruta más las vistas de sus bloques que se cargan al hidratarse.");
const width = Math.max(...[...pages, ...modals].map((page) => page.name.length));
for (const page of [...pages, ...modals]) {
  const chain = routeChain(page.route);
  const files = routeFiles(chain);
  const lazyTypes = [...new Set(page.blocks.map((block) => block.type))].filter((type) => onDemand.has(type)).sort();
  for (const type of lazyTypes) for (const file of withStaticImports(onDemand.get(type))) files.add(file);
  const budget = budgetOf(page.route) === HOME_BUDGET_KB && lazyTypes.length > 0 ? ON_DEMAND_PAGE_BUDGET_KB : budgetOf(page.route);
  check(page.name, width, files, chain, budget, ` — ${page.route}${lazyTypes.length > 0 ? ` + ${lazyTypes.join(", ")}` : ""}`);
}

console.log(rows.join("\n"));
console.log(failed ? "Alguna ruta o página supera su presupuesto de JavaScript." : "Todas las rutas y páginas dentro de su presupuesto de JavaScript (gzip).");
process.exit(failed ? 1 : 0);
