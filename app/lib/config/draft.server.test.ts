import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { draftProblems } from "./draft.server";
import { ConfigStore } from "./store.server";

const dirs: string[] = [];
function draftCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-borrador-"));
  cpSync(path.resolve(__dirname, "../../../pages-config"), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const quiet = () => {};

describe("a draft of pages-config is checked whole, with the live store's schemas", () => {
  it("a copy of the shipped config has no problems", () => {
    expect(draftProblems(new ConfigStore(draftCopy(), quiet))).toEqual([]);
  });

  it("a broken page, a schema error and a missing site.json are each named in Spanish, with the file", () => {
    const dir = draftCopy();
    writeFileSync(path.join(dir, "pages/promociones.json"), "{ no es json");
    writeFileSync(path.join(dir, "banners/inicio.json"), JSON.stringify({ banners: [{ name: 1 }] }));
    unlinkSync(path.join(dir, "site.json"));
    const problems = draftProblems(new ConfigStore(dir, quiet));
    const files = problems.map((problem) => problem.file);
    expect(files).toContain("pages-config/site.json");
    expect(files).toContain("pages-config/pages/promociones.json");
    expect(files).toContain("pages-config/banners/inicio.json");
    expect(problems.find((problem) => problem.file === "pages-config/site.json")?.message).toBe("no se encontró el archivo");
  });

  it("a broken edit after a valid version is still a problem (the draft is refused, not its last good copy shown)", () => {
    const dir = draftCopy();
    const store = new ConfigStore(dir, quiet);
    expect(draftProblems(store)).toEqual([]);
    writeFileSync(path.join(dir, "flags.json"), '{"flags": 3, "x": [');
    expect(draftProblems(store).map((problem) => problem.file)).toEqual(["pages-config/flags.json"]);
  });
});
