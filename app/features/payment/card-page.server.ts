import { randomUUID } from "node:crypto";
import { redirectDocument } from "@remix-run/node";
import * as z from "zod";
import type { CheckoutPost } from "#schemas/forms/card";
import type { CheckoutSale } from "#schemas/sale";
import { env } from "~/lib/env.server";
import { SECRET_FIELDS } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, type getSession } from "~/lib/session.server";
import { postalLookup } from "~/features/address/postal.server";
import { billingOf, billingRefused, schemaRefused } from "./card-form.server";
import type { CardSummary, PluginView } from "./checkout-data";
import { keepRequest } from "./keep-card.server";
import { answer, errorMessage, settle, type ParsedPost, type PayContext } from "./outcome.server";
import { CARD_PAGE_PARAMS, CHECKOUT_PATH } from "./urls";

/**
 * The card form without JavaScript (provider type 1, docs/payment.md "Card data"): the holder and
 * the billing address are typed here; the card on the provider's hosted payment page, a full page
 * of the provider's own (a mock route in the mock world, never a route of this app), which sends
 * the visitor back to the checkout with a single-use token. The round trip is kept in the session
 * (holder, address, our reference, then the token): never the card, which this server never sees.
 */

type Session = Awaited<ReturnType<typeof getSession>>;

const cardPageSchema = z.object({
  uuid: z.string(),
  ref: z.string(),
  holder: z.object({ firstName: z.string(), lastName: z.string() }),
  billing: z.object({ address: z.string(), colonia: z.string(), postalCode: z.string(), city: z.string(), state: z.string(), country: z.string() }),
  coloniaName: z.string().nullable(),
  token: z.string().optional(),
  last4: z.string().optional(),
  /** 'Guardar esta tarjeta…' ticked on step 1: the charge asks the provider to keep the card (keep-card.server.ts). */
  keep: z.boolean().optional(),
});
type CardPage = z.infer<typeof cardPageSchema>;

const tokenSchema = z.string().regex(/^tok_[A-Za-z0-9_-]{6,80}$/);

function cardPageOf(session: Session, sale: CheckoutSale): CardPage | null {
  const parsed = cardPageSchema.safeParse(session.get("cardPage"));
  return parsed.success && parsed.data.uuid === sale.uuid ? parsed.data : null;
}

function summaryOf(page: CardPage & { last4: string }): CardSummary {
  const { holder, billing } = page;
  return {
    holder: `${holder.firstName} ${holder.lastName}`,
    card: `•••• ${page.last4}`,
    expiry: null,
    address: page.coloniaName ? `${billing.address}, ${translate("payment:checkout.colony", { name: page.coloniaName })}, C.P. ${billing.postalCode}` : null,
  };
}

/** Step 1 without JavaScript: the holder and the address checked, then off to the provider's page. */
export async function startCardPage({ submission, value }: ParsedPost<CheckoutPost<"card-page">>, context: { sale: CheckoutSale; plugin: PluginView; session: Session; returnTo: string }) {
  const { plugin, sale, session } = context;
  if (!value) return schemaRefused(submission, plugin);
  const billing = await billingOf(plugin, value);
  if (!billing.ok) return billingRefused(submission, billing);
  const pageUrl = env.providerPaymentPageUrl;
  if (!pageUrl) return answer({ message: errorMessage(translate("payment:payment.unavailable")) }, 503);
  const ref = randomUUID();
  const page: CardPage = { uuid: sale.uuid, ref, holder: { firstName: value.firstName, lastName: value.lastName }, billing: billing.billing, coloniaName: billing.coloniaName, ...(value.keepCard ? { keep: true } : {}) };
  session.set("cardPage", page);
  const url = new URL(pageUrl, "http://provider.local");
  url.searchParams.set("ref", ref);
  url.searchParams.set("retorno", context.returnTo);
  url.searchParams.set("monto", sale.total.toFixed(2));
  const location = /^https?:\/\//.test(pageUrl) ? url.href : `${url.pathname}${url.search}`;
  // The provider's page is not ours: a full page load, with or without JavaScript.
  return redirectDocument(location, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * The checkout's loader on the provider's way back (`?ref=…&token=…&ultimos=1234`): the token is
 * kept for the pay button when the reference is this session's; the summary to confirm, or null.
 */
export function cardPageReturn(url: URL, session: Session, sale: CheckoutSale): CardSummary | null {
  const page = cardPageOf(session, sale);
  if (!page || url.searchParams.get(CARD_PAGE_PARAMS.ref) !== page.ref) return null;
  if (!page.token) {
    const token = tokenSchema.safeParse(url.searchParams.get(CARD_PAGE_PARAMS.token));
    const last4 = z.string().regex(/^\d{4}$/).safeParse(url.searchParams.get(CARD_PAGE_PARAMS.last4));
    if (!token.success || !last4.success) return null;
    page.token = token.data;
    page.last4 = last4.data;
    session.set("cardPage", page);
  }
  return page.last4 ? summaryOf({ ...page, last4: page.last4 }) : null;
}

/** 'Pagar' on the summary after the provider's page: the consents, then the charge with its token. */
export async function payWithCardPage(request: Request, { submission, value }: ParsedPost<CheckoutPost<"card-page-pay">>, context: PayContext & { session: Session }) {
  const page = cardPageOf(context.session, context.sale);
  if (!page?.token || !page.last4) return answer({ message: errorMessage(translate("payment:checkout.cardPageMissing")) });
  if (!value) return answer({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }), summary: summaryOf({ ...page, last4: page.last4 }) });
  // The hosted page's token is the provider's tokenised card: charged as its hosted product, type 2.
  const setup = { ...context.setup, provider: { ...context.setup.provider, typeCode: 2 as const } };
  // A failed charge brings step 1 back with the holder and the address (and the code's colonias), never the card.
  const kept = async () => ({
    result: { initialValue: { ...page.holder, address: page.billing.address, postalCode: page.billing.postalCode, colonia: page.billing.colonia } },
    postal: context.plugin.asksAddress ? await postalLookup(page.billing.postalCode) : undefined,
  });
  return settle(request, { ...context, setup }, { token: page.token, holder: page.holder, billing: page.billing, ...keepRequest(page.keep, context.keepFor) }, kept);
}

export const cardPageReturnPath = (cardFallback: boolean) => (cardFallback ? `${CHECKOUT_PATH}?metodo=tarjeta` : CHECKOUT_PATH);
