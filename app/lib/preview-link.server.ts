import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Preview links (docs/config.md "Previews"): `/vista-previa?firma=<expiry>.<signature>`, where the
 * signature is an HMAC-SHA256 of the expiry with PREVIEW_SECRET. Whoever holds an unexpired link
 * sees the draft copy of pages-config (CONFIG_DRAFT_DIR); the same signed value is the preview
 * cookie, so the cookie ends when the link does and cannot be forged or stretched.
 */

/** The query parameter of the link. */
export const PREVIEW_PARAM = "firma";

/** The preview cookie: `__Host-` in production (Secure, Path=/, no Domain), as the session's. */
export const previewCookieName = (isProduction: boolean) => (isProduction ? "__Host-bait_vista_previa" : "bait_vista_previa");

/** Either name, in a Cookie header (entry.server.tsx keeps such answers private). */
export const PREVIEW_COOKIE_IN = /(?:^|;\s*)(?:__Host-)?bait_vista_previa=[^;]/;

const FORM = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (secret: string, expiresAtSeconds: number) => createHmac("sha256", secret).update(`vista-previa.v1.${expiresAtSeconds}`).digest("base64url");

/** The signed value for a link that ends at `expiresAt` (ms since the epoch, rounded down to the second). */
export function signPreview(secret: string, expiresAt: number): string {
  const seconds = Math.floor(expiresAt / 1000);
  return `${seconds}.${signatureOf(secret, seconds)}`;
}

export type PreviewCheck = { ok: true; expiresAt: number } | { ok: false; reason: "malformed" | "tampered" | "expired" };

/** Whether a link's (or cookie's) value was signed with this secret and has not expired. */
export function verifyPreview(secret: string, value: unknown, now = Date.now()): PreviewCheck {
  const match = typeof value === "string" ? FORM.exec(value) : null;
  if (!match) return { ok: false, reason: "malformed" };
  const seconds = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signatureOf(secret, seconds));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "tampered" };
  if (seconds * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, expiresAt: seconds * 1000 };
}

/** The link's path, with the page to land on (`volver`) when it is not the home page. */
export function previewLinkPath(value: string, volver?: string): string {
  const query = new URLSearchParams({ [PREVIEW_PARAM]: value });
  if (volver && volver !== "/") query.set("volver", volver);
  return `/vista-previa?${query.toString()}`;
}

/** The Set-Cookie of an opened preview: HttpOnly, SameSite=Lax, Secure in production, ending with the link. */
export function previewCookie(value: string, expiresAt: number, { isProduction, now = Date.now() }: { isProduction: boolean; now?: number }): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${previewCookieName(isProduction)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isProduction ? "; Secure" : ""}`;
}

/** The Set-Cookie that ends a preview. */
export function clearPreviewCookie({ isProduction }: { isProduction: boolean }): string {
  return `${previewCookieName(isProduction)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isProduction ? "; Secure" : ""}`;
}

/** The preview cookie's value in a Cookie header, if any. */
export function previewCookieValue(cookieHeader: string, isProduction: boolean): string | undefined {
  const name = previewCookieName(isProduction);
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
