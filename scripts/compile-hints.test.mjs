import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HINT, addCompileHints } from "./compile-hints.mjs";

const publicDir = mkdtempSync(path.join(tmpdir(), "bait-hints-"));
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

const manifest = {
  entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/chunk-REACT.js"] },
  routes: {
    root: { id: "root", module: "/build/root-B.js", imports: ["/build/_shared/chunk-REACT.js", "/build/_shared/chunk-CHROME.js"] },
    "routes/login": { id: "routes/login", module: "/build/routes/login-C.js" },
  },
};

function write(url, text) {
  const file = path.join(publicDir, url);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe("compile hints on the browser build", () => {
  it("marks the entry, the routes and their static imports, not a chunk only a dynamic import reaches, and only once", () => {
    write("/build/manifest-X.js", `window.__remixManifest=${JSON.stringify(manifest)};`);
    for (const url of ["/build/entry.client-A.js", "/build/_shared/chunk-REACT.js", "/build/_shared/chunk-CHROME.js", "/build/root-B.js", "/build/routes/login-C.js"]) {
      write(url, `export const x = ${JSON.stringify(url)};`);
    }
    write("/build/_shared/chunk-FORM.js", "export const form = 1;");

    expect(addCompileHints(publicDir, 0).map((file) => path.relative(publicDir, file)).sort()).toEqual([
      "build/_shared/chunk-CHROME.js",
      "build/_shared/chunk-REACT.js",
      "build/entry.client-A.js",
      "build/root-B.js",
      "build/routes/login-C.js",
    ]);
    expect(readFileSync(path.join(publicDir, "build/_shared/chunk-REACT.js"), "utf8")).toBe(`${HINT}export const x = "/build/_shared/chunk-REACT.js";`);
    expect(readFileSync(path.join(publicDir, "build/_shared/chunk-FORM.js"), "utf8")).toBe("export const form = 1;");
    expect(addCompileHints(publicDir, 0)).toEqual([]);
  });

  it("leaves a load-time file under the size floor as it is", () => {
    write("/build/routes/login-C.js", "export const small = 1;");
    write("/build/root-B.js", `export const big = "${"x".repeat(100)}";`);
    expect(addCompileHints(publicDir, 64).map((file) => path.relative(publicDir, file))).toEqual(["build/root-B.js"]);
    expect(readFileSync(path.join(publicDir, "build/routes/login-C.js"), "utf8")).toBe("export const small = 1;");
  });

  it("stops on a module the manifest names and the build lacks", () => {
    rmSync(path.join(publicDir, "build/root-B.js"));
    expect(() => addCompileHints(publicDir, 0)).toThrow(/root-B\.js/);
  });
});
