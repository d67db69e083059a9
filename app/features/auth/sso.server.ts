import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { exchangeSsoCode, startSsoLogin } from "~/upstream/sso.server";
import { ssoUser } from "./login.server";
import { signIn } from "./session.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { LOGIN_PATH } from "./urls";

/**
 * Single sign-on (flag sso, docs/accounts.md, spec §7). /sso starts the round trip: a `state` from the SSO
 * service is kept in the session and the browser goes to the SSO server's authorize page;
 * /sso-callback checks that state, exchanges the code server-side (api/core/sso/account) and
 * signs the customer in. The flag is evaluated for the session's customer or, for a visitor,
 * for the number they name (`?numero=`, passed on to the SSO server as the login hint).
 */
const TEN_DIGITS = /^\d{10}$/;

const subject = (context: AppLoadContext, user: { number?: string; email?: string } | null) => flagSubject(context, user);

export const ssoAccountLinks = () =>
  env.ssoServerUrl
    ? {
        changePassword: `${env.ssoServerUrl}/cuenta/contrasena`,
        updatePhone: `${env.ssoServerUrl}/cuenta/telefono`,
        deleteAccount: `${env.ssoServerUrl}/cuenta/eliminar`,
        register: `${env.ssoServerUrl}/registro`,
      }
    : null;

/** GET /sso: the account page for a signed-in customer, the start of the login for a visitor. */
export async function ssoStart(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const numero = url.searchParams.get("numero") ?? "";
  const hint = TEN_DIGITS.test(numero) ? numero : undefined;
  if (!isOn("sso", subject(context, user ?? (hint ? { number: hint } : null)))) throw redirect("/");
  if (user) return { kind: "account" as const, name: user.name, links: ssoAccountLinks() };

  const started = await startSsoLogin({ redirectUri: new URL("/sso-callback", url).href, loginHint: hint });
  if (!started.ok) throw await redirectWithNotice(request, LOGIN_PATH, "auth:login.ssoFailed");
  const session = await getSession(request);
  session.set("sso", { state: started.data.state, ...(hint ? { hint } : {}) });
  throw redirect(started.data.authorizeUrl, { headers: { "Set-Cookie": await commitSession(session), "Cache-Control": "no-store" } });
}

/** GET /sso-callback?code=&state=: only for the round trip this session started. */
export async function ssoCallback(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const session = await getSession(request);
  const pending = session.get("sso");
  if (!pending || !isOn("sso", subject(context, pending.hint ? { number: pending.hint } : null))) return redirect("/");

  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (!code || !state || state !== pending.state) {
    logger("sso").warn("callback con state distinto al de la sesión");
    return redirectWithNotice(request, LOGIN_PATH, "auth:login.ssoFailed");
  }
  const result = await exchangeSsoCode({ authCode: code, emailVerified: url.searchParams.get("email_verify") === "true", state });
  if (!result.ok) return redirectWithNotice(request, LOGIN_PATH, "auth:login.ssoFailed");
  const tokens = { access: result.data.accessToken, ...(result.data.refreshToken ? { refreshToken: result.data.refreshToken } : {}) };
  return signIn(request, { user: ssoUser(result.data), tokens, auth: "sso" });
}
