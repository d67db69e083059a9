import { createServer, type IncomingMessage } from "node:http";
import { getResponse } from "msw";
import { logger } from "~/lib/log.server";
import { mintSession } from "./control";
import { handlers } from "./handlers";
import { UPSTREAM_NAMES } from "./upstream-names";

/**
 * The mock world as a server of its own, for running the app as it runs in production: without
 * the mock upstream in its process (MOCKS=false), calling it over HTTP. `npm run bench` uses it
 * for its "app, upstream in another process" cases. Each upstream is a path prefix:
 * `UPSTREAM_CORE_URL=http://127.0.0.1:<port>/core` reaches the handlers of
 * https://core.upstream.mock, and so on for every name of app/lib/env.server.ts (upstreamEnv of
 * ./upstream-names.ts gives the app's variables). POST
 * /__mocks/session mints a customer's access token, as the app's own hook does with mocks.
 *
 *   node --import tsx mocks/standalone.ts   (PORT, default 3999)
 */
async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const names = new Set<string>(Object.values(UPSTREAM_NAMES));

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://mock.local");
  const payload = req.method === "GET" || req.method === "HEAD" ? undefined : await body(req);
  if (url.pathname === "/__mocks/session" && req.method === "POST") {
    const access = mintSession((JSON.parse(payload?.toString() || "{}") as { number?: unknown }).number);
    res.writeHead(access ? 200 : 400, { "content-type": "application/json" }).end(JSON.stringify(access ? { access } : { error: "number must be 10 digits" }));
    return;
  }
  if (url.pathname === "/healthz") {
    res.writeHead(200).end("ok");
    return;
  }
  const [, name, ...rest] = url.pathname.split("/");
  if (!name || !names.has(name)) {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const request = new Request(`https://${name}.upstream.mock/${rest.join("/")}${url.search}`, { method: req.method, headers, body: payload && payload.length > 0 ? new Uint8Array(payload) : undefined });
  const response = await getResponse(handlers, request);
  if (!response) {
    res.writeHead(404).end();
    return;
  }
  const answer = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (key !== "content-encoding" && key !== "transfer-encoding" && key !== "content-length") out[key] = value;
  });
  res.writeHead(response.status, out).end(answer);
});

const port = Number(process.env.PORT ?? 3999);
server.listen(port, "127.0.0.1", () => logger("mocks").info({ port }, `mock upstream on http://127.0.0.1:${port}`));
