import { describe, expect, it } from "vitest";
import { clearPreviewCookie, previewCookie, previewCookieValue, previewLinkPath, signPreview, verifyPreview } from "./preview-link.server";

const SECRET = "e2e-only-preview-secret-0123456789abcdef";
const NOW = Date.UTC(2026, 10, 26, 18, 0, 0);
const IN_8_HOURS = NOW + 8 * 3_600_000;

describe("preview links: signed with PREVIEW_SECRET, valid until their expiry", () => {
  it("a link signed with the secret opens until it expires, and says when that is", () => {
    const value = signPreview(SECRET, IN_8_HOURS);
    expect(verifyPreview(SECRET, value, NOW)).toEqual({ ok: true, expiresAt: IN_8_HOURS });
    expect(verifyPreview(SECRET, value, IN_8_HOURS - 1_000)).toMatchObject({ ok: true });
  });

  it("an expired link is refused as expired", () => {
    const value = signPreview(SECRET, IN_8_HOURS);
    expect(verifyPreview(SECRET, value, IN_8_HOURS)).toEqual({ ok: false, reason: "expired" });
    expect(verifyPreview(SECRET, signPreview(SECRET, NOW - 1_000), NOW)).toEqual({ ok: false, reason: "expired" });
  });

  it("a stretched expiry, an edited signature or another secret's link is refused as tampered", () => {
    const value = signPreview(SECRET, IN_8_HOURS);
    const [expiry, signature] = value.split(".") as [string, string];
    expect(verifyPreview(SECRET, `${Number(expiry) + 86_400}.${signature}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(verifyPreview(SECRET, `${expiry}.${flipped}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(verifyPreview("another-secret-of-the-same-length-012345", value, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("anything that is not a signed value is refused as malformed", () => {
    for (const value of [undefined, null, "", "abc", `${signPreview(SECRET, IN_8_HOURS)}x`, "1795725572.", ".abc", "1795725572.a b"]) {
      expect(verifyPreview(SECRET, value, NOW), String(value)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("the link's path carries the value and the page to land on", () => {
    expect(previewLinkPath("1.abc")).toBe("/vista-previa?firma=1.abc");
    expect(previewLinkPath("1.abc", "/recargas")).toBe("/vista-previa?firma=1.abc&volver=%2Frecargas");
  });
});

describe("the preview cookie", () => {
  it("is HttpOnly, SameSite=Lax, Secure and __Host- in production, and ends with the link", () => {
    const value = signPreview(SECRET, IN_8_HOURS);
    expect(previewCookie(value, IN_8_HOURS, { isProduction: true, now: NOW })).toBe(`__Host-bait_vista_previa=${value}; Path=/; Max-Age=28800; HttpOnly; SameSite=Lax; Secure`);
    expect(previewCookie(value, IN_8_HOURS, { isProduction: false, now: NOW })).toBe(`bait_vista_previa=${value}; Path=/; Max-Age=28800; HttpOnly; SameSite=Lax`);
    expect(clearPreviewCookie({ isProduction: true })).toMatch(/^__Host-bait_vista_previa=; Path=\/; Max-Age=0;/);
  });

  it("is read from a Cookie header by its exact name", () => {
    expect(previewCookieValue("bait_vid=1; __Host-bait_vista_previa=1.abc; x=y", true)).toBe("1.abc");
    expect(previewCookieValue("xbait_vista_previa=1.abc", false)).toBeUndefined();
    expect(previewCookieValue("bait_vista_previa=1.abc", true)).toBeUndefined();
  });
});
