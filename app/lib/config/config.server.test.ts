import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../log.test-helpers";

// The site reads the real config, copied so that these tests can edit it like a marketer would.
const dir = mkdtempSync(path.join(tmpdir(), "bait-config-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), dir, { recursive: true });
process.env.CONFIG_DIR = dir;

let config: typeof import("./config.server");
// The renderer parses a page's blocks; lib hands them over loose.
let blocksOf: typeof import("~/render/blocks/parse.server").blocksOf;
beforeAll(async () => {
  config = await import("./config.server");
  ({ blocksOf } = await import("~/render/blocks/parse.server"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let tick = 0;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a config file as parsed, edited freely by each test
function edit(file: string, change: (json: any) => unknown) {
  const full = path.join(dir, file);
  const next = change(JSON.parse(readFileSync(full, "utf8")));
  writeFileSync(full, typeof next === "string" ? next : JSON.stringify(next, null, 2));
  const when = new Date(Date.now() + ++tick * 1000);
  utimesSync(full, when, when);
}

describe("the running site's config", () => {
  it("shows an edited banner on the next request, without a restart", () => {
    const before = config.getBanners("inicio");
    expect(before.length).toBeGreaterThan(0);
    edit("banners/inicio.json", (json) => {
      json.banners[0].promotion = "Recarga $100 y recibe 1 GB extra este fin de semana";
      return json;
    });
    expect(config.getBanners("inicio")[0]?.promotion).toBe("Recarga $100 y recibe 1 GB extra este fin de semana");
  });

  it("keeps serving the last valid banners after a broken edit, logs file, path and reason at error level and records the refusal", async () => {
    const { refusals } = await import("./refusals.server");
    const good = config.getBanners("inicio");
    const log = captureLog();
    edit("banners/inicio.json", (json) => {
      json.banners[1].action = "abrirVentana";
      return json;
    });
    expect(config.getBanners("inicio")).toEqual(good);
    const refusal = {
      source: "pages-config/banners/inicio.json",
      path: "banners[1].action",
      reason: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore",
    };
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 50, ...refusal }));
    expect(refusals.of("pages-config/banners/inicio.json")).toEqual([expect.objectContaining({ kind: "archivo", ...refusal })]);
    log.restore();
  });

  it("has no banners, not an error, for a view without a banner file", () => {
    expect(config.getBanners("centros-de-atencion-no-existe")).toEqual([]);
  });

  it("skips an unknown block with a log line and renders the rest of the page", () => {
    const log = captureLog();
    const blocksBefore = blocksOf(config.findPage("/promociones")!.file, config.findPage("/promociones")!.definition).length;
    edit("pages/promociones.json", (json) => {
      json.blocks.splice(1, 0, { type: "carruselDeVideo", videos: [] });
      return json;
    });
    const page = config.findPage("/promociones")!;
    expect(blocksOf(page.file, page.definition)).toHaveLength(blocksBefore);
    expect(log.entries).toContainEqual(expect.objectContaining({ module: "config", msg: "bloque omitido", problem: expect.stringContaining("tipo de bloque desconocido «carruselDeVideo»") }));
    log.restore();
  });

  it("resolves {product} in page paths with the brand slug", () => {
    expect(config.findPage("/bait-prepago")?.definition.path).toBe("/{product}-prepago");
    expect(config.findPage("/bait-prepago/")?.path).toBe("/bait-prepago");
  });

  it("names the banner view by the last path segment, inicio for the home page", () => {
    expect(config.bannerViewOf("/")).toBe("inicio");
    expect(config.bannerViewOf("/recargas")).toBe("recargas");
    expect(config.bannerViewOf("/cambiate-a-bait/")).toBe("cambiate-a-bait");
  });
});
