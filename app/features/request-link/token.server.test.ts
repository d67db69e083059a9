import { describe, expect, it } from "vitest";
import { newLinkId, signLinkToken, verifyLinkToken } from "./token.server";

const SECRET = "test-request-link-secret-0123456789abcdef";
const PREVIOUS = "test-previous-link-secret-abcdef0123456789";
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const WEEK = 7 * 24 * 3600_000;

describe("the link's token: an opaque id, its expiry and an HMAC-SHA256 signature", () => {
  it("is short and carries nothing personal: 12 random characters, the expiry in base 36, 16 of signature", () => {
    const id = newLinkId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const token = signLinkToken(SECRET, id, NOW + WEEK);
    expect(token).toMatch(/^[A-Za-z0-9_-]{12}\.[0-9a-z]+\.[A-Za-z0-9_-]{16}$/);
    expect(token.length).toBeLessThanOrEqual(40);
    expect(token).not.toMatch(/\d{10}/);
    expect(newLinkId()).not.toBe(id);
  });

  it("verifies with its secret until it expires, to the second", () => {
    const token = signLinkToken(SECRET, "AbCdEfGhIjKl", NOW + WEEK);
    expect(verifyLinkToken([SECRET], token, NOW)).toEqual({ ok: true, id: "AbCdEfGhIjKl", expiresAt: NOW + WEEK });
    expect(verifyLinkToken([SECRET], token, NOW + WEEK - 1000)).toMatchObject({ ok: true });
    expect(verifyLinkToken([SECRET], token, NOW + WEEK)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses as tampered: another secret, a changed id, a stretched expiry, a changed signature, a cut or a foreign value", () => {
    const token = signLinkToken(SECRET, "AbCdEfGhIjKl", NOW + WEEK);
    const [id, expiry, signature] = token.split(".") as [string, string, string];
    expect(verifyLinkToken(["another-secret-0123456789abcdefghijk"], token, NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyLinkToken([SECRET], `ZbCdEfGhIjKl.${expiry}.${signature}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyLinkToken([SECRET], `${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyLinkToken([SECRET], `${id}.${expiry}.${signature.slice(0, 15)}${signature.endsWith("A") ? "B" : "A"}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    for (const value of [token.slice(0, -1), "", "hola", `${token}x`, null, 42, `../${token}`]) expect(verifyLinkToken([SECRET], value, NOW), String(value)).toEqual({ ok: false, reason: "tampered" });
  });

  it("an expired date is told only once the signature holds: a forged past date is tampered, not expired", () => {
    const token = signLinkToken(SECRET, "AbCdEfGhIjKl", NOW - 1000);
    expect(verifyLinkToken([SECRET], token, NOW)).toEqual({ ok: false, reason: "expired" });
    expect(verifyLinkToken(["another-secret-0123456789abcdefghijk"], token, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("rotation: a link signed with a previous secret still verifies until it expires", () => {
    const old = signLinkToken(PREVIOUS, "AbCdEfGhIjKl", NOW + WEEK);
    expect(verifyLinkToken([SECRET, PREVIOUS], old, NOW)).toMatchObject({ ok: true, id: "AbCdEfGhIjKl" });
    expect(verifyLinkToken([SECRET, PREVIOUS], old, NOW + WEEK)).toEqual({ ok: false, reason: "expired" });
    expect(verifyLinkToken([SECRET], old, NOW)).toEqual({ ok: false, reason: "tampered" });
  });
});
