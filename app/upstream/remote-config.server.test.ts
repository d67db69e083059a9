import { readFileSync } from "node:fs";
import path from "node:path";
import { http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { bannerFile, widgetConfig } from "#schemas/config";
import { mockServer } from "../../mocks/node";
import { setSwitch } from "../../mocks/switches";
import { useMockUpstream } from "../../mocks/test-support";
import { refusals } from "~/lib/config/refusals.server";
import { remoteConfigSources } from "./remote-config.server";

// A time-out long enough for a loaded machine; the time-out test waits longer than it.
useMockUpstream({ timeoutMs: 1000 });
afterEach(() => refusals.reset());

const configFile = (file: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../../pages-config/${file}`), "utf8"));
const localBanners = (view: string) => bannerFile.parse(configFile(`banners/${view}.json`)).banners;
const localWidget = () => widgetConfig.parse(configFile("widget.json"));
const bannersUrl = (view: string) => `https://banners.upstream.mock/resources/banners/${view}/banners.json`;
const widgetUrl = "https://conn.upstream.mock/conn/page/api/app/cdn";

const remoteBanner = { action: "navigate", actionOptions: { url: "/recargas" }, imageDesktop: "/a.webp", imageMobile: "/b.webp", alt: "Solo en el CDN", name: "cdn" };
const on = (ttlMs = 0) => remoteConfigSources({ banners: true, widget: true, ttlMs });

describe("remote banners", () => {
  it("serve the CDN's banners of the view when they pass the banner schema", async () => {
    setSwitch("banners.list:inicio", { body: { data: [remoteBanner] } });
    expect(await on().bannersOf("inicio")).toEqual([{ ...remoteBanner, tags: [] }]);
    expect(refusals.list()).toEqual([]);
  });

  it("let the local file stand in for a document with an invalid banner, and record the refusal with URL, path and reason", async () => {
    setSwitch("banners.list:inicio", { body: { data: [remoteBanner, { ...remoteBanner, action: "volar" }] } });
    expect(await on().bannersOf("inicio")).toEqual(localBanners("inicio"));
    expect(refusals.list()).toEqual([
      expect.objectContaining({
        source: bannersUrl("inicio"),
        kind: "remoto",
        path: "data[1].action",
        reason: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore",
      }),
    ]);
  });

  it("let the local file stand in when the CDN fails, and say how it failed", async () => {
    setSwitch("banners.list", { status: 500 });
    expect(await on().bannersOf("recargas")).toEqual(localBanners("recargas"));
    expect(refusals.of(bannersUrl("recargas"))).toEqual([expect.objectContaining({ path: "", reason: "el CDN respondió con el estado HTTP 500" })]);

    setSwitch("banners.list", { malformed: true });
    await on().bannersOf("recargas");
    expect(refusals.of(bannersUrl("recargas"))).toEqual([expect.objectContaining({ reason: "el CDN respondió algo que no es JSON válido" })]);

    setSwitch("banners.list", { body: { banners: [] } });
    await on().bannersOf("recargas");
    expect(refusals.of(bannersUrl("recargas"))).toEqual([expect.objectContaining({ path: "data" })]);
  });

  it("forget the refusal once the CDN sends a good document again", async () => {
    const sources = on();
    setSwitch("banners.list:inicio", { body: { data: [{ ...remoteBanner, action: "volar" }] } });
    await sources.bannersOf("inicio");
    expect(refusals.list()).toHaveLength(1);
    setSwitch("banners.list:inicio", { body: { data: [remoteBanner] } });
    expect((await sources.bannersOf("inicio")).map((entry) => entry.alt)).toEqual(["Solo en el CDN"]);
    expect(refusals.list()).toEqual([]);
  });

  it("keep a document, and a failure, for the TTL: the CDN is asked once per view in that time", async () => {
    let calls = 0;
    mockServer.use(
      http.get("https://banners.upstream.mock/resources/banners/:view/banners.json", () => {
        calls += 1;
        return undefined;
      }),
    );
    const sources = on(60_000);
    await sources.bannersOf("inicio");
    await sources.bannersOf("inicio");
    expect(calls).toBe(1);
    setSwitch("banners.list", { status: 503 });
    await sources.bannersOf("recargas");
    await sources.bannersOf("recargas");
    expect(calls).toBe(3); // one call and its one retry, then the kept failure
  });

  it("are the local file's alone when off: the CDN is never asked", async () => {
    let calls = 0;
    mockServer.use(
      http.get("https://banners.upstream.mock/resources/banners/:view/banners.json", () => {
        calls += 1;
        return undefined;
      }),
    );
    setSwitch("banners.list:inicio", { body: { data: [remoteBanner] } });
    expect(await remoteConfigSources({ banners: false, widget: false, ttlMs: 0 }).bannersOf("inicio")).toEqual(localBanners("inicio"));
    expect(calls).toBe(0);
  });

  it("are an empty carousel for a view the CDN does not know (404), not a refusal", async () => {
    expect(await on().bannersOf("no-existe")).toEqual([]);
    expect(refusals.list()).toEqual([]);
  });
});

describe("remote widget", () => {
  it("serves the CDN's content when it passes widget.json's schema", async () => {
    setSwitch("conn.widget", { body: { ...localWidget(), version: "9.9.9-cdn" } });
    expect((await on().widget()).version).toBe("9.9.9-cdn");
    expect(refusals.list()).toEqual([]);
  });

  it("lets widget.json stand in for an invalid document, and records the refusal", async () => {
    const broken = { ...localWidget(), version: "9.9.9-cdn", service_order: ["no-existe"] };
    setSwitch("conn.widget", { body: broken });
    expect(await on().widget()).toEqual(localWidget());
    expect(refusals.of(widgetUrl)).toEqual([expect.objectContaining({ kind: "remoto", path: "service_order[0]", reason: "«no-existe» no existe en services" })]);
  });

  it("lets widget.json stand in when the CDN times out", async () => {
    setSwitch("conn.widget", { latencyMs: 1200 });
    expect(await on().widget()).toEqual(localWidget());
    expect(refusals.of(widgetUrl)).toEqual([expect.objectContaining({ reason: "el CDN no respondió a tiempo" })]);
  });
});
