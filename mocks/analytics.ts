/**
 * The marketing platforms in mock mode (docs/esim.md "Marketing platforms"): a script per
 * platform that stands in for Google's tag, the Meta pixel and the TikTok pixel, reads the
 * queue the site's snippet filled, and hands every call to the collector instead of the
 * internet; the collector keeps what each platform would have received, for the tests
 * (GET /__mocks/analitica/recibido). Served by server/app.ts with mocks on only.
 */
export type Received = { platform: string; id: string; call: unknown[]; page: string; at: string };

let received: Received[] = [];

export const receivedCalls = () => received;
export const resetAnalytics = () => {
  received = [];
};

export function collect(body: unknown, page: string) {
  const entry = body as Partial<Received> | null;
  if (!entry || typeof entry.platform !== "string" || typeof entry.id !== "string" || !Array.isArray(entry.call)) return false;
  received.push({ platform: entry.platform, id: entry.id, call: entry.call, page, at: new Date().toISOString() });
  // A long test run cannot grow it without bound.
  if (received.length > 5000) received = received.slice(-5000);
  return true;
}

const send = (platform: string) => `
  var id = new URL(document.currentScript.src).searchParams.get("id");
  function send(call) {
    var body = JSON.stringify({ platform: "${platform}", id: id, call: Array.prototype.slice.call(call) });
    fetch("/__mocks/analitica/recibido", { method: "POST", headers: { "Content-Type": "application/json" }, body: body, keepalive: true });
  }`;

/** The mock scripts: each empties its platform's queue to the collector, then sends every new call at once. */
export const platformScripts: Record<string, string> = {
  google: `(function () {${send("google")}
  var layer = window.dataLayer = window.dataLayer || [];
  layer.forEach(send);
  layer.push = function () { for (var i = 0; i < arguments.length; i++) send(arguments[i]); return Array.prototype.push.apply(layer, arguments); };
})();`,
  meta: `(function () {${send("meta")}
  var fbq = window.fbq;
  if (!fbq) return;
  (fbq.queue || []).forEach(send);
  fbq.queue = [];
  fbq.callMethod = function () { send(arguments); };
})();`,
  tiktok: `(function () {${send("tiktok")}
  var ttq = window.ttq = window.ttq || [];
  ttq.slice().forEach(send);
  ttq.push = function () { for (var i = 0; i < arguments.length; i++) send(arguments[i]); return arguments.length; };
})();`,
};

type Express = {
  get(path: string, handler: (req: { params: Record<string, string> }, res: ExpressResponse) => void): void;
  post(path: string, parser: unknown, handler: (req: { body: unknown; get(name: string): string | undefined }, res: ExpressResponse) => void): void;
};
type ExpressResponse = {
  status(code: number): ExpressResponse;
  type(type: string): ExpressResponse;
  send(body: string): void;
  json(body: unknown): void;
  end(): void;
  set(name: string, value: string): ExpressResponse;
};

/** The routes server/app.ts mounts with mocks on: the platforms' scripts, the collector, and what it holds. */
export function mountAnalytics(app: Express, json: unknown) {
  app.get("/__mocks/analitica/recibido", (_req, res) => res.json(receivedCalls()));
  app.get("/__mocks/analitica/:script", (req, res) => {
    const script = platformScripts[req.params.script?.replace(/\.js$/, "") ?? ""];
    if (!script || !req.params.script?.endsWith(".js")) return res.status(404).end();
    res.set("Cache-Control", "no-store").type("application/javascript").send(script);
  });
  app.post("/__mocks/analitica/recibido", json, (req, res) => {
    const referer = req.get("referer");
    res.status(collect(req.body, referer ? new URL(referer).pathname : "") ? 204 : 400).end();
  });
}
