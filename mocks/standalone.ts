import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getResponse } from "msw";
import { logger } from "~/lib/log.server";
import { chargesInFlight, held, mintSession, receivedCharges, release, reset, setSwitches } from "./control";
import { handlers } from "./handlers";
import type { CallSwitch } from "./switches";
import { UPSTREAM_NAMES } from "./upstream-names";

/**
 * The mock world as a server of its own, for running the app as it runs in production: without
 * the mock upstream in its process (MOCKS=false), calling it over HTTP. `npm run bench` uses it
 * for its "app, upstream in another process" cases. Each upstream is a path prefix:
 * `UPSTREAM_CORE_URL=http://127.0.0.1:<port>/core` reaches the handlers of
 * https://core.upstream.mock, and so on for every name of app/lib/env.server.ts (upstreamEnv of
 * ./upstream-names.ts gives the app's variables).
 *
 * Its test hooks (./control.ts), answered before the upstreams:
 * - POST /__mocks/session `{ "number": "55…" }` mints a customer's access token, as the app's own
 *   hook does with mocks;
 * - POST /__mocks/switches `{ "<call>": { latencyMs?, hold?, status?, malformed?, body? } }` sets
 *   switches (./switches.ts), 204;
 * - POST /__mocks/release lets every call held by a `hold` switch go on, 204; GET /__mocks/held
 *   `{ "count": n, "calls": { "<call>": n } }` says how many wait (a test waits for its call to be
 *   held, does what it tests meanwhile, and releases it: no guessed delay);
 * - POST /__mocks/reset restores the whole world and clears the switches, 204;
 * - GET /__mocks/charges lists the charges the payments upstream decided (receivedCharges);
 * - GET /__mocks/charges-in-flight `{ "count": n }`: the charges received and not decided yet
 *   (a test waits for them before it kills the app mid-charge);
 * - GET /healthz answers "ok".
 *
 * A request runs to its end even when the app hangs up meanwhile (a /cobrar held by a hold or
 * latency switch still decides and keeps its answer, as a provider would); the answer to a closed
 * connection is dropped.
 *
 *   node --import tsx mocks/standalone.ts   (PORT, default 3999)
 */
async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const names = new Set<string>(Object.values(UPSTREAM_NAMES));

/** Answers unless the client has gone: writing to a closed connection is a no-op. */
function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}, content?: string | Buffer) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, headers).end(content);
}

const json = (res: ServerResponse, status: number, value: unknown) => answer(res, status, { "content-type": "application/json" }, JSON.stringify(value));

function parsed(payload: Buffer | undefined): unknown {
  try {
    return JSON.parse(payload?.toString() || "{}");
  } catch {
    return undefined;
  }
}

/** The test hooks; false when the path is none of them. */
function control(method: string | undefined, pathname: string, payload: Buffer | undefined, res: ServerResponse): boolean {
  if (pathname === "/__mocks/session" && method === "POST") {
    const access = mintSession((parsed(payload) as { number?: unknown } | undefined)?.number);
    json(res, access ? 200 : 400, access ? { access } : { error: "number must be 10 digits" });
    return true;
  }
  if (pathname === "/__mocks/switches" && method === "POST") {
    const entries = parsed(payload);
    if (!entries || typeof entries !== "object" || Array.isArray(entries)) {
      json(res, 400, { error: "body must be a JSON object of call → switch" });
      return true;
    }
    setSwitches(entries as Record<string, CallSwitch>);
    answer(res, 204);
    return true;
  }
  if (pathname === "/__mocks/release" && method === "POST") {
    release();
    answer(res, 204);
    return true;
  }
  if (pathname === "/__mocks/held" && method === "GET") {
    json(res, 200, held());
    return true;
  }
  if (pathname === "/__mocks/reset" && method === "POST") {
    reset();
    answer(res, 204);
    return true;
  }
  if (pathname === "/__mocks/charges" && method === "GET") {
    json(res, 200, receivedCharges());
    return true;
  }
  if (pathname === "/__mocks/charges-in-flight" && method === "GET") {
    json(res, 200, { count: chargesInFlight() });
    return true;
  }
  if (pathname === "/healthz") {
    answer(res, 200, {}, "ok");
    return true;
  }
  return false;
}

async function serve(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://mock.local");
  const payload = req.method === "GET" || req.method === "HEAD" ? undefined : await body(req);
  if (control(req.method, url.pathname, payload, res)) return;
  const [, name, ...rest] = url.pathname.split("/");
  if (!name || !names.has(name)) {
    answer(res, 404);
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const request = new Request(`https://${name}.upstream.mock/${rest.join("/")}${url.search}`, { method: req.method, headers, body: payload && payload.length > 0 ? new Uint8Array(payload) : undefined });
  // Not tied to the client's connection: the handler runs to its end (and keeps what it decided) even if the app hangs up.
  const response = await getResponse(handlers, request);
  if (!response) {
    answer(res, 404);
    return;
  }
  const content = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (key !== "content-encoding" && key !== "transfer-encoding" && key !== "content-length") out[key] = value;
  });
  answer(res, response.status, out, content);
}

const server = createServer((req, res) => {
  // A client that hangs up mid-answer (EPIPE, ECONNRESET) is no reason to stop serving the others.
  res.on("error", () => undefined);
  req.on("error", () => undefined);
  serve(req, res).catch((error: unknown) => {
    logger("mocks").error({ err: error, path: req.url }, "el mock no pudo responder");
    answer(res, 500);
  });
});

const port = Number(process.env.PORT ?? 3999);
server.listen(port, "127.0.0.1", () => logger("mocks").info({ port }, `mock upstream on http://127.0.0.1:${port}`));
