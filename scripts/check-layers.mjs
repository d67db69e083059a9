// npm run check:layers — the import-boundary check: every import of app/, schemas/, mocks/ and
// scripts/ is resolved to a file, and a file may import only its own layer or a lower one.
// No files may import each other in a circle, and a test helper keeps its file's layer as
// other code does. It also holds the house rule on size: no source file over MAX_LINES lines.
// Exits 1 with one line per wrong import, circle or file too long. `--root <dir>` checks another
// tree (the tests use it).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

/**
 * The layers, top to bottom: a file imports its own layer or the ones below it, never one above.
 * A file matched by several layers belongs to the lowest (a block's config schema lives in its
 * block's folder but is part of the config schema, so it sees only schemas). docs/architecture.md
 * "Layers" mirrors this table.
 */
export const LAYERS = [
  { name: "routes", files: ["app/routes/**", "app/root.tsx", "app/entry.*.tsx"] },
  { name: "render", files: ["app/render/**"] },
  { name: "features", files: ["app/features/**"] },
  { name: "components", files: ["app/components/**"] },
  { name: "upstream", files: ["app/upstream/**"] },
  // With the app-wide type declarations (the i18next keys, Remix's load context).
  { name: "lib", files: ["app/lib/**", "app/*.d.ts", "app/load-context.ts"] },
  { name: "schemas", files: ["schemas/**", "app/render/blocks/*/schema.ts"] },
];

/** Data that any layer may import. */
export const SHARED = ["locales/**", "app/styles/**"];

/**
 * Tests may import anything (mocks included); nothing else may import a test or its helpers.
 */
export const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/*.test.mjs", "**/*.test-helpers.ts", "tests/**"];

/**
 * Test helpers beside the code (`*.test-helpers.ts`) are shared by the tests of their folder and
 * keep its layer: they import their own layer or lower ones, never the mock upstream (a test
 * that needs it takes mocks/test-support.ts itself).
 */
export const HELPERS = ["**/*.test-helpers.ts"];

/** The folders whose imports are checked. Only app/ and schemas/ are layered; mocks/ and scripts/ are not. */
const SCANNED = ["app", "schemas", "mocks", "scripts"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/**
 * The house rule on size: a source file (ts, tsx, mjs, js) under these folders has at most
 * MAX_LINES lines; a longer one is split along its ideas. Tests (TESTS above) are left out: a
 * test file's length follows the facts it proves, and each test reads on its own. Generated
 * files are left out too: schemas/validators/*.cjs (npm run config:schemas, one line each) are
 * not source files here, and nothing else under these folders is generated.
 */
export const MAX_LINES = 450;
const SIZED = ["app", "server", "schemas", "mocks", "scripts"];

/** The lines of a text as `wc -l` and an editor count them: a last line without its newline counts too. */
const linesOf = (text) => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

/** One line per source file over MAX_LINES lines (tests left out). */
export function filesTooLong(root) {
  return SIZED.filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) => walk(root, dir))
    .filter((file) => !isTest(file))
    .map((file) => ({ file, lines: linesOf(readFileSync(path.join(root, file), "utf8")) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `✗ ${file}: ${lines} lines, over the limit of ${MAX_LINES} (split it along its ideas)`);
}
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];
const ALIASES = { "~/": "app/", "#schemas/": "schemas/", "#locales/": "locales/" };
const ORDER = LAYERS.map((layer) => layer.name).join(" → ");

/** A glob of the tables above as a regular expression: `**` any path, `*` any name. */
const globToRegExp = (glob) =>
  new RegExp(
    `^${glob
      .split("**")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*"))
      .join(".*")}$`,
  );
const matcher = (globs) => {
  const patterns = globs.map(globToRegExp);
  return (file) => patterns.some((pattern) => pattern.test(file));
};
const layerMatchers = LAYERS.map((layer, rank) => ({ name: layer.name, rank, matches: matcher(layer.files) }));
const isShared = matcher(SHARED);
const isTest = matcher(TESTS);
const isHelper = matcher(HELPERS);

/** The layer of a repository path (forward slashes), or undefined outside the layers. */
export const layerOf = (file) => layerMatchers.findLast((layer) => layer.matches(file));

const walk = (root, dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(root, file);
    return SOURCE.test(entry.name) ? [file] : [];
  });

const isFile = (root, file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile();

/** The repository path an import names, `null` for a package, undefined when no file answers. */
const resolve = (root, from, specifier) => {
  const bare = specifier.replace(/\?.*$/, "");
  const alias = Object.keys(ALIASES).find((prefix) => bare.startsWith(prefix));
  let base;
  if (alias) base = ALIASES[alias] + bare.slice(alias.length);
  else if (bare.startsWith(".")) base = path.posix.join(path.posix.dirname(from), bare);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((file) => isFile(root, file));
};

/** Why `from` may not import `to`, or undefined when it may. */
const ruleBroken = (from, to) => {
  if (isTest(from) && !isHelper(from)) return undefined;
  if (isTest(to) && !isHelper(from)) return "only tests may import a test file or a test helper";
  const source = layerOf(from);
  if (!source) return undefined;
  if (to.startsWith("mocks/")) return `${source.name} may not import mocks (the mock upstream is wired by server/index.ts, outside the app)`;
  if (isShared(to)) return undefined;
  const target = layerOf(to);
  if (!target) return `${source.name} may not import a file outside the layers (${ORDER})`;
  if (target.rank < source.rank) return `${source.name} may not import ${target.name} (${ORDER})`;
  return undefined;
};

/**
 * The circles of an import graph (Tarjan's strongly connected components): each a list of files
 * that reach one another, sorted, with a file importing itself as a circle of one.
 */
export function circlesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)));
    }
    if (low.get(file) !== index.get(file)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || graph.get(file)?.has(file)) circles.push(members.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * Checks the tree at `root`: the files scanned, the local imports resolved and one line per
 * wrong or unresolvable import, and one per import circle (tests left out).
 */
export function checkLayers(root) {
  const files = SCANNED.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) => walk(root, dir));
  let imports = 0;
  const violations = [];
  const graph = new Map();
  for (const from of files) {
    if (from.startsWith("app/") && !layerOf(from) && !isTest(from)) {
      violations.push(`✗ ${from}: in no layer (add it to LAYERS in scripts/check-layers.mjs)`);
      continue;
    }
    // TypeScript's own pre-parser: it sees every import form and no import written in a comment or a string.
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, from), "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const to = resolve(root, from, specifier);
      if (to === null) continue;
      if (to === undefined) {
        violations.push(`✗ ${from} → ${specifier}: no such file`);
        continue;
      }
      imports += 1;
      if (!isTest(from) && !isTest(to)) graph.set(from, (graph.get(from) ?? new Set()).add(to));
      const reason = ruleBroken(from, to);
      if (reason) violations.push(`✗ ${from} → ${to}: ${reason}`);
    }
  }
  for (const circle of circlesOf(graph)) {
    violations.push(`✗ ${circle.join(", ")}: import one another in a circle (one of them must not import the other)`);
  }
  violations.push(...filesTooLong(root));
  return { files: files.length, imports, violations };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = values.root ? path.resolve(values.root) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { files, imports, violations } = checkLayers(root);
  if (violations.length === 0) {
    console.log(`Layers respected: ${files} files, ${imports} imports checked; no source file over ${MAX_LINES} lines.`);
  } else {
    for (const violation of violations) console.error(violation);
    console.error(`${violations.length} problem(s): imports that break the layers, or files over ${MAX_LINES} lines.`);
    process.exitCode = 1;
  }
}
