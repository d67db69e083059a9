import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENTS, outgoing } from "./events";

/**
 * The event catalogue, the consent gate and the platforms' delivery (docs/esim.md "Marketing
 * platforms"), with a bare EventTarget for a window: node has no DOM, and none is needed.
 */

type FakeWindow = EventTarget & Record<string, unknown> & { location: { pathname: string } };
let win: FakeWindow;

beforeEach(() => {
  vi.resetModules();
  win = Object.assign(new EventTarget(), { location: { pathname: "/" } }) as FakeWindow;
  vi.stubGlobal("window", win);
});
afterEach(() => vi.unstubAllGlobals());

const delivered = () => {
  const seen: Array<{ name: string; data?: unknown }> = [];
  win.addEventListener("bait:track", (event) => seen.push((event as CustomEvent).detail));
  return seen;
};

describe("the event catalogue", () => {
  it("lets out only the catalogue's fields of an event", () => {
    expect(outgoing("GoToDetail", { offerId: "ESIM100", type: 7, email: "ana@example.com", phone: "5512345678" })).toEqual({ name: "GoToDetail", data: { offerId: "ESIM100", type: 7 } });
    expect(outgoing("esim_imei_check", { verdict: "esim", imei: "356938035643809" })).toEqual({ name: "esim_imei_check", data: { verdict: "esim" } });
  });

  it("never lets out a value that could identify someone, whatever the field", () => {
    expect(outgoing("ChangeOnForm", { offerId: "ana@example.com", field: "5512345678" })).toEqual({ name: "ChangeOnForm", data: {} });
    expect(outgoing("PageView", { path: "/linea/5512345678" })).toEqual({ name: "PageView", data: {} });
    expect(outgoing("PaymentError", { provider: 2, code: 4111111111111111 })).toEqual({ name: "PaymentError", data: { provider: 2 } });
  });

  it("knows the funnel, the widget, the eSIM and the page views; nothing else leaves", () => {
    for (const name of ["GoToDetail", "ChangeOnForm", "ChangeLegal", "RequestPayment", "PaymentFormLoad", "PaymentSuccess", "PaymentError", "web_widget_btn", "esim_imei_check", "PageView"]) {
      expect(Object.hasOwn(EVENTS, name), name).toBe(true);
    }
    expect(outgoing("web_widget_servicio_bait-musica")).toEqual({ name: "web_widget_servicio_bait-musica", data: {} });
    expect(outgoing("login_password", { password: "x" })).toBeNull();
  });
});

describe("the consent gate", () => {
  it("queues every event until consent, then sends the queue in order, then each new one at once", async () => {
    const { track, startTracking } = await import("./tracking");
    const { funnel } = await import("./funnel");
    const seen = delivered();
    track("web_widget_btn");
    funnel("GoToDetail", { offerId: "ESIM100", type: 7 });
    expect(seen).toEqual([]);
    startTracking();
    expect(seen.map((event) => event.name)).toEqual(["web_widget_btn", "GoToDetail"]);
    track("PageView", { path: "/e-sim" });
    expect(seen.map((event) => event.name)).toEqual(["web_widget_btn", "GoToDetail", "PageView"]);
  });
});

describe("the platforms", () => {
  const platforms = [
    { name: "google" as const, id: "G-TEST1234", src: "/__mocks/analitica/google.js?id=G-TEST1234" },
    { name: "meta" as const, id: "1234567890", src: "/__mocks/analitica/meta.js?id=1234567890" },
    { name: "tiktok" as const, id: "CTEST1234567890", src: "/__mocks/analitica/tiktok.js?id=CTEST1234567890" },
  ];
  const send = (name: string, data?: Record<string, unknown>) => win.dispatchEvent(new CustomEvent("bait:track", { detail: { name, data } }));

  it("load each platform's script once, with its queue in place first, and hand every catalogue event to each", async () => {
    const { connectPlatforms } = await import("./platforms");
    const loadScript = vi.fn();
    connectPlatforms(platforms, ["/e-sim"], loadScript);
    connectPlatforms(platforms, ["/e-sim"], loadScript);
    expect(loadScript.mock.calls.map(([src]) => src)).toEqual(platforms.map((platform) => platform.src));

    send("esim_imei_check", { verdict: "esim", imei: "356938035643809" });
    send("nothing_we_know", { email: "ana@example.com" });
    const google = (win.dataLayer as IArguments[]).map((entry) => Array.from(entry));
    expect(google).toContainEqual(["config", "G-TEST1234", { send_page_view: false }]);
    expect(google).toContainEqual(["event", "esim_imei_check", { verdict: "esim" }]);
    expect((win.fbq as { queue: unknown[][] }).queue).toEqual([
      ["init", "1234567890"],
      ["trackCustom", "esim_imei_check", { verdict: "esim" }],
    ]);
    expect([...(win.ttq as unknown[])]).toEqual([["track", "esim_imei_check", { verdict: "esim" }]]);
    expect(JSON.stringify({ google, meta: win.fbq, tiktok: win.ttq })).not.toMatch(/356938035643809|ana@example\.com|nothing_we_know/);
  });

  it("count a page view on the ad pixels only on the pixel flows' pages; Google counts every page", async () => {
    const { connectPlatforms } = await import("./platforms");
    connectPlatforms(platforms, ["/e-sim", "/cambiate-a-bait"], vi.fn());
    win.location.pathname = "/recargas";
    send("PageView", { path: "/recargas" });
    win.location.pathname = "/e-sim";
    send("PageView", { path: "/e-sim" });
    const google = (win.dataLayer as IArguments[]).map((entry) => Array.from(entry)).filter(([kind]) => kind === "event");
    expect(google).toEqual([
      ["event", "page_view", { page_path: "/recargas" }],
      ["event", "page_view", { page_path: "/e-sim" }],
    ]);
    expect((win.fbq as { queue: unknown[][] }).queue.filter(([kind]) => kind === "track")).toEqual([["track", "PageView"]]);
    expect([...(win.ttq as unknown[])]).toEqual([["page"]]);
  });
});
