import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession, getSession } from "~/lib/session.server";

/** Logout is a POST (a link must never log anybody out); it clears the session and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await destroySession(session) } });
}

export const loader = () => redirect("/");
