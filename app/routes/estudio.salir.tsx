import type { ActionFunctionArgs } from "@remix-run/node";
import { signOutAction, signOutLoader } from "~/features/studio/auth/sign-in.server";

/**
 * /estudio/salir (docs/studio.md "Accounts and roles"): a POST ends the studio's session on the server and
 * goes to the sign-in page, which says so; a GET ends nothing and goes there too. A 404 while the
 * studio is off.
 */
export const loader = () => signOutLoader();

export const action = ({ request }: ActionFunctionArgs) => signOutAction(request);
