import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@redis/client";
import { afterEach, describe, expect, inject, it } from "vitest";
import { readSeedDocuments, writeDocuments } from "~/lib/config/documents.server";
import { versionStore, type Documents } from "~/lib/config/versions.server";
import { fileState } from "~/lib/store/file-state.server";
import { memoryState, redisState } from "~/lib/store/shared-state.server";
import { describeOutcome, exportPublished } from "./studio-export";

const repoRoot = path.resolve(__dirname, "..");
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-studio-export-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const seed = () => readSeedDocuments(path.join(repoRoot, "pages-config"));

/** The repository's config with a few changes: a page's title, a page added, a banners file removed. */
const changedSet = (): Documents => {
  const documents = seed();
  (documents["pages/inicio.json"] as { title: string }).title = "Bienvenido a Bait";
  documents["pages/nueva.json"] = { ...(documents["pages/promociones.json"] as object), path: "/nueva" };
  delete documents["banners/e-sim.json"];
  return documents;
};

describe("npm run studio:export", () => {
  it("writes the published version into the folder: read back, it is the version's documents", async () => {
    const state = memoryState();
    const versions = versionStore(state, seed);
    const published = await versions.publish({ documents: changedSet(), author: "ana@bait.example", note: "Campaña", base: 0 });
    expect(published.ok).toBe(true);

    // Over a copy of pages-config/ as deployed, with a file of its own that is no config.
    const dir = folder();
    writeDocuments(dir, seed());
    writeFileSync(path.join(dir, "LEEME.md"), "notas");

    const outcome = await exportPublished(state, dir);
    expect(readSeedDocuments(dir)).toEqual((await versions.get(1))!.documents);
    expect(readFileSync(path.join(dir, "LEEME.md"), "utf8")).toBe("notas");
    expect(outcome).toMatchObject({ head: 1, report: { written: ["pages/inicio.json", "pages/nueva.json"], removed: ["banners/e-sim.json"] } });
    expect(describeOutcome(outcome, dir)).toEqual([
      expect.stringMatching(new RegExp(`^Versión 1, publicada por ana@bait\\.example el .+ \\(«Campaña»\\), en ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:$`)),
      "  escrito    pages/inicio.json",
      "  escrito    pages/nueva.json",
      "  eliminado  banners/e-sim.json",
      expect.stringMatching(/^ {2}2 escrito\(s\), 1 eliminado\(s\), \d+ sin cambios\.$/),
    ]);

    // Again: nothing to change.
    const again = await exportPublished(state, dir);
    expect(describeOutcome(again, dir).at(-1)).toMatch(/La carpeta ya tenía esta versión: ningún archivo cambió/);
    // An earlier version, named.
    const second = changedSet();
    (second["site.json"] as { brand: { name: string } }).brand.name = "Otra";
    await versions.publish({ documents: second, author: "beto@bait.example", note: "", base: 1 });
    const earlier = await exportPublished(state, dir, 1);
    expect(describeOutcome(earlier, dir)[0]).toMatch(/^Versión 1 \(la última publicada es la 2\), publicada por ana@bait\.example/);
    expect(readSeedDocuments(dir)).toEqual((await versions.get(1))!.documents);
    await expect(exportPublished(state, dir, 3)).rejects.toThrow("no hay una versión 3: la última publicada es la 2");
    // Into an empty folder: the whole version.
    const empty = path.join(folder(), "pages-config");
    await exportPublished(state, empty);
    expect(readSeedDocuments(empty)).toEqual(second);
  });

  it("writes nothing when nothing was published", async () => {
    const dir = folder();
    const outcome = await exportPublished(memoryState(), dir);
    expect(outcome).toEqual({ head: 0 });
    expect(readSeedDocuments(dir)).toEqual({});
    expect(describeOutcome(outcome, dir)).toEqual([`Todavía no hay ninguna versión publicada en el estudio: no se escribió nada en ${dir}.`]);
  });

  describe("as a command, with the server's environment", () => {
    const run = (args: string[], env: Record<string, string | undefined>) => {
      const childEnv: Record<string, string | undefined> = { ...process.env, REDIS_URL: undefined, DATA_DIR: undefined, CONFIG_DIR: undefined, ...env };
      for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
      return spawnSync(process.execPath, ["--import", "tsx", "scripts/studio-export.ts", ...args], { cwd: repoRoot, encoding: "utf8", env: childEnv as NodeJS.ProcessEnv });
    };

    it("reads DATA_DIR's journal, even while the server holds it, and writes into --dir, else CONFIG_DIR", async () => {
      const dataDir = folder();
      const state = fileState(dataDir);
      try {
        const versions = versionStore(state, seed);
        await versions.publish({ documents: changedSet(), author: "ana@bait.example", note: "", base: 0 });
        await state.flush();
        const target = folder();
        const result = run(["--dir", target], { DATA_DIR: dataDir, CONFIG_DIR: path.join(folder(), "no-aqui") });
        expect(result.stderr).toBe("");
        expect(result.status).toBe(0);
        expect(result.stdout).toContain(`Leído del estado en disco de DATA_DIR (${dataDir}).`);
        expect(result.stdout).toContain(`Versión 1, publicada por ana@bait.example el `);
        expect(readSeedDocuments(target)).toEqual(changedSet());

        const configDir = folder();
        expect(run([], { DATA_DIR: dataDir, CONFIG_DIR: configDir }).status).toBe(0);
        expect(readSeedDocuments(configDir)).toEqual(changedSet());
      } finally {
        await state.close();
      }
    }, 60_000);

    it("reads REDIS_URL's state, and leaves", async () => {
      // A database of its own on the tests' redis-server: the studio's keys have fixed names.
      const url = `${inject("redisUrl")}/${9 + Math.floor(Math.random() * 6)}`;
      const admin = createClient({ url });
      await admin.connect();
      const state = redisState(url);
      try {
        await admin.flushDb();
        await versionStore(state, seed).publish({ documents: changedSet(), author: "ana@bait.example", note: "por Redis", base: 0 });
        const target = folder();
        const result = run(["--dir", target], { REDIS_URL: url, DATA_DIR: folder() });
        expect(result.status).toBe(0);
        expect(result.stdout).toContain("Leído de Redis (REDIS_URL).");
        expect(result.stdout).toContain("(«por Redis»)");
        expect(readSeedDocuments(target)).toEqual(changedSet());
      } finally {
        await state.close();
        await admin.flushDb();
        await admin.close();
      }
    }, 60_000);

    it("refuses a --version that is no version number", () => {
      const result = run(["--dir", folder(), "--version", "0"], { DATA_DIR: folder() });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("--version: debe ser el número de una versión publicada");
    }, 60_000);

    it("says so when Redis does not answer, and exits 1", () => {
      const result = run(["--dir", folder()], { REDIS_URL: "redis://127.0.0.1:1" });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("No se pudo exportar la versión publicada: Redis no responde");
    }, 60_000);

    it("says so when nothing was published, and exits 0", () => {
      const target = folder();
      const result = run(["--dir", target], { DATA_DIR: folder() });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Todavía no hay ninguna versión publicada en el estudio: no se escribió nada en ${target}.`);
    }, 60_000);

    it("without REDIS_URL or DATA_DIR explains where the versions live, and exits 1", () => {
      const target = folder();
      const result = run(["--dir", target], {});
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/REDIS_URL.*DATA_DIR/s);
      expect(readSeedDocuments(target)).toEqual({});
    }, 60_000);
  });
});
