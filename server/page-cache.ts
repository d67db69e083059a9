// The rendered-HTML cache of anonymous pages (docs/performance.md): the first request renders, the
// next ones with the same key are answered from memory. The page is stored once, as it will be
// answered: gzipped once, its CSP naming the hashes of its inline scripts and styles instead of
// the nonce of the response that filled it (computed once per fill), so every answer is the same
// bytes and nothing is rewritten per answer.
//
// What may be kept is the route's decision, not this cache's: only a 200 whose Cache-Control
// starts with `public` and that sets no cookie. Config pages answer `public` (render/page);
// anything personal, any open form or modal answers `private, no-store`, so a new feature that
// answers private is never cached.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { countPageCache } from "../app/lib/metrics.server";
import { acceptsGzip } from "./compression";
import { hashedPolicy, inlineSourceHashes } from "./http-guards";

/** Cookies that never make a page personal: the visitor id, consent and campaign (the last two are in the variant). */
const SHARED_COOKIES = new Set(["bait_vid", "bait_cookies", "bait_campania"]);

function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((pair) => pair.slice(0, pair.indexOf("=") >>> 0).trim())
    .filter(Boolean);
}

/**
 * Whether a request may be answered from, or stored in, the cache: a GET or HEAD of a visitor
 * without any other cookie of this site (a session, a flash notice, a registration flow, a preview
 * of the draft config: its pages are that visitor's alone and must never reach the others).
 * Third-party cookies (analytics) do not change the page.
 */
export function isCacheableRequest({ method, cookie = "" }: { method: string; cookie?: string }): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return cookieNames(cookie).every((name) => SHARED_COOKIES.has(name) || !/bait/i.test(name));
}

/** Whether a finished response may be stored: the route said public, and it sets no cookie of its own. */
export function isCacheableResponse({ status, cacheControl, contentType, setsCookie }: { status: number; cacheControl?: string; contentType?: string; setsCookie: boolean }): boolean {
  return status === 200 && /^\s*public\b/i.test(cacheControl ?? "") && /^text\/html\b/i.test(contentType ?? "") && !setsCookie;
}

/**
 * How long a stored response may be answered, in ms: the cache's own TTL, cut to the response's
 * `s-maxage` when that is shorter. A page with something scheduled (a banner's `from`, an offer's
 * `until`) says how many whole seconds are left until it changes (render/page/cache-variant.server.ts),
 * so no answer from memory outlives that moment; `s-maxage=0` is not stored at all.
 */
export function lifetimeOf(cacheControl: string | undefined, ttlMs: number): number {
  const match = /(?:^|[,\s])s-maxage\s*=\s*(\d+)/i.exec(cacheControl ?? "");
  return match ? Math.min(ttlMs, Number(match[1]) * 1000) : ttlMs;
}

/** The URL (host and query included), the config version and the visitor's variant; null means do not cache. */
export function pageCacheKey({ host, url, variant, bot }: { host: string; url: string; variant: string | null | undefined; bot: boolean }): string | null {
  if (variant === null || variant === undefined) return null;
  return `${host}\n${url}\n${variant}\n${bot ? "bot" : "browser"}`;
}

/** Headers of the rendered response that belong to that response alone (an answer from memory sets its own). */
const OWN_HEADERS = new Set(["set-cookie", "x-request-id", "x-page-cache", "content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive", "vary"]);

/** Of the stored headers, those a hit answered through express sets again: its middlewares have set the rest for this response. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "link", "x-robots-tag", "content-security-policy"]);

/** A stored page: its headers and its bytes, plain and gzipped, as every answer sends them. */
type Entry = {
  headers: OutgoingHttpHeaders;
  plain: Buffer;
  gzipped: Buffer;
  storedAt: number;
  lifetimeMs: number;
};

/** The request as the cache reads it: express's, or node's own for the early answer. */
type CacheRequest = IncomingMessage & { originalUrl?: string };

export type PageCacheOptions = {
  /** What changes the HTML for this visitor (config version, flag outcomes, consent); null: do not cache. */
  variantOf: (req: CacheRequest, res: Response | undefined) => string | null;
  /** Whether the response is rendered whole (crawlers) or streamed. */
  isBot: (req: CacheRequest) => boolean;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

/**
 * A stored page's headers, from the response that rendered it: its own (the security headers
 * included), the CSP with the hashes of the page's inline scripts and styles instead of that
 * response's nonce.
 */
function storedHeaders(rendered: OutgoingHttpHeaders, nonce: string, html: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(rendered)) if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = value;
  const policy = headers["content-security-policy"];
  if (policy !== undefined) headers["content-security-policy"] = hashedPolicy(String(policy), nonce, inlineSourceHashes(html));
  headers["vary"] = "Accept-Encoding";
  headers["x-page-cache"] = "hit";
  return headers;
}

/** The page as stored: the nonce attributes of the response that filled it go (no answer from memory carries a nonce). */
function withoutNonce(html: string, nonce: string): string {
  return nonce ? html.replaceAll(` nonce="${nonce}"`, "") : html;
}

/** The middleware, with `answerEarly` for the HTTP server and `size` for the tests. */
export type PageCache = ((req: Request, res: Response, next: NextFunction) => void) & {
  size: () => number;
  answerEarly: (req: IncomingMessage, res: ServerResponse, requestId: () => string) => boolean;
};

/**
 * The express middleware. `variantOf(req, res)` names what changes the HTML for this visitor
 * (config version, flag outcomes, consent; null when the page must not be cached), `isBot`
 * whether the response is rendered whole (crawlers) or streamed. The response that fills an entry
 * carries `res.locals.cspNonce` (its policy's nonce), which the stored page's hashes replace.
 */
export function pageCache({ variantOf, isBot, ttlMs = 10_000, maxEntries = 500, maxBytes = 1_000_000, now = Date.now }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt > entry.lifetimeMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first: a Map keeps insertion order.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  /** Renders under way, by key: a crowd arriving at an expired page waits for one render. */
  const rendering = new Map<string, { promise: Promise<void>; settle: () => void }>();
  /** Keys whose last render was not storable (a private page), until when: their crowds render at once. */
  const privateUntil = new Map<string, number>();
  /** A crowd waits this long at most for another request's render. */
  const MAX_WAIT_MS = 5_000;

  /**
   * The key of a request, or null. `res` is the express response (its visitor id) or absent for
   * the early answer, which has only the visitor's cookie: a page is stored only while no flag
   * depends on the visitor (page.server.ts), so both name the same key.
   */
  function keyOf(req: CacheRequest, res: Response | undefined): string | null {
    if (!isCacheableRequest({ method: req.method ?? "", cookie: req.headers.cookie })) return null;
    return pageCacheKey({ host: req.headers.host ?? "", url: req.originalUrl ?? req.url ?? "", variant: variantOf(req, res), bot: isBot(req) });
  }

  /** The stored bytes this request takes: gzipped when it accepts gzip (the compression middleware lets an encoded body through). */
  function body(req: IncomingMessage, hit: Entry): { bytes: Buffer; encoding?: "gzip" } {
    return acceptsGzip(req.headers["accept-encoding"]) ? { bytes: hit.gzipped, encoding: "gzip" } : { bytes: hit.plain };
  }

  function answer(req: Request, res: Response, hit: Entry) {
    countPageCache("hit");
    // Through express the security headers are this response's already: only the page's own (its policy included) are set.
    for (const [name, value] of Object.entries(hit.headers)) if (KEPT_HEADERS.has(name) && value !== undefined) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.setHeader("Vary", "Accept-Encoding");
    res.status(200);
    if (req.method === "HEAD") return res.end();
    const { bytes, encoding } = body(req, hit);
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", bytes.length);
    res.end(bytes);
  }

  /**
   * A hit answered before express and its middlewares run (server/app.ts): the stored headers
   * (the security headers and the hashed policy included), this answer's request id
   * (`requestId()`, asked only for a hit), the stored bytes. Returns false when there is nothing
   * to answer from.
   */
  function answerEarly(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
    const key = keyOf(req, undefined);
    const hit = key ? fresh(key) : undefined;
    if (!hit) return false;
    countPageCache("hit");
    const headers: OutgoingHttpHeaders = { ...hit.headers, "x-request-id": requestId() };
    if (req.method === "HEAD") {
      res.writeHead(200, headers);
      res.end();
      return true;
    }
    const { bytes, encoding } = body(req, hit);
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = bytes.length;
    res.writeHead(200, headers);
    res.end(bytes);
    return true;
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const key = keyOf(req, res);
    if (!key) return next();

    const hit = fresh(key);
    if (hit) return answer(req, res, hit);
    const pending = (privateUntil.get(key) ?? 0) > now() ? undefined : rendering.get(key);
    if (pending) {
      // What the render could not store (a private answer) this request renders itself; a
      // visitor who left while waiting needs nothing.
      const waited = setTimeout(() => pending.settle(), MAX_WAIT_MS);
      pending.promise.then(() => {
        clearTimeout(waited);
        if (res.destroyed || req.destroyed) return;
        const stored = fresh(key);
        if (stored) answer(req, res, stored);
        else render(req, res, next, key);
      });
      return;
    }
    render(req, res, next, key);
  };

  function render(req: Request, res: Response, next: NextFunction, key: string) {
    const nonce = String(res.locals.cspNonce ?? "");
    res.setHeader("X-Page-Cache", "miss");
    countPageCache("miss");
    if (req.method === "HEAD") return next();
    if (!rendering.has(key) && !res.destroyed) {
      // Settled when this answer is out or its visitor has gone ('close' covers both).
      let settle: () => void = () => {};
      const promise = new Promise<void>((resolve) => (settle = resolve));
      const entry = {
        promise,
        settle: () => {
          if (rendering.get(key) === entry) rendering.delete(key);
          settle();
        },
      };
      rendering.set(key, entry);
      res.once("close", entry.settle);
    }

    // Cookies set before the app runs (the visitor id) are this visitor's, not the page's.
    const cookiesBefore = [res.getHeader("set-cookie") ?? []].flat().length;
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > maxBytes) return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding as BufferEncoding, callback as () => void);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      keep(chunk, encoding);
      const cookiesAfter = [res.getHeader("set-cookie") ?? []].flat().length;
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      const lifetimeMs = lifetimeOf(cacheControl, ttlMs);
      const storable =
        size <= maxBytes &&
        lifetimeMs > 0 &&
        isCacheableResponse({
          status: res.statusCode,
          cacheControl,
          contentType: String(res.getHeader("content-type") ?? ""),
          setsCookie: cookiesAfter > cookiesBefore,
        });
      if (!storable) {
        privateUntil.delete(key);
        privateUntil.set(key, now() + ttlMs);
        while (privateUntil.size > maxEntries) privateUntil.delete(privateUntil.keys().next().value!);
      } else {
        privateUntil.delete(key);
        // Once per fill: the page without its nonce, its policy's hashes, its gzip.
        const html = withoutNonce(Buffer.concat(chunks).toString("utf8"), nonce);
        const plain = Buffer.from(html, "utf8");
        store(key, { headers: storedHeaders(res.getHeaders(), nonce, html), plain, gzipped: gzipSync(plain, { level: 9 }), storedAt: now(), lifetimeMs });
      }
      return end.call(this, chunk, encoding as BufferEncoding, callback as () => void);
    } as Response["end"];
    next();
  }
  return Object.assign(middleware, { size: () => entries.size, answerEarly });
}
