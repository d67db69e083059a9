import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { flagsConfig, siteConfig } from "#schemas/config";
import { validBanners, validFlags, validSite } from "#schemas/config/fixtures.test-helpers";
import { ConfigError } from "./problems";
import { ConfigStore, readConfigFile } from "./store.server";

let directory: string;
let log: Mock<(message: string) => void>;
let store: ConfigStore;
/** Each write gets a later mtime, so the store cannot miss it even on a coarse file system. */
let clock: number;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "bait-config-"));
  log = vi.fn<(message: string) => void>();
  store = new ConfigStore(directory, log);
  clock = Date.parse("2024-03-05T15:00:00Z") / 1000;
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Writes a file as marketing would (JSON for objects, raw text for strings) and bumps its mtime. */
function write(relativePath: string, content: unknown, mtimeSeconds = (clock += 10)) {
  const fullPath = path.join(directory, relativePath);
  mkdirSync(path.dirname(fullPath), { recursive: true });
  writeFileSync(fullPath, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  utimesSync(fullPath, mtimeSeconds, mtimeSeconds);
}

const siteNamed = (name: string) => {
  const site = validSite();
  site.brand.name = name;
  return site;
};

describe("ConfigStore.get", () => {
  it("returns the file parsed by its schema, defaults included", () => {
    write("site.json", validSite());
    const site = store.get("site", "site.json");
    expect(site.brand.name).toBe("Bait");
    expect(site.brand.slug).toBe("bait");
    expect(log).not.toHaveBeenCalled();
  });

  it("serves the same parsed object while the file is unchanged", () => {
    write("site.json", validSite());
    expect(store.get("site", "site.json")).toBe(store.get("site", "site.json"));
  });

  it("serves a valid edit on the next get, without a restart", () => {
    write("site.json", siteNamed("Bait"));
    expect(store.get("site", "site.json").brand.name).toBe("Bait");

    write("site.json", siteNamed("Bait Móvil"));
    expect(store.get("site", "site.json").brand.name).toBe("Bait Móvil");
  });

  it("notices an edit that keeps the mtime but changes the size", () => {
    write("site.json", siteNamed("Bait"), 1_700_000_000);
    store.get("site", "site.json");
    write("site.json", siteNamed("Bait Internet"), 1_700_000_000);
    expect(store.get("site", "site.json").brand.name).toBe("Bait Internet");
  });

  it("notices an edit that keeps the size but changes the mtime", () => {
    write("site.json", siteNamed("Bait A"));
    store.get("site", "site.json");
    write("site.json", siteNamed("Bait B"));
    expect(store.get("site", "site.json").brand.name).toBe("Bait B");
  });

  describe("after an edit with broken JSON", () => {
    const broken = '{\n  "brand": {\n    "name": "Bait",,\n  }\n}\n';

    beforeEach(() => {
      write("site.json", siteNamed("Bait"));
      store.get("site", "site.json");
      write("site.json", broken);
    });

    it("keeps serving the last valid version", () => {
      expect(store.get("site", "site.json").brand.name).toBe("Bait");
    });

    it("logs once, naming the file and the line and column of the mistake", () => {
      for (let i = 0; i < 3; i++) store.get("site", "site.json");
      expect(log).toHaveBeenCalledTimes(1);
      const [message] = log.mock.calls[0] ?? [];
      expect(message).toContain("se sigue usando la última versión válida");
      expect(message).toContain("pages-config/site.json: JSON mal formado en la línea 3, columna 20");
    });

    it("reports the problem through problemsOf", () => {
      store.get("site", "site.json");
      expect(store.problemsOf("site.json")).toEqual([
        { file: "pages-config/site.json", path: "", message: expect.stringMatching(/^JSON mal formado en la línea 3, columna 20: /) },
      ]);
    });
  });

  describe("after an edit that breaks the schema", () => {
    beforeEach(() => {
      write("site.json", siteNamed("Bait"));
      store.get("site", "site.json");
      const edited = siteNamed("Bait Móvil");
      edited.footer.sisterSites.pop();
      write("site.json", { ...edited, brand: { ...edited.brand, slug: "Bait Móvil" } });
    });

    it("keeps serving the last valid version, not the half-good edit", () => {
      expect(store.get("site", "site.json").brand.name).toBe("Bait");
    });

    it("logs once, naming the file, each JSON path and its reason", () => {
      for (let i = 0; i < 3; i++) store.get("site", "site.json");
      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(
        "[config] cambio rechazado (se sigue usando la última versión válida):\n" +
          "  pages-config/site.json › brand.slug: usa minúsculas, números y guiones\n" +
          "  pages-config/site.json › footer.sisterSites: deben ser exactamente cuatro sitios hermanos",
      );
    });

    it("reports every problem through problemsOf", () => {
      store.get("site", "site.json");
      expect(store.problemsOf("site.json")).toEqual([
        { file: "pages-config/site.json", path: "brand.slug", message: "usa minúsculas, números y guiones" },
        { file: "pages-config/site.json", path: "footer.sisterSites", message: "deben ser exactamente cuatro sitios hermanos" },
      ]);
    });

    it("serves the fix and forgets the problems once the file is corrected", () => {
      store.get("site", "site.json");
      write("site.json", siteNamed("Bait Móvil"));
      expect(store.get("site", "site.json").brand.name).toBe("Bait Móvil");
      expect(store.problemsOf("site.json")).toEqual([]);
    });
  });

  it("throws a ConfigError naming the file and the path when the file was never valid", () => {
    write("site.json", { ...validSite(), privacyNoticeUrl: "http://www.example.com/aviso" });
    const attempt = () => store.get("site", "site.json");
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow("pages-config/site.json › privacyNoticeUrl: debe ser una dirección https:// completa");
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toContain("no hay versión válida anterior");
  });

  it("carries the problems on the ConfigError for callers that list them (here an emptied file)", () => {
    write("site.json", "");
    try {
      store.get("site", "site.json");
      expect.unreachable("get should have thrown");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([{ file: "pages-config/site.json", path: "", message: "JSON mal formado: el archivo termina antes de tiempo (falta cerrar una comilla, llave o corchete)" }]);
    }
  });

  it("throws 'no se encontró el archivo' for a missing file", () => {
    expect(() => store.get("site", "site.json")).toThrow("pages-config/site.json: no se encontró el archivo");
  });
});

describe("ConfigStore.read", () => {
  it("returns undefined for a missing file instead of throwing (a view without banners)", () => {
    expect(store.read("banners", "banners/recargas.json")).toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });

  it("validates each kind of file with its own schema", () => {
    write("banners/inicio.json", { banners: [validBanners().navigate] });
    expect(store.read("banners", "banners/inicio.json")?.banners[0]?.action).toBe("navigate");
  });

  it("forgets a file that was deleted, even after it was valid", () => {
    write("banners/inicio.json", { banners: [] });
    expect(store.read("banners", "banners/inicio.json")).toEqual({ banners: [] });
    rmSync(path.join(directory, "banners/inicio.json"));
    expect(store.read("banners", "banners/inicio.json")).toBeUndefined();
  });
});

describe("ConfigStore.list", () => {
  it("lists a folder's JSON files, sorted, as paths relative to the config directory", () => {
    write("pages/recargas.json", {});
    write("pages/inicio.json", {});
    write("pages/notas.txt", "");
    expect(store.list("pages")).toEqual(["pages/inicio.json", "pages/recargas.json"]);
  });

  it("lists nothing for a folder that does not exist", () => {
    expect(store.list("modals")).toEqual([]);
  });
});

describe("a watching ConfigStore (the site's)", () => {
  let watching: ConfigStore;
  beforeEach(() => {
    watching = new ConfigStore(directory, log, { watch: true });
  });
  afterEach(() => watching.stopWatching());

  it("serves an edit, a new page and a new file once the folder reports the change, with a new version", async () => {
    write("site.json", siteNamed("Bait"));
    write("pages/inicio.json", {});
    expect(watching.get("site", "site.json").brand.name).toBe("Bait");
    expect(watching.list("pages")).toEqual(["pages/inicio.json"]);
    expect(watching.read("banners", "banners/inicio.json")).toBeUndefined();
    const before = watching.version;
    expect(before).toBeTypeOf("number");

    write("site.json", siteNamed("Bait Móvil"));
    write("pages/recargas.json", {});
    write("banners/inicio.json", { banners: [validBanners().navigate] });
    await vi.waitFor(() => {
      expect(watching.get("site", "site.json").brand.name).toBe("Bait Móvil");
      expect(watching.list("pages")).toEqual(["pages/inicio.json", "pages/recargas.json"]);
      expect(watching.read("banners", "banners/inicio.json")).toBeDefined();
    });
    expect(watching.version).not.toBe(before);
  });

  it("keeps its version, and the parsed object, while nothing changes", async () => {
    write("site.json", validSite());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const version = watching.version;
    const site = watching.get("site", "site.json");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watching.get("site", "site.json")).toBe(site);
    expect(watching.version).toBe(version);
  });

  it("has no version when it does not watch, so nothing may be cached by it", () => {
    expect(store.version).toBeUndefined();
    watching.stopWatching();
    expect(watching.version).toBeUndefined();
  });
});

describe("readConfigFile", () => {
  it("reads without caching, as config:check does", () => {
    write("site.json", validSite());
    expect(readConfigFile(directory, "site.json", siteConfig)).toMatchObject({ ok: true, value: { brand: { name: "Bait" } } });
    expect(readConfigFile(directory, "otro.json", siteConfig)).toEqual({
      ok: false,
      problems: [{ file: "pages-config/otro.json", path: "", message: "no se encontró el archivo" }],
    });
  });

  it("ignores the $schema a file names for the editor, even in flags.json whose keys are the flag names", () => {
    write("flags.json", { $schema: "../schemas/json/flags.schema.json", ...validFlags() });
    const result = readConfigFile(directory, "flags.json", flagsConfig);
    expect(result).toEqual({ ok: true, value: flagsConfig.parse(validFlags()) });
  });
});
