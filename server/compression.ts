// Compression (server/app.ts): express's compression middleware, one deflate flush per burst of a
// streamed page, and the Accept-Encoding rule of the page cache's stored gzip.
import type { NextFunction, Request, Response } from "express";

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

/** Whether an Accept-Encoding header takes gzip (named, with a q above 0). */
export function acceptsGzip(header = ""): boolean {
  return header.split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== "gzip" && name !== "x-gzip") return false;
    const quality = params.find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
