// Part of `npm run build` (last, after the compile hints change the files): writes beside each
// script and stylesheet of the browser build (public/build) its Brotli (quality 11) and gzip
// (level 9) copies, `file.js.br` and `file.js.gz`. The server sends them as they are
// (`precompressedFiles` in server/compression.ts, which lists the same extensions) instead of compressing the same immutable bytes again for every
// visitor, at the fast levels a request can afford (Brotli 4, gzip 6): smaller files for the
// visitor, no compression CPU for the server. Files under 1 KB are left alone, as the compression
// middleware leaves them. Running it twice writes the same copies.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The extensions that get compressed copies: what the browser build is made of. */
export const COMPRESSED_EXTENSIONS = new Set([".js", ".css"]);
/** Below this size a compressed copy saves less than its headers cost (compression's own threshold). */
export const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Writes the .br and .gz copy of each script and stylesheet of `buildDir`; returns the files compressed. */
export function compressBuild(buildDir, minBytes = MIN_BYTES) {
  const compressed = [];
  for (const file of filesUnder(buildDir)) {
    if (!COMPRESSED_EXTENSIONS.has(path.extname(file)) || statSync(file).size < minBytes) continue;
    const bytes = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    compressed.push(file);
  }
  return compressed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "build");
  const compressed = compressBuild(buildDir);
  process.stdout.write(`precompressed: ${compressed.length} scripts and stylesheets (.br, .gz)\n`);
}
