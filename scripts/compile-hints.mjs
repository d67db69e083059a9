// Part of `npm run build` (after `remix build`): marks the scripts a page runs as it loads with
// V8's explicit compile hint, `//# allFunctionsCalledOnLoad` on their first line (Chrome 136 and
// later; other engines read a comment). Chrome then compiles every function of those files while
// it downloads them, off the main thread, instead of compiling each one lazily on the main thread
// the first time it runs: evaluating the framework's chunk and hydrating stop paying for it.
//
// Marked: among the browser entry, the root route, every route module and the chunks each of them
// imports statically (what a page preloads, read from the build's manifest), the files of 16 KB
// and more (the framework's chunk, the root, the shared chunks of the chrome): a small file's few
// functions cost little to compile when they run, and each mark adds its bytes to the download.
// Not marked: the chunks only a dynamic import reaches (a form's code, a modal's), whose functions
// need not all run. Running it twice changes nothing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HINT = "//# allFunctionsCalledOnLoad\n";
export const MIN_BYTES = 16 * 1024;

/** The browser build's manifest (`window.__remixManifest = {…}`), parsed. */
export function readManifest(buildDir) {
  const file = readdirSync(buildDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${buildDir}: run remix build first`);
  const text = readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** The URLs (/build/…) of the modules a page loads up front: the entry, the routes, their static imports. */
export function loadTimeModules(manifest) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes)) {
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls];
}

/** Marks each load-time module of `minBytes` or more in `publicDir` (which holds `build/`); returns the files it changed. */
export function addCompileHints(publicDir, minBytes = MIN_BYTES) {
  const buildDir = path.join(publicDir, "build");
  const changed = [];
  for (const url of loadTimeModules(readManifest(buildDir))) {
    const file = path.join(publicDir, url);
    if (!existsSync(file)) throw new Error(`the manifest names ${url}, which the build does not have`);
    const source = readFileSync(file, "utf8");
    if (source.startsWith(HINT) || Buffer.byteLength(source) < minBytes) continue;
    writeFileSync(file, HINT + source);
    changed.push(file);
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public");
  const changed = addCompileHints(publicDir);
  process.stdout.write(`compile hints: ${changed.length} load-time scripts marked\n`);
}
