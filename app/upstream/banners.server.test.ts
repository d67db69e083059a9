import { readFileSync } from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { bannerFile } from "#schemas/config";
import { mockServer } from "../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { captureLog } from "~/lib/log.test-helpers";
import { getBanners, loadBanners } from "./banners.server";

const cdn = "https://banners.upstream.mock/resources/banners";
useMockUpstream();

const errorKey = (result: { ok: boolean; error?: { messageKey: string } }) => (result.ok ? undefined : result.error?.messageKey);
const configBanners = (view: string) => bannerFile.parse(JSON.parse(readFileSync(path.resolve(__dirname, `../../pages-config/banners/${view}.json`), "utf8"))).banners;

describe("banners", () => {
  it.each(["inicio", "recargas", "cambiate-a-bait", "e-sim", "paquetes"])("serves the %s banners marketing wrote in pages-config", async (view) => {
    const result = await getBanners(view);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toEqual(configBanners(view));
  });

  it("maps each action's options: a recharge banner keeps its offer, an external link its new window", async () => {
    mockServer.use(
      http.get(`${cdn}/promo/banners.json`, () =>
        HttpResponse.json({
          data: [
            { action: "recharge", rechargeOptions: { type: 1, offerId: "BAIT150" }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Recarga", name: "r", creator: "MKT", tags: ["x"] },
            { action: "navigationExternal", actionOptions: { url: "https://example.com/x", newWindow: true }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Sitio", name: "e" },
          ],
        }),
      ),
    );
    const result = await getBanners("promo");
    expect(result.ok && result.data).toEqual([
      { action: "recharge", rechargeOptions: { type: 1, offerId: "BAIT150" }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Recarga", name: "r", creator: "MKT", tags: ["x"] },
      { action: "navigationExternal", actionOptions: { url: "https://example.com/x", newWindow: true }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Sitio", name: "e", tags: [] },
    ]);
  });

  it("drops a banner its schema refuses, keeps the others and logs the banner and the field", async () => {
    const log = captureLog();
    mockServer.use(
      http.get(`${cdn}/promo/banners.json`, () =>
        HttpResponse.json({
          data: [
            { action: "volar", imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Roto", name: "roto" },
            { action: "navigate", actionOptions: { url: "/recargas" }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Bien", name: "bien" },
            { action: "recharge", imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Sin oferta", name: "sin-oferta" },
          ],
        }),
      ),
    );
    const result = await getBanners("promo");
    expect(result.ok && result.data.map((entry) => entry.name)).toEqual(["bien"]);
    expect(log.entries).toContainEqual(expect.objectContaining({ call: "banners.list", view: "promo", banner: "roto", field: "action", msg: "banner descartado" }));
    expect(log.entries).toContainEqual(expect.objectContaining({ banner: "sin-oferta", field: "rechargeOptions", msg: "banner descartado" }));
  });

  it("answers an unknown view with an empty list, never an error", async () => {
    expect(await getBanners("no-existe")).toEqual({ ok: true, status: 404, data: [] });
    expect(await getBanners("../site")).toEqual({ ok: true, status: 404, data: [] });
  });

  it("turns a malformed body into 'errors:upstream.invalidResponse', and loadBanners into an empty list", async () => {
    setSwitch("banners.list", { malformed: true });
    expect(errorKey(await getBanners("inicio"))).toBe("errors:upstream.invalidResponse");
    expect(await loadBanners("inicio")).toEqual([]);
  });

  it("turns a body without its data list into 'errors:upstream.invalidResponse'", async () => {
    mockServer.use(http.get(`${cdn}/inicio/banners.json`, () => HttpResponse.json({ banners: [] })));
    expect(errorKey(await getBanners("inicio"))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 (after its one retry) into 'errors:upstream.unavailable', and loadBanners into an empty list", async () => {
    setSwitch("banners.list", { status: 500 });
    expect(errorKey(await getBanners("inicio"))).toBe("errors:upstream.unavailable");
    expect(await loadBanners("inicio")).toEqual([]);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("banners.list", { latencyMs: 400 });
    expect(errorKey(await getBanners("inicio"))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network', and loadBanners into an empty list", async () => {
    mockServer.use(http.get(`${cdn}/:view/banners.json`, () => HttpResponse.error()));
    expect(errorKey(await getBanners("inicio"))).toBe("errors:upstream.network");
    expect(await loadBanners("inicio")).toEqual([]);
  });

  it("retries a GET once: a flaky CDN still gives the banners", async () => {
    let calls = 0;
    mockServer.use(
      http.get(`${cdn}/inicio/banners.json`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({}, { status: 503 }) : undefined;
      }),
    );
    const banners = await loadBanners("inicio");
    expect(calls).toBe(2);
    expect(banners).toEqual(configBanners("inicio"));
  });

  it("still gives the banners when the CDN is slow but within its timeout", async () => {
    mockServer.use(
      http.get(`${cdn}/inicio/banners.json`, async () => {
        await delay(20);
        return undefined;
      }),
    );
    expect((await loadBanners("inicio")).length).toBeGreaterThan(0);
  });
});
