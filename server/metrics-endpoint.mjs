// Where the metrics are read (docs/operations.md "Metrics"): a server of their own on METRICS_PORT
// (METRICS_HOST, loopback by default) and, with METRICS_TOKEN, `GET /metrics` with
// `Authorization: Bearer <token>` on the site's port (server/metrics.ts); without the token the
// site's port answers /metrics with its 404 page. Under `npm start`'s workers (node:cluster) the
// primary holds prom-client's AggregatorRegistry: it asks every worker for its metrics and adds
// them up, for its own port and for a worker asked on the site's port. Plain JavaScript, so the
// primary (scripts/start.mjs) loads it without TypeScript.
import { createHash, timingSafeEqual } from "node:crypto";
import cluster from "node:cluster";
import { createServer } from "node:http";
import client from "prom-client";

const ASK = "bait:metrics?";
const ANSWER = "bait:metrics";
const digest = (text) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries the token (compared in constant time). Without a token
 * configured, nothing does.
 * @param {string | undefined} header
 * @param {string | undefined} token
 */
export function carriesToken(header, token) {
  if (!token) return false;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
  return Boolean(given) && timingSafeEqual(digest(/** @type {string} */ (given)), digest(token));
}

/**
 * The metrics as Prometheus's text: this process's registry, or the whole cluster's when this is a
 * worker of `npm start` (asked of the primary, which aggregates).
 * @returns {Promise<string>}
 */
export function metricsText() {
  if (!cluster.isWorker || !process.send) return client.register.metrics();
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off("message", listen);
      reject(new Error("the primary did not answer with the metrics"));
    }, 5_000);
    /** @param {{ type?: string; id?: string; text?: string; error?: string }} message */
    function listen(message) {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", listen);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text ?? "");
    }
    process.on("message", listen);
    process.send?.({ type: ASK, id });
  });
}

/**
 * In a worker: answers the primary's aggregation (prom-client's AggregatorRegistry listens once it
 * is made). In the primary: aggregates for the workers that ask, and returns how to read it all.
 * @returns {() => Promise<string>}
 */
export function clusterMetrics() {
  const aggregator = new client.AggregatorRegistry();
  if (cluster.isPrimary) {
    cluster.on("message", (worker, message) => {
      if (message?.type !== ASK) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: ANSWER, id: message.id, text }),
        (error) => worker.send({ type: ANSWER, id: message.id, error: String(error?.message ?? error) }),
      );
    });
  }
  return () => aggregator.clusterMetrics();
}

/**
 * The metrics' own HTTP server: `GET /metrics` (with the token when METRICS_TOKEN is set), 404
 * for anything else. Listens on `port` at `host` (127.0.0.1 unless METRICS_HOST says otherwise).
 * @param {{ port: number; host?: string; token?: string; read?: () => Promise<string>; onListening?: () => void }} options
 */
export function startMetricsServer({ port, host = "127.0.0.1", token, read = () => client.register.metrics(), onListening }) {
  const server = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || pathname !== "/metrics" || (token && !carriesToken(req.headers.authorization, token))) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("No encontrado\n");
      return;
    }
    read().then(
      (text) => res.writeHead(200, { "content-type": client.register.contentType, "cache-control": "no-store" }).end(text),
      () => res.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("Métricas no disponibles\n"),
    );
  });
  server.listen(port, host, onListening);
  return server;
}
