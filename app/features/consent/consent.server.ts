import { createCookie, data, redirect } from "@remix-run/node";
import { env } from "~/lib/env.server";

/** Consent lives in a cookie so the server renders the right state: no flash of the banner. */
export const consentCookie = createCookie("bait_cookies", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export async function hasConsent(request: Request): Promise<boolean> {
  return (await consentCookie.parse(request.headers.get("Cookie"))) === "aceptadas";
}

/** Only a path of this site; anything else (//evil.example, https://…) goes home. */
export function safeReturnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/";
}

export async function acceptConsent(form: FormData) {
  const setCookie = { "Set-Cookie": await consentCookie.serialize("aceptadas") };
  // With JavaScript the notice is sent in the background: no navigation, just the cookie.
  if (form.get("respuesta") === "json") return data({ ok: true }, { headers: setCookie });
  const back = new URL(safeReturnPath(form.get("redirectTo")), "http://local");
  back.searchParams.delete("cookies");
  return redirect(back.pathname + back.search, {
    status: 303,
    headers: setCookie,
  });
}
