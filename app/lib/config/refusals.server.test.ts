import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validSite } from "#schemas/config/fixtures.test-helpers";
import { captureLog } from "../log.test-helpers";
import { RefusalRegistry } from "./refusals.server";
import { ConfigStore } from "./store.server";

const at = new Date("2026-03-05T15:00:00Z");

describe("RefusalRegistry", () => {
  afterEach(() => vi.restoreAllMocks());

  it("records each problem of a source with its path, its Spanish reason and the time", () => {
    const registry = new RefusalRegistry(() => at, () => {});
    registry.refuse("pages-config/site.json", "archivo", [{ path: "brand.name", message: "no puede quedar vacío" }]);
    expect(registry.list()).toEqual([
      { source: "pages-config/site.json", kind: "archivo", path: "brand.name", reason: "no puede quedar vacío", at: "2026-03-05T15:00:00.000Z" },
    ]);
  });

  it("logs a refusal at error level with file, path and reason, once while it stays the same", () => {
    const log = captureLog();
    const registry = new RefusalRegistry(() => at);
    const problems = [{ path: "data[0].action", message: "la acción debe ser navigate…" }];
    registry.refuse("https://cdn.example/inicio/banners.json", "remoto", problems);
    registry.refuse("https://cdn.example/inicio/banners.json", "remoto", problems);
    const errors = log.entries.filter((entry) => entry.level === 50);
    expect(errors).toEqual([
      expect.objectContaining({ module: "config", source: "https://cdn.example/inicio/banners.json", kind: "remoto", path: "data[0].action", reason: "la acción debe ser navigate…", msg: "configuración rechazada" }),
    ]);
    registry.refuse("https://cdn.example/inicio/banners.json", "remoto", [{ path: "", message: "otro motivo" }]);
    expect(log.entries.filter((entry) => entry.level === 50)).toHaveLength(2);
  });

  it("replaces a source's refusals with the newest, and forgets them when a good copy arrives", () => {
    const registry = new RefusalRegistry(() => at, () => {});
    registry.refuse("pages-config/flags.json", "archivo", [{ path: "a", message: "uno" }, { path: "b", message: "dos" }]);
    registry.refuse("pages-config/site.json", "archivo", [{ path: "", message: "JSON mal formado" }]);
    registry.refuse("pages-config/flags.json", "archivo", [{ path: "c", message: "tres" }]);
    expect(registry.list().map((refusal) => [refusal.source, refusal.path])).toEqual([
      ["pages-config/flags.json", "c"],
      ["pages-config/site.json", ""],
    ]);
    registry.clear("pages-config/flags.json");
    expect(registry.list().map((refusal) => refusal.source)).toEqual(["pages-config/site.json"]);
  });
});

describe("the config store with a refusal registry", () => {
  let directory: string;
  let registry: RefusalRegistry;
  let store: ConfigStore;
  let clock = Date.parse("2024-03-05T15:00:00Z") / 1000;
  const write = (relativePath: string, content: unknown) => {
    const fullPath = path.join(directory, relativePath);
    mkdirSync(path.dirname(fullPath), { recursive: true });
    writeFileSync(fullPath, typeof content === "string" ? content : JSON.stringify(content));
    clock += 10;
    utimesSync(fullPath, clock, clock);
  };

  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), "bait-refusals-"));
    registry = new RefusalRegistry(() => at, () => {});
    store = new ConfigStore(directory, () => {}, { refusals: registry });
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("records a refused edit while serving the last good copy, and clears it when the fix is read", () => {
    write("site.json", validSite());
    expect(store.get("site", "site.json").brand.name).toBe("Bait");
    write("site.json", { ...validSite(), brand: { ...validSite().brand, name: "" } });
    expect(store.get("site", "site.json").brand.name).toBe("Bait");
    expect(registry.list()).toEqual([expect.objectContaining({ source: "pages-config/site.json", kind: "archivo", path: "brand.name" })]);
    write("site.json", validSite());
    store.get("site", "site.json");
    expect(registry.list()).toEqual([]);
  });

  it("clears a refusal when the refused file is deleted", () => {
    write("banners/promo.json", "{ roto");
    expect(() => store.read("banners", "banners/promo.json")).toThrow();
    expect(registry.of("pages-config/banners/promo.json")).toHaveLength(1);
    rmSync(path.join(directory, "banners/promo.json"));
    expect(store.read("banners", "banners/promo.json")).toBeUndefined();
    expect(registry.list()).toEqual([]);
  });

  it("checkAll reads every file, so an edit nobody requested yet shows, with when each copy in use was read", () => {
    write("site.json", validSite());
    write("banners/inicio.json", { banners: [] });
    write("notas.txt", "no es config");
    const before = store.checkAll();
    expect(before.map((status) => [status.file, status.problems.length])).toEqual([
      ["pages-config/site.json", 0],
      ["pages-config/banners/inicio.json", 0],
    ]);
    expect(before.every((status) => status.loadedAt instanceof Date)).toBe(true);
    write("banners/inicio.json", { banners: [{ action: "volar" }] });
    const after = store.checkAll();
    expect(after[1]).toEqual(expect.objectContaining({ file: "pages-config/banners/inicio.json", loadedAt: before[1]?.loadedAt }));
    expect(after[1]?.problems.length).toBeGreaterThan(0);
    expect(registry.of("pages-config/banners/inicio.json").length).toBeGreaterThan(0);
  });
});
