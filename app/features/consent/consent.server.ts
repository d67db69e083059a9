import { createCookie, data, redirect } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { returnPath } from "~/lib/return-path.server";
import { CONSENT_ACCEPTED, CONSENT_COOKIE, CONSENT_MAX_AGE_S, COOKIE_PARAM } from "./consent-params";

/**
 * Consent lives in a cookie so the server renders the right state: no flash of the banner. Not
 * httpOnly: it holds no secret, and the browser writes it itself at 'Aceptar' (consent-params.ts)
 * so a reload at once keeps it.
 */
export const consentCookie = createCookie(CONSENT_COOKIE, {
  httpOnly: false,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  maxAge: CONSENT_MAX_AGE_S,
});

export async function hasConsent(request: Request): Promise<boolean> {
  return (await consentCookie.parse(request.headers.get("Cookie"))) === CONSENT_ACCEPTED;
}

export async function acceptConsent(form: FormData) {
  const setCookie = { "Set-Cookie": await consentCookie.serialize(CONSENT_ACCEPTED) };
  // With JavaScript the notice is sent in the background: no navigation, just the cookie.
  if (form.get("respuesta") === "json") return data({ ok: true }, { headers: setCookie });
  return redirect(returnPath(form.get("redirectTo"), { drop: [COOKIE_PARAM] }), {
    status: 303,
    headers: setCookie,
  });
}
