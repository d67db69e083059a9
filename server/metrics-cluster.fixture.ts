// A stand-in for `npm start`'s cluster (scripts/start.mjs) for server/metrics-cluster.test.ts:
// a node:cluster primary that wires the metrics as start.mjs does (prom-client's
// AggregatorRegistry through clusterMetrics, METRICS_PORT through startMetricsServer), and two
// workers that observe each request they answer in the app's real instruments
// (app/lib/metrics.server.ts) and answer `GET /metrics` with the token as server/metrics.ts does
// (the primary's sum). Each worker answers with its pid and serves the config version its id says,
// so the test sees who answered and the gauge's lowest value. Run with `node --import tsx`.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { observeRequest, setConfigVersion } from "../app/lib/metrics.server";
import { carriesToken, clusterMetrics, metricsText, startMetricsServer } from "./metrics-endpoint.mjs";

const token = process.env.METRICS_TOKEN || undefined;
const WORKERS = 2;

if (cluster.isPrimary) {
  cluster.setupPrimary({ execArgv: process.execArgv });
  const read = clusterMetrics();
  let listening = 0;
  let metricsUp = false;
  const ready = () => {
    if (listening === WORKERS && metricsUp) process.stdout.write("ready\n");
  };
  cluster.on("listening", () => {
    listening += 1;
    ready();
  });
  for (let index = 0; index < WORKERS; index += 1) cluster.fork();
  startMetricsServer({ port: Number(process.env.METRICS_PORT), token, read, onListening: () => ((metricsUp = true), ready()) }).unref();
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  });
} else {
  clusterMetrics();
  setConfigVersion(10 + (cluster.worker?.id ?? 0));
  createServer((req, res) => {
    if (req.url === "/metrics" && carriesToken(req.headers.authorization, token)) {
      metricsText().then(
        (text) => res.writeHead(200, { "content-type": "text/plain" }).end(text),
        () => res.writeHead(503).end(),
      );
      return;
    }
    const started = process.hrtime.bigint();
    res.once("finish", () => observeRequest(req.method ?? "GET", "routes/r.$id", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    res.writeHead(200, { "content-type": "text/plain" }).end(String(process.pid));
  }).listen(Number(process.env.PORT), "127.0.0.1");
  process.on("SIGTERM", () => process.exit(0));
}
