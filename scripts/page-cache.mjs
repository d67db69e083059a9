// The rendered-HTML cache of anonymous pages (docs/performance.md): the first request renders, the
// next ones with the same key are answered from memory, with a fresh CSP nonce each. The page is
// gzipped once, when it is stored; each answer splices its nonce into it (spliced-gzip.mjs).
//
// What may be kept is the route's decision, not this cache's: only a 200 whose Cache-Control
// starts with `public` and that sets no cookie. Config pages answer `public` (render/page);
// anything personal, any open form or modal answers `private, no-store`, so a new feature that
// answers private is never cached.

import { acceptsGzip, prepareSplicedGzip, splicedGzip, splicedText } from "./spliced-gzip.mjs";

/** Cookies that never make a page personal: the visitor id, consent and campaign (the last two are in the variant). */
const SHARED_COOKIES = new Set(["bait_vid", "bait_cookies", "bait_campania"]);

function cookieNames(header) {
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
export function isCacheableRequest({ method, cookie = "" }) {
  if (method !== "GET" && method !== "HEAD") return false;
  return cookieNames(cookie).every((name) => SHARED_COOKIES.has(name) || !/bait/i.test(name));
}

/** Whether a finished response may be stored: the route said public, and it sets no cookie of its own. */
export function isCacheableResponse({ status, cacheControl, contentType, setsCookie }) {
  return status === 200 && /^\s*public\b/i.test(cacheControl ?? "") && /^text\/html\b/i.test(contentType ?? "") && !setsCookie;
}

/**
 * How long a stored response may be answered, in ms: the cache's own TTL, cut to the response's
 * `s-maxage` when that is shorter. A page with something scheduled (a banner's `from`, an offer's
 * `until`) says how many whole seconds are left until it changes (render/page/cache-variant.server.ts),
 * so no answer from memory outlives that moment; `s-maxage=0` is not stored at all.
 */
export function lifetimeOf(cacheControl, ttlMs) {
  const match = /(?:^|[,\s])s-maxage\s*=\s*(\d+)/i.exec(cacheControl ?? "");
  return match ? Math.min(ttlMs, Number(match[1]) * 1000) : ttlMs;
}

/** The URL (host and query included), the config version and the visitor's variant; null means do not cache. */
export function pageCacheKey({ host, url, variant, bot }) {
  if (variant === null || variant === undefined) return null;
  return `${host}\n${url}\n${variant}\n${bot ? "bot" : "browser"}`;
}

/** Of the stored headers, those a hit answered through express sets again: its middlewares have set the rest for this response. */
const KEPT_HEADERS = new Set(["content-type", "cache-control", "link", "x-robots-tag"]);

/** Headers of the stored response that belong to that response alone (the early answer sets its own). */
const OWN_HEADERS = new Set(["set-cookie", "x-request-id", "x-page-cache", "content-length", "content-encoding", "transfer-encoding", "date", "connection", "keep-alive"]);

/**
 * The express middleware. `variantOf(req, res)` names what changes the HTML for this visitor
 * (config version, flag outcomes, consent; null when the page must not be cached), `isBot`
 * whether the response is rendered whole (crawlers) or streamed.
 */
export function pageCache({ variantOf, isBot, ttlMs = 10_000, maxEntries = 500, maxBytes = 1_000_000, now = Date.now }) {
  /** @type {Map<string, { page: NonNullable<ReturnType<typeof prepareSplicedGzip>>; nonce: string; headers: Array<[string, unknown]>; storedAt: number; lifetimeMs: number }>} */
  const entries = new Map();

  function fresh(key) {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt > entry.lifetimeMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function store(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    // Oldest first: a Map keeps insertion order.
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  }

  /** Renders under way, by key: a crowd arriving at an expired page waits for one render. */
  const rendering = new Map();
  /** Keys whose last render was not storable (a private page), until when: their crowds render at once. */
  const privateUntil = new Map();
  /** A crowd waits this long at most for another request's render. */
  const MAX_WAIT_MS = 5_000;

  /**
   * The key of a request, or null. `res` is the express response (its visitor id) or absent for
   * the early answer, which has only the visitor's cookie: a page is stored only while no flag
   * depends on the visitor (page.server.ts), so both name the same key.
   */
  function keyOf(req, res) {
    if (!isCacheableRequest({ method: req.method, cookie: req.headers.cookie })) return null;
    return pageCacheKey({ host: req.headers.host ?? "", url: req.originalUrl ?? req.url, variant: variantOf(req, res), bot: isBot(req) });
  }

  function body(req, hit, nonce, headers) {
    if (!acceptsGzip(req.headers["accept-encoding"])) return splicedText(hit.page, nonce);
    // Already compressed: the compression middleware lets an encoded body through.
    headers["vary"] = "Accept-Encoding";
    headers["content-encoding"] = "gzip";
    return splicedGzip(hit.page, nonce);
  }

  function answer(req, res, hit) {
    // Through express the security headers are this response's already: only the page's own are set.
    for (const [name, value] of hit.headers) if (KEPT_HEADERS.has(name)) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.status(200);
    if (req.method === "HEAD") return res.end();
    // The nonce is per response: this response's (also in its CSP header) goes where the stored one was.
    const headers = {};
    const bytes = body(req, hit, res.locals.cspNonce, headers);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader("Content-Length", bytes.length);
    res.end(bytes);
  }

  /**
   * A hit answered before express and its middlewares run (server.mjs): the stored response's
   * headers (the security headers included, the CSP with this answer's nonce), this answer's
   * request id, the page with its nonce (`thisAnswer()` gives both, asked only for a hit).
   * Returns false when there is nothing to answer from.
   */
  function answerEarly(req, res, thisAnswer) {
    const key = keyOf(req, undefined);
    const hit = key ? fresh(key) : undefined;
    if (!hit) return false;
    const { nonce, requestId } = thisAnswer();
    const headers = {};
    for (const [name, value] of hit.headers) headers[name] = name === "content-security-policy" ? String(value).replaceAll(hit.nonce, nonce) : value;
    headers["x-request-id"] = requestId;
    headers["x-page-cache"] = "hit";
    const bytes = req.method === "HEAD" ? undefined : body(req, hit, nonce, headers);
    if (bytes) headers["content-length"] = bytes.length;
    res.writeHead(200, headers);
    res.end(bytes);
    return true;
  }

  const middleware = (req, res, next) => {
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

  function render(req, res, next, key) {
    const nonce = res.locals.cspNonce;
    res.setHeader("X-Page-Cache", "miss");
    if (req.method === "HEAD") return next();
    if (!rendering.has(key) && !res.destroyed) {
      // Settled when this answer is out or its visitor has gone ('close' covers both).
      let settle;
      const promise = new Promise((resolve) => (settle = resolve));
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
    const chunks = [];
    let size = 0;
    const keep = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > maxBytes) return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      keep(chunk, encoding);
      const cookiesAfter = [res.getHeader("set-cookie") ?? []].flat().length;
      const lifetimeMs = lifetimeOf(String(res.getHeader("cache-control") ?? ""), ttlMs);
      const storable =
        size <= maxBytes &&
        lifetimeMs > 0 &&
        isCacheableResponse({
          status: res.statusCode,
          cacheControl: String(res.getHeader("cache-control") ?? ""),
          contentType: String(res.getHeader("content-type") ?? ""),
          setsCookie: cookiesAfter > cookiesBefore,
        });
      if (!storable) {
        privateUntil.delete(key);
        privateUntil.set(key, now() + ttlMs);
        while (privateUntil.size > maxEntries) privateUntil.delete(privateUntil.keys().next().value);
      } else {
        privateUntil.delete(key);
        const headers = Object.entries(res.getHeaders()).filter(([name]) => !OWN_HEADERS.has(name));
        const page = prepareSplicedGzip(Buffer.concat(chunks).toString("utf8"), nonce);
        if (page) store(key, { page, nonce, headers, storedAt: now(), lifetimeMs });
      }
      return end.call(this, chunk, encoding, callback);
    };
    next();
  }
  middleware.size = () => entries.size;
  middleware.answerEarly = answerEarly;
  return middleware;
}
