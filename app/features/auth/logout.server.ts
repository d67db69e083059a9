import { redirect } from "@remix-run/node";
import { logger } from "~/lib/log.server";
import { destroySession, findCustomer, getSession } from "~/lib/session.server";
import { logout as legacyLogout } from "~/upstream/conn/access.server";
import { endSsoSession } from "~/upstream/sso.server";
import { profileOfUserType } from "#schemas/line";


/**
 * Logout (docs/accounts.md): ends the upstream session the customer signed in with (deleteSSO for single
 * sign-on, operacion "logout" for a legacy account), then ends ours (its record is deleted: the
 * cookie, kept or copied, opens nothing any more) and goes home. Our session is ended whatever the
 * upstream answers: a customer who asks to leave, leaves.
 */
export async function logoutAction(request: Request): Promise<Response> {
  const customer = await findCustomer(request);
  if (customer) {
    const { user, tokens, auth } = customer;
    const result =
      auth === "sso"
        ? await endSsoSession(tokens.access)
        : await legacyLogout({ profile: profileOfUserType[user.userType], number: user.serviceNumber ?? user.number, access: tokens.access });
    if (!result.ok) logger("auth").warn({ call: result.error.call }, "el cierre de sesión en el servicio falló; la sesión local se borra igual");
  }
  const session = await getSession(request);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await destroySession(session) } });
}
