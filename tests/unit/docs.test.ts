import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs tell the truth in the ways a machine can check (docs/README.md "Keeping them true"): every file
 * they name exists, every environment variable of the environment table (docs/configuration.md
 * "Environment") is read by the server's code and every one the server's code reads is in the table, every `npm run` script they name exists,
 * and every page path they name is a route, a config page, a legacy redirect or one of the
 * server's own paths.
 *
 * What is checked comes from the docs themselves: a file renamed in the code and in the docs is
 * the only edit needed. A failure names the doc, the line and what it names.
 */
const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const DOCS = ["README.md", ...readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];

/** Every file of the repository (not dependencies, builds or outputs), as a path from the root. */
const SKIPPED = new Set(["node_modules", ".git", "build", "public/build", "screenshots", "test-results", "playwright-report", "bench-results", "data", ".cache"]);
function walk(folder = ""): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (SKIPPED.has(file)) return [];
    return entry.isDirectory() ? [`${file}/`, ...walk(file)] : [file];
  });
}
const FILES = walk();

/** Each line of a doc with its number, for messages that point at the line. */
const linesOf = (doc: string) => read(doc).split("\n").map((text, index) => ({ doc, line: index + 1, text }));
const ALL_LINES = DOCS.flatMap(linesOf);
const where = ({ doc, line }: { doc: string; line: number }) => `${doc}:${line}`;

// --- Files -------------------------------------------------------------------------------------

/** The repository's top-level folders and files a doc may name from the root. */
const TOP = ["app", "schemas", "scripts", "mocks", "tests", "docs", "locales", "pages-config", "public", "deploy", "server", ".ci", ".vscode"];
const ROOT_FILES = /^(?:README\.md|package(?:-lock)?\.json|server\.mjs|remix\.config\.js|playwright\.config\.ts|vitest\.config\.ts|tsconfig\.json|eslint\.config\.js)$/;
const FILE_EXTENSION = /\.(?:ts|tsx|mjs|js|json|md|conf|css|pdf|svg|yml|yaml)$/;

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`. */
function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  return match[1]!.split(",").flatMap((choice) => expandBraces(pattern.slice(0, match.index) + choice.trim() + pattern.slice(match.index + match[0].length)));
}

/** A path with `*` or a `<placeholder>` matches any run of characters within one segment. */
function toRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|<[^>]+>|\{[a-zA-Z]+\})/)
    .map((part, index) => (index % 2 === 1 ? "[^/]*" : part.replace(/[.+?^$()[\]\\|{}]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/** Outputs the docs may name that a fresh clone does not have yet (the build, the bench's results). */
const GENERATED = /^(?:public\/build|build|bench-results|screenshots|data)(?:\/|$)/;

/** Whether a path named from the root (or, with `suffix`, the end of a path) matches a file or folder. */
function exists(named: string, suffix = false): boolean {
  if (GENERATED.test(named)) return true;
  return expandBraces(named).every((one) => {
    const pattern = one.replace(/\/$/, "");
    if (!/[*<{]/.test(pattern)) {
      if (!suffix) return existsSync(path.join(root, pattern));
      return FILES.some((file) => file.replace(/\/$/, "") === pattern || file.replace(/\/$/, "").endsWith(`/${pattern}`));
    }
    const regExp = toRegExp(pattern);
    const suffixRegExp = new RegExp(`(?:^|/)${regExp.source.slice(1)}`);
    return FILES.some((file) => (suffix ? suffixRegExp : regExp).test(file.replace(/\/$/, "")));
  });
}

/** The files a line names: repository paths anywhere, bare file names in code spans, and relative links. */
function filesNamed(doc: string, text: string): { named: string; suffix: boolean }[] {
  const found: { named: string; suffix: boolean }[] = [];
  // A path from the root, in prose or code: app/lib/env.server.ts, docs/config.md, tests/e2e/…
  const fromRoot = new RegExp(`(?<![\\w./~:#@-])(?:${TOP.map((top) => top.replace(".", "\\.")).join("|")})/[\\w.*{},<>/-]*`, "g");
  for (const match of text.matchAll(fromRoot)) {
    const named = match[0].replace(/[.,]+$/, "");
    if (named.includes("…") || /\/\.\.\//.test(named)) continue;
    found.push({ named, suffix: false });
  }
  // In a code span: a partial path or a bare file name (`ledger.server.ts`, `core/line.server.ts`, `site.json`).
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    const named = span!.trim();
    if (/\s|…|:\/\/|^[/.~@#?]|^[A-Z_]+=/.test(named) || !FILE_EXTENSION.test(named)) continue;
    if (new RegExp(`^(?:${TOP.join("|")})/`).test(named)) continue; // checked above
    if (ROOT_FILES.test(named)) found.push({ named, suffix: false });
    else found.push({ named, suffix: true });
  }
  // A relative Markdown link: [accounts.md](accounts.md), [x](../README.md#anchor).
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target!) || target!.startsWith("/")) continue;
    found.push({ named: path.posix.normalize(path.posix.join(path.posix.dirname(doc), target!)), suffix: false });
  }
  return found;
}

// --- Environment variables ---------------------------------------------------------------------

const isTest = (file: string) => /\.test\.(?:ts|tsx|mjs)$|\.test-helpers\.ts$|(?:^|\/)test-support\.ts$/.test(file);
const isCode = (file: string) => /\.(?:ts|tsx|mjs|js)$/.test(file) && !isTest(file);

/**
 * The code that runs in the server's process: app/, mocks/, server.mjs and server/, and the
 * launcher and the middleware server.mjs loads from scripts/. The other scripts are tools (bench,
 * size check, audit) whose variables their own docs describe.
 */
function serverCode(): string[] {
  const serverEntry = existsSync(path.join(root, "server.mjs")) ? read("server.mjs") : "";
  const loadedScripts = [...serverEntry.matchAll(/["']\.\/(scripts\/[\w./-]+\.m?[jt]s)["']/g)].map(([, file]) => file!);
  return [
    ...FILES.filter((file) => /^(?:app|mocks|server)\//.test(file) && isCode(file)),
    ...["server.mjs", "scripts/start.mjs", ...loadedScripts].filter((file) => existsSync(path.join(root, file))),
  ];
}

/** Every environment variable the server's code reads: `process.env.X`, `env.X`, `{ X } = process.env` and the all-caps keys of an environment schema. */
function variablesRead(): Map<string, string> {
  const read_ = new Map<string, string>();
  for (const file of serverCode()) {
    const source = read(file);
    const add = (name: string) => read_.has(name) || read_.set(name, file);
    for (const [, name] of source.matchAll(/\b(?:process\.)?env(?:\.|\[["'])([A-Z][A-Z0-9_]+)\b/g)) add(name!);
    for (const [, names] of source.matchAll(/\{([^}]*)\}\s*=\s*process\.env\b/g)) for (const [name] of names!.matchAll(/\b[A-Z][A-Z0-9_]+\b/g)) add(name);
    // An environment schema's fields: `  UPSTREAM_TIMEOUT_MS: z.coerce…`.
    for (const [, name] of source.matchAll(/^\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):\s*(?:z\.|booleanString)/gm)) add(name!);
  }
  return read_;
}

/** The doc that holds the environment table, under a heading "Environment". */
const ENV_DOC = "docs/configuration.md";

/** The environment table: the variables of its first column, patterns (`UPSTREAM_<NAME>_URL`) as regular expressions. */
function environmentTable(): { names: string[]; line: string }[] {
  const doc = read(ENV_DOC).split("\n");
  const start = doc.findIndex((text) => /^#+\s+Environment\s*$/.test(text));
  expect(start, `${ENV_DOC} has an 'Environment' section`).toBeGreaterThan(-1);
  const rows: { names: string[]; line: string }[] = [];
  for (let index = start + 1; index < doc.length && !/^#/.test(doc[index]!); index++) {
    const text = doc[index]!;
    if (!text.startsWith("|") || /^\|\s*(?:variable|---)/.test(text)) continue;
    const first = text.split("|")[1]!;
    rows.push({ names: [...first.matchAll(/`([A-Z][A-Z0-9_<>]+)`/g)].map(([, name]) => name!), line: `${ENV_DOC}:${index + 1}` });
  }
  return rows;
}

/** The upstream names the row `UPSTREAM_<NAME>_URL` lists (CORE, CONN…): each one a variable of its own. */
function tableVariables(): { name: string; line: string }[] {
  const doc = read(ENV_DOC).split("\n");
  return environmentTable().flatMap(({ names, line }) =>
    names.flatMap((name) => {
      if (!name.includes("<")) return [{ name, line }];
      const row = doc[Number(line.split(":")[1]) - 1]!;
      const listed = [...row.split("|")[3]!.matchAll(/\b([A-Z][A-Z_]*[A-Z])\b/g)].map(([, word]) => word!).filter((word) => word.length > 1);
      return listed.filter((word) => !/^(?:URL|CDN|JSON|SMS)$|UPSTREAM/.test(word)).map((word) => ({ name: name.replace(/<[^>]+>/, word), line }));
    }),
  );
}

// --- Scripts and routes ------------------------------------------------------------------------

const SCRIPTS = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);

/** The page paths the site answers: route modules, config pages, legacy redirects, the server's own paths. */
function sitePaths(): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const file of FILES.filter((file) => /^app\/routes\/[^/]+\.tsx?$/.test(file) && !isTest(file))) {
    const name = path.basename(file).replace(/\.tsx?$/, "");
    if (name === "$") continue; // the config pages' catch-all, listed from the config below
    const segments = name === "_index" ? [] : name.split(".").filter((segment) => !segment.startsWith("_")).map((segment) => segment.replace(/_$/, ""));
    // A dynamic segment (`locales.$file`) answers any value there.
    if (segments.some((segment) => segment.startsWith("$"))) patterns.push(new RegExp(`^/${segments.map((segment) => (segment.startsWith("$") ? "[^/]+" : segment)).join("/")}$`));
    else exact.add(`/${segments.join("/")}`);
  }
  const site = JSON.parse(read("pages-config/site.json")) as { brand: { slug: string }; redirects?: { from: string }[] };
  for (const file of FILES.filter((file) => /^pages-config\/pages\/[^/]+\.json$/.test(file))) {
    const page = JSON.parse(read(file)) as { path?: string };
    if (page.path) exact.add(page.path.replace("{product}", site.brand.slug));
  }
  for (const redirect of site.redirects ?? []) exact.add(redirect.from);
  // The server's own paths ("/healthz", "/__mocks/sso/*"), as its code writes them.
  for (const file of serverCode()) {
    for (const [, literal] of read(file).matchAll(/["'](\/[\w./*-]+)["']/g)) {
      if (literal!.includes("*")) patterns.push(new RegExp(`^${literal!.replace(/[.+?^$()[\]\\|{}]/g, "\\$&").replace(/\*/g, ".*")}$`));
      else exact.add(literal!);
    }
  }
  return { exact, patterns };
}

/** Paths in code spans that are someone else's, not the site's (an upstream's or the SSO server's), each with its reason. */
const NOT_OURS: Record<string, string> = {
  "/cuenta/contrasena": "the SSO server's page, under SSO_SERVER_URL",
  "/cuenta/telefono": "the SSO server's page, under SSO_SERVER_URL",
  "/cuenta/eliminar": "the SSO server's page, under SSO_SERVER_URL",
  "/pagar-factura": "the postpaid portal's path, inside its frame",
  "/proc": "the operating system's process files the bench reads, not a page",
};

/** The page paths a line names in code spans: `/recargas`, `/pago?metodo=tarjeta`, `/home`. */
function pathsNamed(text: string): string[] {
  return [...text.matchAll(/`(\/[^`\s]*)`/g)]
    .map(([, span]) => span!.replace(/[?#].*$/, ""))
    .filter((named) => /^\/(?:[a-z0-9_][\w.-]*(?:\/[\w.-]+)*\/?)?$/.test(named) && !/^\/(?:usr|etc|tmp|docs|build|images)\//.test(named) && !(named in NOT_OURS));
}

// --- The developer loop ------------------------------------------------------------------------

/** The folders outside app/ that the app's own modules import (`#schemas/…`, `../../locales/…`): a save there changes the build. */
function foldersTheAppImports(): string[] {
  const aliases = (JSON.parse(read("tsconfig.json")) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  const folders = new Set<string>();
  for (const file of FILES.filter((file) => file.startsWith("app/") && isCode(file))) {
    for (const [, specifier] of read(file).matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const alias = Object.entries(aliases).find(([pattern]) => specifier!.startsWith(pattern.replace("*", "")));
      const target = alias ? path.posix.normalize(alias[1][0]!.replace("*", specifier!.slice(alias[0].length - 1))) : specifier!.startsWith(".") ? path.posix.join(path.posix.dirname(file), specifier!) : undefined;
      const top = target?.split("/")[0];
      if (top && top !== "app" && existsSync(path.join(root, top)) && !existsSync(path.join(root, `${top}.ts`))) folders.add(top);
    }
  }
  return [...folders].sort();
}

// --- The checks --------------------------------------------------------------------------------

describe("the docs tell the truth", () => {
  it("reads the README and every page under docs/, and finds what they name", () => {
    expect(DOCS.length).toBeGreaterThan(2);
    // A pattern that stopped matching would pass every check below without checking anything.
    expect(ALL_LINES.flatMap((line) => filesNamed(line.doc, line.text)).length).toBeGreaterThan(200);
    expect(tableVariables().length).toBeGreaterThan(20);
    expect(variablesRead().size).toBeGreaterThan(20);
    expect(ALL_LINES.flatMap((line) => pathsNamed(line.text)).length).toBeGreaterThan(100);
  });

  it("names only files and folders that exist", () => {
    const missing = ALL_LINES.flatMap((line) => filesNamed(line.doc, line.text).filter(({ named, suffix }) => !exists(named, suffix)).map(({ named }) => `${where(line)}: ${named}`));
    expect(missing, "files the docs name that are not in the repository").toEqual([]);
  });

  it("lists in the environment table only variables the server reads", () => {
    const readVariables = variablesRead();
    const unread = tableVariables().filter(({ name }) => !readVariables.has(name)).map(({ name, line }) => `${line}: ${name}`);
    expect(unread, "variables in the table that no server code reads").toEqual([]);
  });

  it("lists in the environment table every variable the server reads", () => {
    const listed = new Set(tableVariables().map(({ name }) => name));
    const unlisted = [...variablesRead()].filter(([name]) => !listed.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(unlisted, `variables the server reads that ${ENV_DOC}'s environment table does not list`).toEqual([]);
  });

  it("names only npm scripts that exist", () => {
    const builtIn = new Set(["start", "test", "ci", "install", "run"]);
    const missing = ALL_LINES.flatMap((line) =>
      [...line.text.matchAll(/\bnpm (run |run-script )?([\w:-]+)/g)]
        .map(([, run, name]) => ({ name: name!, run: Boolean(run) }))
        .filter(({ name, run }) => (run ? !SCRIPTS.includes(name) : !builtIn.has(name) && !SCRIPTS.includes(name)))
        .map(({ name }) => `${where(line)}: npm run ${name}`),
    );
    expect(missing, "npm scripts the docs name that package.json does not have").toEqual([]);
  });

  it("npm run dev rebuilds on a save of every folder the app imports (docs/architecture.md \"Working on a page\")", async () => {
    const { default: config } = (await import("../../remix.config.js")) as { default: { watchPaths?: string[] } };
    const imported = foldersTheAppImports();
    expect(imported).toContain("schemas");
    expect(imported.filter((folder) => !(config.watchPaths ?? []).includes(folder)), "folders the app imports that remix.config.js's watchPaths leaves out").toEqual([]);
  });

  it("names only page paths the site answers", () => {
    const { exact, patterns } = sitePaths();
    const answered = (named: string) => exact.has(named) || exact.has(named.replace(/\/$/, "")) || patterns.some((pattern) => pattern.test(named));
    const missing = ALL_LINES.flatMap((line) => pathsNamed(line.text).filter((named) => !answered(named)).map((named) => `${where(line)}: ${named}`));
    expect(missing, "paths the docs name that are no route, config page, redirect or server path").toEqual([]);
  });
});
