import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, CONSENT_COOKIE_VALUE } from "./consent-params";
import { acceptConsent, consentCookie, hasConsent } from "./consent.server";

describe("the consent cookie", () => {
  it("the browser writes at 'Aceptar' the same value the server sets, and the server reads it as consent", async () => {
    const header = await consentCookie.serialize("aceptadas");
    expect(header.split(";")[0]).toBe(`${CONSENT_COOKIE}=${CONSENT_COOKIE_VALUE}`);
    expect(await hasConsent(new Request("http://localhost/", { headers: { Cookie: `${CONSENT_COOKIE}=${CONSENT_COOKIE_VALUE}` } }))).toBe(true);
  });
});

/** 'Aceptar' without JavaScript: a form post with the page to come back to. */
async function acceptFrom(redirectTo: string) {
  const form = new FormData();
  form.set("redirectTo", redirectTo);
  const response = await acceptConsent(form);
  return response instanceof Response ? response.headers.get("Location") : null;
}

describe("'Aceptar' without JavaScript", () => {
  it("comes back to the page, without the settings overlay's parameter", async () => {
    expect(await acceptFrom("/recargas?cookies=opciones&section=internet")).toBe("/recargas?section=internet");
    expect(await acceptFrom("/promociones")).toBe("/promociones");
  });

  it.each(["/.//evil.example", "//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "https://evil.example", "/\t/evil.example", "/\n/evil.example"])(
    "goes home instead of following redirectTo=%j",
    async (redirectTo) => {
      expect(await acceptFrom(redirectTo)).toBe("/");
    },
  );
});
