// The express app's guards (server/app.ts): security headers and CSP, CSRF, visitor id, request bodies.
import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import pino from "pino";
import { CONFIG_SCRIPT_ORIGINS, parseScriptOrigins, PLATFORM_SCRIPT_ORIGINS } from "../schemas/config/script-origins.mjs";

export const VISITOR_COOKIE = "bait_vid";

/**
 * Content-Security-Policy with the per-request nonce that Remix puts on its inline scripts. A
 * script runs from the site, with the nonce, or from an origin of `scriptSources` (scriptSourcesOf:
 * the marketing platforms' and the ones developers allow), never from one a script it trusts
 * inserts ('strict-dynamic' is not there: an editor's chat script ran through it: docs/security.md). On
 * the payment pages (`paymentPage`) no script but the site's own and the nonce's, and their forms
 * may lead to the card provider's hosted payment page (`formSources`).
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    isProduction,
    frameSources = [],
    paymentPage = false,
    formSources = [],
    scriptSources = [],
  }: { isProduction: boolean; frameSources?: string[]; paymentPage?: boolean; formSources?: string[]; scriptSources?: readonly string[] },
): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": paymentPage ? ["'self'", `'nonce-${nonce}'`] : ["'self'", `'nonce-${nonce}'`, ...scriptSources],
    // The nonce lets the checkout style its pay button with the plugin's configured colours (app/features/payment/button-style.ts).
    "style-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": isProduction ? ["'self'"] : ["'self'", "ws:"],
    "frame-src": ["'self'", ...frameSources],
    "frame-ancestors": ["'self'"],
    "form-action": paymentPage ? ["'self'", ...formSources] : ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * A CSP nonce per response: 128 bits of the system's CSPRNG, drawn 16 KB at a time (one draw per
 * 1,024 answers instead of one each).
 */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
export function newNonce(): string {
  if (nonceAt >= noncePool.length) {
    noncePool = randomBytes(16 * 1024);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}

/** Script and style elements written inline, their text as the browser reads it (raw text up to the closing tag). */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/**
 * A `<script>` whose type is not JavaScript (`application/json`: the page's texts) is a data
 * block: the browser never runs it, so it needs no nonce or hash.
 */
export function isDataBlock(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type !== undefined && type !== "module" && !/^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(type);
}

/**
 * The CSP hash source (`'sha256-…'`) of each inline script and style of a page, as a browser
 * computes it: over the element's text in UTF-8, line breaks normalised to LF as the HTML parser
 * does. Scripts with a `src` have no inline text to allow.
 */
export function inlineSourceHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag = "", attributes = "", text = ""] of html.matchAll(INLINE_ELEMENT)) {
    const isScript = tag.toLowerCase() === "script";
    if (isScript && (/\bsrc\s*=/i.test(attributes) || isDataBlock(attributes))) continue;
    const hash = `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`;
    (isScript ? scripts : styles).add(hash);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The policy of a page answered from the page cache: the nonce of the response that filled it
 * gives way to the hashes of the page's own inline scripts (script-src) and styles (style-src),
 * so every answer is the same bytes and no nonce is ever shared between two visitors.
 */
export function hashedPolicy(policy: string, nonce: string, hashes: { scripts: string[]; styles: string[] }): string {
  const nonceSource = `'nonce-${nonce}'`;
  return policy
    .split(";")
    .map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      if (!values.includes(nonceSource)) return directive.trim();
      const own = name === "script-src" ? hashes.scripts : name === "style-src" ? hashes.styles : [];
      return [name, ...values.flatMap((value) => (value === nonceSource ? own : [value]))].join(" ");
    })
    .join("; ");
}

/** The postpaid portal /bait-pospago frames when POSTPAID_SITE_URL does not name another (site.json's `postpaidSiteUrl`). */
const POSTPAID_PORTAL = "https://planes.bait.mx";

/**
 * The origins the pages may frame besides their own: the postpaid portal's (POSTPAID_SITE_URL's
 * origin, else the portal's), and every origin FRAME_SOURCES lists, separated by spaces (a card
 * provider's hosted fields). Listing a provider never drops the portal.
 */
export function frameSourcesOf(environment: { POSTPAID_SITE_URL?: string; FRAME_SOURCES?: string }): string[] {
  const portal = originsOf(environment.POSTPAID_SITE_URL);
  const extra = (environment.FRAME_SOURCES ?? "").split(/\s+/).filter(Boolean);
  return [...new Set([...(portal.length > 0 ? portal : [POSTPAID_PORTAL]), ...extra])];
}

/**
 * The origins script-src names besides the site's (docs/studio.md "Allowing a script origin"): the
 * marketing platforms' (their scripts' addresses are built in code), the list in code that config
 * may name, and SCRIPT_ORIGINS. Kept in code and in the deployment's settings: config never
 * widens it. A malformed SCRIPT_ORIGINS stopped the server at start (app/lib/boot-rules.mjs).
 */
export function scriptSourcesOf(environment: { SCRIPT_ORIGINS?: string }): string[] {
  return [...new Set([...PLATFORM_SCRIPT_ORIGINS, ...CONFIG_SCRIPT_ORIGINS, ...parseScriptOrigins(environment.SCRIPT_ORIGINS)])];
}

export function applySecurity({ isProduction }: { isProduction: boolean }): RequestHandler {
  const frameSources = frameSourcesOf({ POSTPAID_SITE_URL: process.env.POSTPAID_SITE_URL, FRAME_SOURCES: process.env.FRAME_SOURCES });
  const formSources = originsOf(process.env.PROVIDER_PAYMENT_PAGE_URL);
  const scriptSources = scriptSourcesOf({ SCRIPT_ORIGINS: process.env.SCRIPT_ORIGINS });
  return (req, res, next) => {
    const paymentPage = PAYMENT_PAGE.test(req.path ?? "");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce, { isProduction, frameSources, paymentPage, formSources, scriptSources }));
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

/** The payment pages: the checkout, its confirmation and the repeat with the kept card (app/features/consent/consented-tracking.tsx knows them too). */
const PAYMENT_PAGE = /^\/(pago(\/completado)?|recargar-de-nuevo)\/?$/;

/** The origin of an absolute URL (the provider's hosted payment page), for form-action; none for a path. */
function originsOf(url: string | undefined): string[] {
  try {
    return url && /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests that a browser marks as coming from another site.
 * Browsers send Origin on every POST (forms included) and Sec-Fetch-Site on all requests;
 * a request with neither comes from a non-browser client, which cookies cannot be ridden by.
 */
export function isCrossSiteWrite({ method, host, origin, secFetchSite }: { method: string; host: string; origin?: string; secFetchSite?: string }): boolean {
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

export function rejectCrossSiteWrites(): RequestHandler {
  return (req, res, next) => {
    const blocked = isCrossSiteWrite({
      method: req.method,
      host: req.headers.host ?? "",
      origin: req.headers.origin,
      secFetchSite: req.headers["sec-fetch-site"] as string | undefined,
    });
    if (blocked) {
      res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: origen no permitido.");
      return;
    }
    next();
  };
}

/**
 * A long-lived anonymous id: percentage rollouts hash it so a visitor keeps the same side.
 *
 * Every request has one (`res.locals.visitorId`: the cookie's, or a new one), but a newcomer is
 * given the cookie only with an answer that hashed the id (`readVisitorId`: the app's load context
 * reads it through it when a percentage flag is evaluated, app/features/flags/flags.server.ts)
 * and that is their own. A `public` answer (an anonymous page that a CDN, nginx or the page cache
 * may share between visitors) never sets it, or no shared cache could keep it: while a flag
 * hashes the id, the pages answer `private` (app/render/page/cache-variant.server.ts). A page that
 * evaluates no rollout needs no id, and its visitors get no cookie.
 */
export function assignVisitorId({ isProduction, newId }: { isProduction: boolean; newId: () => string }): RequestHandler {
  return (req, res, next) => {
    const cookies = req.headers.cookie ?? "";
    const match = cookies.match(new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f-]{36})`));
    let id = match?.[1];
    if (!id) {
      id = newId();
      const visitorId = id;
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        if (this.locals.visitorIdRead === true && !isPublic(this.getHeader("cache-control"))) {
          this.cookie(VISITOR_COOKIE, visitorId, {
            httpOnly: true,
            sameSite: "lax",
            secure: isProduction,
            maxAge: 365 * 24 * 3600 * 1000,
            path: "/",
          });
        }
        return writeHead.apply(this, args as never);
      } as Response["writeHead"];
    }
    res.locals.visitorId = id;
    next();
  };
}

/** The request's visitor id, for a percentage rollout that hashes it: a newcomer's answer then carries the id's cookie (unless public). */
export function readVisitorId(res: Response): string {
  res.locals.visitorIdRead = true;
  return String(res.locals.visitorId ?? "");
}

const isPublic = (cacheControl: unknown) => /^\s*public\b/i.test(String(cacheControl ?? ""));

const FORM_BODY = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
/** The largest body any form of the site sends (the card step, sealed, is a few KB). */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * What a page may be sent: the site's forms post `application/x-www-form-urlencoded` or
 * `multipart/form-data` (navigator.sendBeacon with FormData too), with a length, and small. Any
 * other body is refused before the app reads it: another type 415, no length 411, too big 413,
 * each with a Spanish page and one log line. (Remix would answer a JSON body with a 500.)
 */
/** The Spanish texts of the refusal pages (locales/es-MX/http.json `requestRefused`). */
export type RefusalTexts = { documentTitle: string; home: string } & Record<RefusalReason, { title: string; text: string }>;
export type RefusalReason = "unsupported" | "lengthRequired" | "tooLarge" | "cardData";
type RefusalFields = { status: number; method: string; path: string; reason: RefusalReason };
type RefusalLog = (fields: RefusalFields, res: Response) => void;

export function acceptFormBodiesOnly({ texts, maxBytes = MAX_FORM_BYTES, log = logRefusal }: { texts: RefusalTexts; maxBytes?: number; log?: RefusalLog }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method.toUpperCase())) return next();
    const refuse = (status: number, reason: RefusalReason) => {
      log({ status, method: req.method, path: req.path, reason }, res);
      // What was sent is not read: the connection closes once the answer is out.
      res.setHeader("Connection", "close");
      res.status(status).type("html").send(refusalPage(texts, reason, res.locals.cspNonce));
    };
    const type = req.headers["content-type"] ?? "";
    if (!FORM_BODY.test(type)) return refuse(415, "unsupported");
    const length = req.headers["content-length"];
    if (length === undefined) return refuse(411, "lengthRequired");
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) return refuse(413, "tooLarge");
    next();
  };
}

/** One line per refused request: JSON, no body, no query (it may carry personal data). The server (server/app.ts) puts the reason on the request's own log line instead. */
export function logRefusal(fields: RefusalFields): void {
  refusalLog.warn(fields, "request refused");
}
const refusalLog = pino({ level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid, module: "guards" }, timestamp: pino.stdTimeFunctions.isoTime });

const escapeHtml = (text: unknown) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small page in the site's voice; its styles carry this response's nonce (the CSP allows nothing else). */
export function refusalPage(texts: RefusalTexts, reason: RefusalReason, nonce: string | undefined): string {
  const { title, text } = texts[reason];
  return `<!DOCTYPE html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.documentTitle)}</title>
<style nonce="${escapeHtml(nonce ?? "")}">
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0b2a5b; background: #f4f7fb; }
main { max-width: 36rem; margin: 12vh auto; padding: 2rem 1.5rem; background: #fff; border-radius: 1rem; box-shadow: 0 2px 12px rgb(11 42 91 / 10%); }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
p { line-height: 1.5; color: #334155; }
a { display: inline-block; margin-top: 1rem; padding: 0.75rem 1.5rem; border-radius: 999px; background: #1471ce; color: #fff; font-weight: 700; text-decoration: none; }
a:focus-visible { outline: 3px solid #0b2a5b; outline-offset: 3px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<a href="/">${escapeHtml(texts.home)}</a>
</main>
</body>
</html>`;
}

/**
 * Field names that carry a card: its number (PAN), its security code (CVV/CVC/CSC) or its expiry,
 * in English or Spanish, in any case and with any separators (`cardNumber`, `card_number`,
 * `cc-number`, `numeroTarjeta`, `tarjeta[numero]`, `cvv2`, `cc-exp`, `vencimiento`…). Matched on
 * the name lowercased with everything but letters and digits removed. Not `number` nor `numero`
 * alone: the login's phone is `number`.
 */
const CARD_FIELD_NAMES = [
  /(card|cc|credit|debit|credito|debito)(number|num|no|numero|pan)/,
  /tarjeta/,
  /^(card)?pan$/,
  /cvv|cvc/,
  /^(cc|card)?csc$/,
  /securitycode|codigo(de)?seguridad/,
  /^(card|cc)?(exp|expiry|expiration|expdate|expirydate|expirationdate|expmonth|expyear)$/,
  /(card|cc)(exp|expiry|expiration)/,
  /vencimiento|caducidad/,
];

export function isCardFieldName(name: string): boolean {
  const flat = String(name).toLowerCase().replace(/[^a-z0-9]/g, "");
  return CARD_FIELD_NAMES.some((pattern) => pattern.test(flat));
}

/** The field names of a form body (urlencoded or multipart), never its values. */
export function formFieldNames(type: string, body: Buffer): string[] {
  if (/^\s*multipart\/form-data/i.test(type)) {
    return [...body.toString("latin1").matchAll(/content-disposition:[^\r\n]*?\bname="([^"]*)"/gi)].map((match) => match[1] ?? "");
  }
  return [...new URLSearchParams(body.toString("utf8")).keys()];
}

/**
 * No page of the site takes card data (docs/payment.md "Card data"): the card is sealed in the
 * browser, or typed on the provider's hosted payment page. A form body (already known to be a
 * form, with a length of at most MAX_FORM_BYTES: acceptFormBodiesOnly runs first) with a field
 * named like a card's is refused with 422 and a Spanish page, before the app reads it; the
 * refusal is logged without the body (its field names neither). A clean body is handed on
 * untouched: read here, then put back at the front of the request's stream for Remix.
 * `except`: a path prefix left alone (the mock world's provider pages, which do take a card).
 */
export function refuseCardFields({ texts, except = null, log = logRefusal }: { texts: RefusalTexts; except?: string | null; log?: RefusalLog }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method.toUpperCase()) || (except && req.path.startsWith(except))) return next();
    const expected = Number(req.headers["content-length"] ?? 0);
    if (!(expected > 0)) return next();
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.off("data", onData);
      req.off("end", finish);
      req.pause();
      const body = Buffer.concat(chunks);
      if (formFieldNames(req.headers["content-type"] ?? "", body).some(isCardFieldName)) {
        log({ status: 422, method: req.method, path: req.path, reason: "cardData" }, res);
        res.setHeader("Connection", "close");
        res.status(422).type("html").send(refusalPage(texts, "cardData", res.locals.cspNonce));
        return;
      }
      // Back where Remix reads it: the stream has not ended for its readers while bytes wait in it.
      if (body.length) req.unshift(body);
      next();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= expected) finish();
    };
    req.on("data", onData);
    req.on("end", finish);
  };
}
