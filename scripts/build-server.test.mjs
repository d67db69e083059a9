import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./build-server.mjs";

describe("the compiled server (scripts/build-server.mjs)", () => {
  const outdir = mkdtempSync(path.join(tmpdir(), "bait-server-build-"));
  let result;
  beforeAll(async () => {
    result = await buildServer({ outdir });
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const read = (file) => readFileSync(path.join(outdir, file), "utf8");
  const chunks = () => readdirSync(path.join(outdir, "server-chunks"));
  /** The specifiers a file imports statically, at its top level (esbuild writes them first). */
  const staticImports = (source) => [...source.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gms)].map((match) => match[1]);

  it("writes the server and its tracing beside the Remix build, one folder below the app's, as server/index.ts is", () => {
    expect(existsSync(path.join(outdir, "server.js"))).toBe(true);
    expect(existsSync(path.join(outdir, "tracing.js"))).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("bundles the app's own modules and leaves every package to node_modules", () => {
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain("server/app.ts");
    expect(inputs).toContain("app/lib/boot-rules.mjs");
    expect(inputs.filter((input) => input.includes("node_modules"))).toEqual([]);
    for (const file of ["server.js", "tracing.js", ...chunks().map((chunk) => `server-chunks/${chunk}`)]) {
      for (const specifier of staticImports(read(file))) expect(specifier, `${file} imports ${specifier}`).not.toMatch(/^(~|#)|\.tsx?$/);
    }
  });

  it("keeps the mock world in chunks of their own: a server without mocks never loads msw", () => {
    // What server.js loads as it starts: its static imports and theirs.
    const loaded = new Set();
    const visit = (file) => {
      for (const specifier of staticImports(read(file))) {
        const target = specifier.startsWith("./") ? path.posix.join(path.posix.dirname(file), specifier) : specifier;
        if (loaded.has(target)) continue;
        loaded.add(target);
        if (specifier.startsWith("./")) visit(target);
      }
    };
    visit("server.js");
    expect([...loaded].filter((specifier) => specifier.startsWith("msw"))).toEqual([]);
    const withMsw = chunks().filter((chunk) => staticImports(read(`server-chunks/${chunk}`)).some((specifier) => specifier.startsWith("msw")));
    expect(withMsw.length).toBeGreaterThan(0);
    expect(read("server.js")).toMatch(/import\("\.\/server-chunks\/node-[A-Z0-9]+\.js"\)/);
  });

  it("keeps zod's Spanish messages for the config (package.json sideEffects)", () => {
    expect(Object.keys(result.metafile.inputs)).toContain("schemas/config/zod-locale.ts");
  });

  it("leaves the Remix build to be loaded at run time, never bundled", () => {
    expect(Object.keys(result.metafile.inputs).some((input) => input.startsWith("build/"))).toBe(false);
    expect(read("server.js")).toMatch(/path\d*\.join\(root, "build\/index\.js"\)/);
  });

  it("removes the chunks of an earlier build", async () => {
    const before = chunks();
    await buildServer({ outdir });
    expect(chunks().sort()).toEqual(before.sort());
  });
});
