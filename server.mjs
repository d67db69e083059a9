// The production server: express in front of the Remix build.
// Mocks are patched into fetch *before* the build is imported, so every upstream client sees them.
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

installGlobals({ nativeFetch: true });

const root = path.dirname(fileURLToPath(import.meta.url));
const isProduction = process.env.NODE_ENV === "production";
const useMocks = process.env.MOCKS ? process.env.MOCKS === "true" : !process.env.UPSTREAM_BASE_URL;
process.env.MOCKS = String(useMocks);

if (useMocks) {
  const { register } = await import("tsx/esm/api");
  register();
  const { startMockUpstream } = await import("./mocks/node.ts");
  startMockUpstream();
  console.info("[mocks] upstream calls are served by the mock world (MOCKS=true)");
}

const build = await import("./build/index.js");
const { applySecurity, rejectCrossSiteWrites, assignVisitorId } = await import("./scripts/http-guards.mjs");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true");
app.use(compression());

// Fingerprinted assets are immutable; everything else in public/ may change with a deploy.
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

app.get("/healthz", (_req, res) => res.type("text/plain").send("ok"));

app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
app.use(applySecurity({ isProduction }));
app.use(rejectCrossSiteWrites());
app.use(assignVisitorId({ isProduction, newId: randomUUID }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: build.mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      visitorId: res.locals.visitorId,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
    }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => {
  console.info(`Bait web listening on http://localhost:${port}`);
});
