// HTTP guards shared by the express server and its tests: security headers, CSRF, visitor id.
import { readFileSync } from "node:fs";

export const VISITOR_COOKIE = "bait_vid";

/** Content-Security-Policy with the per-request nonce that Remix puts on its inline scripts. */
export function contentSecurityPolicy(nonce, { isProduction, frameSources = [] }) {
  const directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    // The nonce lets the checkout style its pay button with the plugin's configured colours (app/features/payment/button-style.ts).
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": isProduction ? ["'self'"] : ["'self'", "ws:"],
    "frame-src": ["'self'", ...frameSources],
    "frame-ancestors": ["'self'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export function applySecurity({ isProduction }) {
  const frameSources = (process.env.FRAME_SOURCES ?? "https://planes.bait.mx").split(/\s+/).filter(Boolean);
  return (_req, res, next) => {
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce, { isProduction, frameSources }));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (isProduction && process.env.HSTS !== "false") {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests that a browser marks as coming from another site.
 * Browsers send Origin on every POST (forms included) and Sec-Fetch-Site on all requests;
 * a request with neither comes from a non-browser client, which cookies cannot be ridden by.
 */
export function isCrossSiteWrite({ method, host, origin, secFetchSite }) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (origin) {
    if (origin === "null") return true;
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  return false;
}

export function rejectCrossSiteWrites() {
  return (req, res, next) => {
    const blocked = isCrossSiteWrite({
      method: req.method,
      host: req.headers.host ?? "",
      origin: req.headers.origin,
      secFetchSite: req.headers["sec-fetch-site"],
    });
    if (blocked) {
      res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
      return;
    }
    next();
  };
}

/** A long-lived anonymous id: percentage rollouts hash it so a visitor keeps the same side. */
export function assignVisitorId({ isProduction, newId }) {
  return (req, res, next) => {
    const cookies = req.headers.cookie ?? "";
    const match = cookies.match(new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f-]{36})`));
    let id = match?.[1];
    if (!id) {
      id = newId();
      res.cookie(VISITOR_COOKIE, id, {
        httpOnly: true,
        sameSite: "lax",
        secure: isProduction,
        maxAge: 365 * 24 * 3600 * 1000,
        path: "/",
      });
    }
    res.locals.visitorId = id;
    next();
  };
}

// ---- Request bodies: what the site's forms send, of a size they send -------------------------

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** The largest form of the site (the SIM delivery form) is under 2 KB; 64 KB leaves room and still stops a flood. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const rejectedCopy = JSON.parse(readFileSync(new URL("../locales/es-MX/common.json", import.meta.url), "utf8")).requestRejected;

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** The small Spanish page of a refused request (415, 413, 405): the site's copy, no script, no echo of the request. */
export function rejectedRequestPage(reason, nonce = "") {
  const copy = rejectedCopy[reason];
  const style = nonce ? `<style nonce="${escapeHtml(nonce)}">body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;color:#1a1a1a}h1{font-size:1.5rem}a{color:#0b57d0}</style>` : "";
  return `<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.title)} | Bait</title>${style}</head><body><main class="rechazo" role="alert"><h1>${escapeHtml(copy.title)}</h1><p>${escapeHtml(copy.text)}</p><p><a href="/">${escapeHtml(rejectedCopy.home)}</a></p></main></body></html>`;
}

/** One line per refused request, JSON on stdout: the request log can take this function's place. */
export function logRejectedRequest({ status, reason, method, path }, write = (line) => process.stdout.write(line)) {
  write(`${JSON.stringify({ level: "warn", time: new Date().toISOString(), msg: "solicitud rechazada", status, reason, method, path })}\n`);
}

/** What a write's body is judged by: 415 for a type no form sends, 413 over the limit, null when it may go on. */
export function judgeBody({ method, contentType, contentLength, hasBody, limit = BODY_LIMIT_BYTES }) {
  if (!WRITE_METHODS.has(method.toUpperCase()) || !hasBody) return null;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return { status: 415, reason: "unsupportedType" };
  if (contentLength !== undefined && contentLength > limit) return { status: 413, reason: "tooLarge" };
  return null;
}

/**
 * Writes to the site carry a form (urlencoded or multipart) within BODY_LIMIT_BYTES, or are refused
 * with a Spanish page: a JSON or text body would make Remix's request.formData() throw (a 500).
 * A body of unknown length (chunked) is held until it ends, and refused once it passes the limit.
 * /__mocks/* (the mock world's JSON hooks) is not the site.
 */
export function guardRequestBodies({ limit = BODY_LIMIT_BYTES, log = logRejectedRequest, skip = (path) => path.startsWith("/__mocks/") } = {}) {
  const refuse = (req, res, { status, reason }) => {
    log({ status, reason, method: req.method, path: req.path ?? req.url });
    res.setHeader("Cache-Control", "no-store");
    // The rest of an unread body is not worth reading: the connection ends with this answer.
    res.setHeader("Connection", "close");
    res.status(status).type("html").send(rejectedRequestPage(reason, res.locals?.cspNonce));
  };
  return (req, res, next) => {
    if (skip(req.path ?? req.url)) return next();
    const lengthHeader = req.headers["content-length"];
    const contentLength = lengthHeader === undefined ? undefined : Number(lengthHeader);
    const chunked = lengthHeader === undefined && req.headers["transfer-encoding"] !== undefined;
    const hasBody = chunked || (contentLength !== undefined && contentLength > 0);
    const verdict = judgeBody({ method: req.method, contentType: req.headers["content-type"], contentLength, hasBody, limit });
    if (verdict) return refuse(req, res, verdict);
    if (!chunked || !WRITE_METHODS.has(req.method.toUpperCase())) return next();
    holdUntilEnd(req, limit, {
      tooLarge: () => refuse(req, res, { status: 413, reason: "tooLarge" }),
      complete: next,
    });
  };
}

/**
 * Keeps a chunked body's chunks as the parser hands them over (nobody reads the request yet),
 * then gives them back to the request at its end, so the Remix handler reads it as it came.
 */
function holdUntilEnd(req, limit, { tooLarge, complete }) {
  const push = req.push;
  const held = [];
  let size = req.readableLength;
  let over = false;
  if (req.complete) return size > limit ? tooLarge() : complete();
  req.push = function holdChunk(chunk, encoding) {
    if (chunk === null) {
      req.push = push;
      if (over) return push.call(req, null);
      for (const piece of held) push.call(req, piece);
      const result = push.call(req, null);
      complete();
      return result;
    }
    if (over) return true;
    size += chunk.length;
    if (size > limit) {
      over = true;
      held.length = 0;
      tooLarge();
      return true;
    }
    held.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
    return true;
  };
}
