import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, CONSENT_COOKIE_VALUE } from "./consent-params";
import { consentCookie, hasConsent } from "./consent.server";

describe("the consent cookie", () => {
  it("the browser writes at 'Aceptar' the same value the server sets, and the server reads it as consent", async () => {
    const header = await consentCookie.serialize("aceptadas");
    expect(header.split(";")[0]).toBe(`${CONSENT_COOKIE}=${CONSENT_COOKIE_VALUE}`);
    expect(await hasConsent(new Request("http://localhost/", { headers: { Cookie: `${CONSENT_COOKIE}=${CONSENT_COOKIE_VALUE}` } }))).toBe(true);
  });
});
