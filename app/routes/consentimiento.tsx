import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { acceptConsent } from "~/features/consent/consent.server";
import { readForm } from "~/lib/forms";

export const loader = () => redirect("/");

/** 'Aceptar' of the cookie notice: a form post, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  return acceptConsent(await readForm(request));
}
