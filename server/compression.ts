// Compression (server/app.ts): express's compression middleware, the build's precompressed copies,
// one deflate flush per burst of a streamed page, and the Accept-Encoding rules.
import { stat } from "node:fs";
import path from "node:path";
import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * The zlib level of what is rendered for one request (a page not in the page cache, a route's
 * data, an action's answer). Level 1 costs a third to a half of the default's CPU (level 6) for
 * about an eighth more bytes: the signed-in /home (44 KB of HTML) is 12.9 KB and 0.4–0.9 ms of
 * zlib at level 1, 11.4 KB and 1.4–1.6 ms at level 6 (docs/performance.md). Files
 * (the fingerprinted bundles, public/, the catalogues' JSON) keep the default: they are
 * compressed for a shared cache in front, and their bytes weigh on every first visit. The page
 * cache stores its pages gzipped once at level 9 (server/page-cache.ts).
 */
export const RENDERED_LEVEL = 1;

/** Whether a request asks for a file: a path with an extension, except a route's data (`/home.data`). */
export function asksForFile(pathname: string): boolean {
  const extension = path.extname(pathname);
  return extension !== "" && extension !== ".data";
}

/** express's compression middleware: the default level for files, RENDERED_LEVEL for the rest. */
export function compressResponses(): RequestHandler {
  const files = compression();
  const rendered = compression({ level: RENDERED_LEVEL });
  return (req, res, next) => (asksForFile(req.path) ? files : rendered)(req, res, next);
}

/**
 * Remix writes a document response chunk by chunk and calls `res.flush()` after each one (the
 * compression middleware's flush: a deflate sync flush). React hands over a page in a burst of
 * small chunks, so each page was compressed as dozens of separate deflate blocks, each one a
 * round trip to zlib's thread pool: the customer's /home went out as 11.3 KB of gzip where one
 * stream makes 7.8 KB, and zlib was a tenth of its CPU.
 *
 * This middleware (after compression) makes `res.flush()` happen once per burst: on the next
 * turn of the event loop after the last chunk written in it. Streaming still works: a part of
 * the page that arrives later (a deferred loader, a Suspense boundary) is its own burst and is
 * flushed as soon as it is written. A response that ends first needs no flush.
 */
export function coalescedFlush(_req: Request, res: Response & { flush?: () => void }, next: NextFunction): void {
  const flush = res.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    res.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded && !res.destroyed) flush.call(res);
      });
    };
  }
  next();
}

/** Whether an Accept-Encoding header names one of `codings` with a q above 0 (or none). */
function acceptsCoding(header: string, codings: readonly string[]): boolean {
  return header.split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (!codings.includes(name)) return false;
    const quality = params.find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** Whether an Accept-Encoding header takes gzip (named, with a q above 0). */
export function acceptsGzip(header = ""): boolean {
  return acceptsCoding(header, ["gzip", "x-gzip"]);
}

/** Whether an Accept-Encoding header takes Brotli (named, with a q above 0). */
export function acceptsBrotli(header = ""): boolean {
  return acceptsCoding(header, ["br"]);
}

/** What has precompressed copies (scripts/compress-build.mjs's COMPRESSED_EXTENSIONS), and their suffixes, the smaller first. */
const PRECOMPRESSED_EXTENSIONS = new Set([".js", ".css"]);
const CODINGS = [
  { name: "br", suffix: ".br", accepted: acceptsBrotli },
  { name: "gzip", suffix: ".gz", accepted: acceptsGzip },
] as const;

/**
 * The build's scripts and stylesheets as `npm run build` compressed them once (Brotli 11, gzip 9:
 * scripts/compress-build.mjs), for a request that takes that coding: the file's `.br` or `.gz`
 * copy, with its Content-Encoding, `Vary: Accept-Encoding` and the original's Content-Type. The
 * compression middleware leaves an answer that already has a Content-Encoding alone. Anything
 * else (another file, no copy, a request that takes neither coding, a path out of `dir`) goes on
 * to express.static, which the same `options` are for.
 */
export function precompressedFiles(dir: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !PRECOMPRESSED_EXTENSIONS.has(path.extname(req.path))) return next();
    const coding = CODINGS.find((candidate) => candidate.accepted(req.headers["accept-encoding"]));
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // A NUL byte makes fs throw at once: express.static refuses such a path with a 4xx.
    if (!coding || file.includes("\0") || !file.startsWith(root + path.sep)) return next();
    const copy = file + coding.suffix;
    stat(copy, (error, stats) => {
      if (error || !stats.isFile()) return next();
      res.setHeader("Content-Encoding", coding.name);
      const vary = String(res.getHeader("Vary") ?? "");
      if (!/\baccept-encoding\b/i.test(vary)) res.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      res.type(path.extname(file));
      res.sendFile(copy, options, (sendError?: Error) => {
        if (sendError && !res.headersSent) next(sendError);
      });
    });
  };
}
