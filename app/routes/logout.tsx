import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logoutAction } from "~/features/auth/logout.server";

export const loader = () => redirect("/");

/** Logout is a POST (a link must never log anybody out); it clears the session and goes home. */
export const action = ({ request }: ActionFunctionArgs) => logoutAction(request);
