import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE, namespaces, resources } from "./resources";

type Catalogue = { [key: string]: string | Catalogue };
const leaves = (catalogue: Catalogue, prefix = ""): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));
const known = new Map<string, Set<string>>(
  namespaces.map((ns) => [ns, new Set(leaves(resources[LOCALE][ns] as unknown as Catalogue).flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, "")]))]),
);
const anyNamespaceHas = (key: string) => [...known.values()].some((keys) => keys.has(key));

const root = path.resolve(__dirname, "../../..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-helpers/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
const files = [...sources(path.join(root, "app")), ...sources(path.join(root, "schemas"))].map((file) => [path.relative(root, file), readFileSync(file, "utf8")] as const);
const NS = namespaces.join("|");

// `t` takes any string (keys also arrive as data), so the keys written in the code are checked here.
describe("the keys the code names", () => {
  it("name a text of their namespace when written with one (`auth:login.title`)", () => {
    const missing: string[] = [];
    for (const [file, source] of files) {
      for (const [, ns, key] of source.matchAll(new RegExp(`["'\`](${NS}):([\\w.]+)["'\`]`, "g"))) {
        if (key!.endsWith(".")) continue; // a prefix the code completes
        if (!known.get(ns!)!.has(key!) && ![...known.get(ns!)!].some((leaf) => leaf.startsWith(`${key}.`))) missing.push(`${file}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("name a text of some namespace when asked of a t without one (`t(\"footer.title\")`)", () => {
    const missing: string[] = [];
    for (const [file, source] of files) {
      for (const [, key] of source.matchAll(/\b(?:t|message)\(\s*["']([a-zA-Z]\w*(?:\.\w+)+)["']/g)) if (!anyNamespaceHas(key!)) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
  });
});
