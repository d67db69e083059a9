import { redirect } from "@remix-run/node";
import type { SessionUser } from "#schemas/session";
import { commitSession, getCustomer, getSession } from "~/lib/session.server";
import type { LineIdentity } from "~/upstream/conn/access.server";

/**
 * What the customer-area screens share (docs/profile.md): the signed-in customer or a redirect
 * home, the line as the account API names it, and a 303 that keeps a change in the session and
 * flashes its notice.
 */

export const NO_STORE = { "Cache-Control": "private, no-store" };

/** The signed-in customer; a cookie whose session ended goes to /login (getCustomer), anybody else home. */
export async function requireCustomerSession(request: Request) {
  const customer = await getCustomer(request);
  if (!customer) throw redirect("/", { headers: NO_STORE });
  return customer;
}

/** The line the customer is signed in with: service number for hbb / mifi (docs/accounts.md). */
export const lineNumberOf = (user: SessionUser) => user.serviceNumber ?? user.number;

export function lineIdentityOf(user: SessionUser): LineIdentity {
  if (user.userType === 1 || !user.serviceNumber) return { profile: "mbb", number: user.number };
  return { profile: user.userType === 2 ? "hbb" : "mifi", serviceNumber: user.serviceNumber, phone: user.number };
}

/** A 303 to `to` with the session's user changed and a notice to show once. */
export async function redirectWithUser(request: Request, to: string, change: Partial<SessionUser>, notice: string) {
  const session = await getSession(request);
  const user = session.get("user");
  if (user) session.set("user", { ...user, ...change });
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(session), ...NO_STORE } });
}
