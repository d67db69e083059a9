// Previews on an origin of their own (docs/studio.md "Previews", docs/config.md "Previews").
import type { RequestHandler, Response } from "express";
import { previewOriginOf } from "../app/lib/boot-rules.mjs";
import { refusalPage, type RefusalTexts } from "./http-guards";

/** The preview cookie, either name (app/lib/preview-link.server.ts previewCookieName). */
const PREVIEW_COOKIE = /^(?:__Host-)?bait_vista_previa$/;

/** The texts of its refusals (locales/es-MX/http.json `previewOrigin`). */
export type PreviewOriginTexts = { documentTitle: string; home: string; notFound: { title: string; text: string }; refused: { title: string; text: string } };

/** A Cookie header with only the preview cookie (`keep`), or every cookie but it. */
function cookiesWhere(header: string | undefined, keep: boolean): string {
  return (header ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair && PREVIEW_COOKIE.test(pair.slice(0, Math.max(0, pair.indexOf("=")))) === keep)
    .join("; ");
}

/** Set-Cookie headers other than the preview cookie's never leave the preview origin. */
function onlyPreviewCookiesSet(res: Response) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    const kept = (Array.isArray(value) ? value : [String(value)]).filter((cookie: string) => PREVIEW_COOKIE.test(cookie.slice(0, Math.max(0, cookie.indexOf("=")))));
    if (kept.length === 0) {
      res.removeHeader("Set-Cookie");
      return res;
    }
    return setHeader(name, kept);
  }) as Response["setHeader"];
}

/**
 * With PREVIEW_ORIGIN set, a preview (the drafts, an earlier version, the draft folder) is served
 * on that origin only, where nothing it runs can act for whoever opens it:
 *
 * - on the preview origin (the request's Host is PREVIEW_ORIGIN's): only the preview cookie is
 *   read (no session, the studio's or a customer's: a preview renders for a signed-out visitor)
 *   and only it is ever set; every /estudio address is a 404; nothing but GET and HEAD is
 *   answered, save the post that leaves the preview (403 otherwise).
 * - on the site's origin: the preview cookie is never read, and /vista-previa's links go on to the
 *   preview origin (the studio's already point there).
 *
 * A post from the preview origin to the site's is refused by rejectCrossSiteWrites (another
 * origin). Unset, previews open on the site's own origin, as before (never in production with the
 * studio on: app/lib/boot-rules.mjs).
 */
export function previewOriginGuard({ previewOrigin, texts }: { previewOrigin: string | undefined; texts: PreviewOriginTexts }): { cookies: RequestHandler; routes: RequestHandler } {
  if (!previewOrigin) return { cookies: (_req, _res, next) => next(), routes: (_req, _res, next) => next() };
  const { origin, host } = previewOriginOf(previewOrigin);
  const onPreview = (host_: string | undefined) => (host_ ?? "").toLowerCase() === host;
  const texted = (page: { title: string; text: string }): RefusalTexts => ({ documentTitle: texts.documentTitle, home: texts.home, unsupported: page, lengthRequired: page, tooLarge: page, cardData: page });
  return {
    // First of all, so the app (and its request context) never sees another cookie.
    cookies: (req, res, next) => {
      if (!onPreview(req.headers.host)) {
        req.headers.cookie = cookiesWhere(req.headers.cookie, false);
        return next();
      }
      req.headers.cookie = cookiesWhere(req.headers.cookie, true);
      onlyPreviewCookiesSet(res);
      next();
    },
    // After the security headers (its pages carry the response's nonce).
    routes: (req, res, next) => {
      const opening = (req.method === "GET" || req.method === "HEAD") && /^\/vista-previa\/?$/.test(req.path);
      if (!onPreview(req.headers.host)) {
        if (!opening) return next();
        res.setHeader("Cache-Control", "private, no-store");
        return res.redirect(303, `${origin}${req.originalUrl}`);
      }
      res.setHeader("X-Robots-Tag", "noindex");
      const refuse = (status: number, page: { title: string; text: string }) => {
        res.setHeader("Cache-Control", "private, no-store");
        // Its one-text page: the texts stand in for every reason refusalPage knows.
        res.status(status).type("html").send(refusalPage(texted(page), "unsupported", res.locals.cspNonce as string | undefined));
      };
      if (/^\/estudio(?:\/|$)/.test(req.path)) return refuse(404, texts.notFound);
      const leaving = req.method === "POST" && /^\/vista-previa\/?$/.test(req.path);
      if (req.method !== "GET" && req.method !== "HEAD" && !leaving) return refuse(403, texts.refused);
      next();
    },
  };
}
