// Build-size check: the JavaScript each route makes the browser load, gzip-compressed as served.
// Reads the Remix asset manifest, so it needs `npm run build` first. Exits 1 over budget.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "public/build");
const BUDGET_KB = Number(process.env.JS_BUDGET_KB ?? 100);

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

let failed = false;
const rows = [];
for (const id of Object.keys(manifest.routes)) {
  const files = new Set([`/build/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
  for (const route of routeChain(id)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const kb = bytes / 1024;
  const over = kb > BUDGET_KB;
  failed ||= over;
  rows.push(`${over ? "✗" : "✓"} ${id.padEnd(28)} ${kb.toFixed(1).padStart(6)} KB gzip (${files.size} archivos)`);
}
console.log(rows.join("\n"));
console.log(failed ? `Alguna ruta supera el presupuesto de ${BUDGET_KB} KB.` : `Todas las rutas dentro del presupuesto de ${BUDGET_KB} KB de JavaScript (gzip).`);
process.exit(failed ? 1 : 0);
