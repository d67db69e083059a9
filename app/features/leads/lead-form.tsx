import type { LeadKind } from "#schemas/forms/contact";
import { ContactForm } from "./contact-form";

/**
 * The contact modal's form as the chrome shows it (docs/leads.md). The server renders it with the
 * page; the browser loads this module only on a page whose URL opens the modal (the shell
 * imports it lazily), so no other page carries its code or its texts.
 */
export default function LeadForm(props: { kind: LeadKind; returnTo: string; privacyUrl: string }) {
  return <ContactForm {...props} />;
}

/*
 * Not used here: re-exported so that this lazily loaded module reaches the same shared modules
 * as every route (the translator, and the route error view beside it). The bundler splits a
 * shared chunk by which entry points reach each module; without this line the error view
 * becomes a chunk of its own and every page downloads one more file, 0.2 KB gzip of the home
 * page's budget (docs/leads.md "JavaScript budget").
 */
export { RouteError } from "~/components/route-error";
