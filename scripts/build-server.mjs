// The production server, compiled (a step of `npm run build`, after `remix build`): server/index.ts
// and server/tracing.ts, with what they import from app/, schemas/, locales/ and mocks/, bundled
// by esbuild into build/server.js and build/tracing.js; the packages stay in node_modules. The
// mock world is a chunk of its own (build/server-chunks/), loaded only when mocks are on. `npm
// start`, the image and the suite run them with plain Node: no TypeScript loader at run time, a
// start about 1.1 s of CPU shorter (docs/performance.md "Starting").
//
// build/server.js sits one folder below the app's, as server/index.ts does, so both find the app's
// folder (and in it build/index.js, the Remix build) the same way. `npm run dev` still runs
// server/index.ts through tsx.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A bare specifier is a package: left to Node, from node_modules. The app's aliases (~/, #schemas/, #locales/) are bundled. */
const packagesExternal = {
  name: "packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./~#]/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** Bundles into `outdir` (build/ in `appRoot` by default), its chunks from an earlier build removed first. */
export async function buildServer({ appRoot = root, outdir = path.join(appRoot, "build") } = {}) {
  rmSync(path.join(outdir, "server-chunks"), { recursive: true, force: true });
  return esbuild.build({
    absWorkingDir: appRoot,
    entryPoints: { server: "server/index.ts", tracing: "server/tracing.ts" },
    outdir,
    chunkNames: "server-chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: "tsconfig.json",
    plugins: [packagesExternal],
    logLevel: "warning",
    metafile: true,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  process.stdout.write("server: build/server.js, build/tracing.js\n");
}
