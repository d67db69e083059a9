import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The token of a 'Pide tu recarga' link (docs/request-link.md): `<id>.<expiry>.<signature>`, where
 * the id is 9 random bytes (12 base64url characters) naming the request kept server-side, the expiry
 * its end in seconds since the epoch written in base 36, and the signature the first 12 bytes of an
 * HMAC-SHA256 of both with REQUEST_LINK_SECRET (16 base64url characters). 38 characters in all,
 * and nothing personal: the line, the offer and the maker's words live in the shared state under
 * the id. A link signed with a previous secret (REQUEST_LINK_PREVIOUS_SECRETS) still verifies
 * until it expires, so a rotation never breaks a link already sent.
 */

const TOKEN = /^(?<id>[A-Za-z0-9_-]{12})\.(?<expiry>[0-9a-z]{1,10})\.(?<signature>[A-Za-z0-9_-]{16})$/;

/** A fresh request id: 72 random bits, never guessed, never reused. */
export const newLinkId = () => randomBytes(9).toString("base64url");

const signatureOf = (secret: string, id: string, expiry: string) => createHmac("sha256", secret).update(`pide-recarga.v1.${id}.${expiry}`).digest().subarray(0, 12);

/** The token of request `id` ending at `expiresAt` (ms since the epoch, rounded down to the second). */
export function signLinkToken(secret: string, id: string, expiresAt: number): string {
  const expiry = Math.floor(expiresAt / 1000).toString(36);
  return `${id}.${expiry}.${signatureOf(secret, id, expiry).toString("base64url")}`;
}

export type LinkTokenCheck = { ok: true; id: string; expiresAt: number } | { ok: false; reason: "tampered" | "expired" };

/**
 * Whether `token` was signed with one of `secrets` (the current one first) and has not expired. A
 * token that does not even look like one is "tampered" too: a link cut short or edited by hand.
 * The expiry counts only once the signature holds, so a forged date says nothing.
 */
export function verifyLinkToken(secrets: readonly string[], token: unknown, now = Date.now()): LinkTokenCheck {
  const parts = typeof token === "string" ? TOKEN.exec(token)?.groups : undefined;
  const { id, expiry, signature } = parts ?? {};
  if (!id || !expiry || !signature) return { ok: false, reason: "tampered" };
  const given = Buffer.from(signature, "base64url");
  const signed = given.length === 12 && secrets.some((secret) => timingSafeEqual(given, signatureOf(secret, id, expiry)));
  if (!signed) return { ok: false, reason: "tampered" };
  const expiresAt = parseInt(expiry, 36) * 1000;
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, id, expiresAt };
}
