import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The advisories the project knows of, pinned: every copy of the package in package-lock.json is
 * at least the fixed version (package.json "overrides" holds them there). A new advisory is one
 * more line; `npm run audit` covers the rest when an advisory service answers.
 */
const ADVISORIES = [
  { id: "GHSA-jjmj-jmhj-qwj2", what: "open redirect leading to XSS", name: "react-router-dom", fixed: "6.30.6" },
  { id: "GHSA-jjmj-jmhj-qwj2", what: "open redirect leading to XSS", name: "react-router", fixed: "6.30.6" },
  { id: "GHSA-jjmj-jmhj-qwj2", what: "open redirect leading to XSS", name: "@remix-run/router", fixed: "1.23.4" },
  { id: "GHSA-2w69-qvjg-hvjx", what: "XSS via open redirects", name: "@remix-run/router", fixed: "1.23.2" },
];

type Lock = { packages: Record<string, { version?: string }> };
const lock = JSON.parse(readFileSync(path.resolve(__dirname, "../../package-lock.json"), "utf8")) as Lock;

/** Every installed copy of a package: node_modules/<name>, nested ones included. */
const copiesOf = (name: string) =>
  Object.entries(lock.packages)
    .filter(([where]) => where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`))
    .map(([where, entry]) => ({ where, version: entry.version ?? "" }));

const numbers = (version: string) => version.split("-")[0]!.split(".").map(Number);
/** a ≥ b for plain x.y.z versions. */
function atLeast(a: string, b: string) {
  const [x, y] = [numbers(a), numbers(b)];
  for (let index = 0; index < 3; index += 1) {
    if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) > (y[index] ?? 0);
  }
  return true;
}

describe("known advisories: package-lock.json holds the fixed versions", () => {
  it.each(ADVISORIES)("$id ($what): $name ≥ $fixed", ({ name, fixed }) => {
    const copies = copiesOf(name);
    expect(copies.length, `${name} is in package-lock.json`).toBeGreaterThan(0);
    for (const copy of copies) expect(atLeast(copy.version, fixed), `${copy.where}@${copy.version}`).toBe(true);
  });

  it("compares versions by number, not as text", () => {
    expect(atLeast("6.30.10", "6.30.6")).toBe(true);
    expect(atLeast("6.30.4", "6.30.6")).toBe(false);
    expect(atLeast("1.23.4", "1.23.4")).toBe(true);
  });
});
