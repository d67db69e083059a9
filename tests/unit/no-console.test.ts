import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Server code logs through pino only (app/lib/log.server.ts; docs/operations.md "Observability"): a console
 * call writes plain text past the JSON escaping and the redaction. This reads every file that runs
 * in the server process and lists each use of `console` (found in the syntax tree, so a comment
 * or a string that mentions it does not count).
 *
 * Scanned: app's *.server.ts(x) (entry.server.tsx among them), every non-test module of
 * app/upstream and app/lib (but for browser code: *.browser.ts, the React hooks use-*.ts and
 * .tsx), the mock world (mocks/**, but for *.browser.ts and the tests' support) and the server (server/**).
 * Browser code (app/components, app/features' views) may use the browser's console.
 */
const root = path.resolve(__dirname, "../..");

/** Files that may still use the console, each with its reason. */
const EXCEPTIONS: Record<string, string> = {};

const isTest = (file: string) => /\.test\.(ts|tsx|mjs)$|\.test-helpers\.ts$/.test(file) || file === "mocks/test-support.ts";
const isBrowser = (file: string) => /\.browser\.tsx?$/.test(file);

function filesUnder(folder: string): string[] {
  return (readdirSync(path.join(root, folder), { recursive: true }) as string[]).map((file) => `${folder}/${file.split(path.sep).join("/")}`);
}

function serverFiles(): string[] {
  const app = filesUnder("app").filter((file) => !isTest(file) && !isBrowser(file));
  const scanned = new Set([
    ...app.filter((file) => /\.server\.tsx?$/.test(file)),
    ...app.filter((file) => file.startsWith("app/upstream/") && /\.ts$/.test(file)),
    ...app.filter((file) => file.startsWith("app/lib/") && /\.ts$/.test(file) && !/(^|\/)use-[^/]*\.ts$/.test(file)),
    ...filesUnder("mocks").filter((file) => /\.ts$/.test(file) && !isTest(file) && !isBrowser(file)),
    ...filesUnder("app/lib").filter((file) => file.endsWith(".mjs") && !isTest(file)),
    // The server (its express app and middleware) and its launcher (the CLI scripts beside it print to a terminal on purpose).
    ...filesUnder("server").filter((file) => /\.ts$/.test(file) && !isTest(file)),
    "scripts/start.mjs",
  ]);
  return [...scanned].filter((file) => !(file in EXCEPTIONS)).sort();
}

/** Each `console` used as a value in a file's code: "file:line: text". */
function consoleUses(file: string, source = readFileSync(path.join(root, file), "utf8")): string[] {
  if (!source.includes("console")) return [];
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isName = ts.isPropertyAccessExpression(node.parent) && node.parent.name === node;
    const isKey = (ts.isPropertyAssignment(node.parent) || ts.isMethodDeclaration(node.parent) || ts.isPropertyDeclaration(node.parent)) && node.parent.name === node;
    if (ts.isIdentifier(node) && node.text === "console" && !isName && !isKey) {
      const { line } = tree.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${file}:${line + 1}: ${source.split("\n")[line]!.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(tree, visit);
  return found;
}

describe("no console in server code", () => {
  it("finds a console call, and not a mention in a comment, a string or a property name", () => {
    const source = [
      "// console.error is not used here",
      'const text = "console.log(x)";',
      "const o = { console: 1 };",
      "o.console;",
      'console.error("[upstream] fallo");',
      "const c = console;",
    ].join("\n");
    expect(consoleUses("app/x.server.ts", source)).toEqual(['app/x.server.ts:5: console.error("[upstream] fallo");', "app/x.server.ts:6: const c = console;"]);
  });

  it("scans the server's files: app's .server modules, upstream, lib, the mocks and the server, not browser code", () => {
    const files = serverFiles();
    for (const file of ["app/entry.server.tsx", "app/lib/rate-limit.server.ts", "app/upstream/http.server.ts", "app/lib/format.ts", "mocks/standalone.ts", "mocks/handlers/conn.ts", "server/index.ts", "server/page-cache.ts"]) {
      expect(files).toContain(file);
    }
    for (const file of ["app/components/route-error.tsx", "app/features/consent/consented-tracking.tsx", "mocks/hosted-fields.browser.ts", "app/lib/use-schema-form.ts", "app/lib/log.server.test.ts"]) {
      expect(files).not.toContain(file);
    }
  });

  it("has no console call in server code: it logs through app/lib/log.server.ts", () => {
    expect(serverFiles().flatMap((file) => consoleUses(file))).toEqual([]);
  });
});
