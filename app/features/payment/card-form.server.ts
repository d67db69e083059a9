import type { CheckoutPost } from "#schemas/forms/card";
import { postalLookup } from "~/features/address/postal.server";
import type { FormSubmission } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { envelopeSchema, type Envelope } from "~/upstream/crypto.server";
import { NO_BILLING } from "./charge-payload";
import type { PluginView, PostalAnswer } from "./checkout-data";
import { keepRequest } from "./keep-card.server";
import { answer, CARD_FIELDS, errorMessage, settle, type ParsedPost, type PayContext } from "./outcome.server";

/**
 * Provider type 1, the card form. Card data (number, expiry, CVV) reaches this server only sealed
 * in the browser for the provider (with JavaScript); without JavaScript it is typed on the
 * provider's hosted payment page (card-page.server.ts). The holder's and the address's checks
 * here serve both.
 */

/** The values typed, minus the card's: what may travel back into the page. */
export function withoutCard(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) if (typeof value === "string" && !CARD_FIELDS.includes(name) && name !== "sealed") out[name] = value;
  return out;
}

/** The billing address from the server's own postal lookup: never the state or city the page posted. */
export async function billingOf(plugin: PluginView, values: { address?: string; postalCode?: string; colonia?: string }) {
  if (!plugin.asksAddress) return { ok: true as const, billing: NO_BILLING, coloniaName: null };
  const lookup = await postalLookup(values.postalCode ?? "");
  if (!lookup.ok) return { ok: false as const, field: "postalCode", message: lookup.message, postal: undefined };
  const colonia = lookup.colonias.find((candidate) => candidate.id === values.colonia);
  // No colonia chosen (without JavaScript nobody had listed them): the answer lists the code's colonias.
  if (!colonia) return { ok: false as const, field: "colonia", message: "payment:validation.coloniaRequired", postal: lookup };
  return {
    ok: true as const,
    billing: { address: values.address ?? "", colonia: colonia.id, postalCode: lookup.postalCode, city: lookup.city, state: lookup.state, country: lookup.country },
    coloniaName: colonia.name,
  };
}

type BillingRefusal = Extract<Awaited<ReturnType<typeof billingOf>>, { ok: false }>;

/**
 * The card form back with the billing address's problem: without the card; with the postal
 * code's colonias listed when the colonia is what is missing (the only one chosen when there is one).
 */
export function billingRefused(submission: FormSubmission, refusal: BillingRefusal) {
  return withColonias(submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields: CARD_FIELDS }), refusal.postal);
}

function withColonias(result: ReturnType<FormSubmission["reply"]>, postal: PostalAnswer | undefined) {
  if (!postal?.ok) return answer({ result });
  const only = postal.colonias.length === 1 ? postal.colonias[0]!.id : undefined;
  return answer({ result: only ? { ...result, initialValue: { ...(result.initialValue ?? {}), colonia: only } } : result, postal });
}

/**
 * A card form refused by its schema: when the colonia is among what is missing and the postal code
 * is a valid one, the answer lists the code's colonias (without JavaScript nobody had looked them up).
 */
export async function schemaRefused(submission: FormSubmission, plugin: PluginView) {
  const result = submission.reply({ hideFields: CARD_FIELDS });
  const posted = submission.payload.postalCode;
  const postalCode = typeof posted === "string" ? posted.trim() : "";
  if (!plugin.asksAddress || !result.error?.colonia || !/^\d{5}$/.test(postalCode)) return answer({ result });
  return withColonias(result, await postalLookup(postalCode));
}

function parseSealed(value: string | undefined): Envelope | null {
  if (value === undefined || value.length > 8192) return null;
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The pay button of the card form, with JavaScript: the card arrives sealed in the browser, the
 * only form it ever reaches this server in. Without JavaScript the card is typed on the
 * provider's hosted payment page instead (card-page.server.ts).
 */
export async function payWithCard(request: Request, { submission, value }: ParsedPost<CheckoutPost<"pay">>, context: PayContext) {
  if (submission.payload.sealed === undefined) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 400);
  if (!value) return answer({ result: submission.reply({ hideFields: CARD_FIELDS }) });
  const envelope = parseSealed(value.sealed);
  if (!envelope) return answer({ message: errorMessage(translate("payment:checkout.encryptFailed")), reset: true });
  return settle(request, context, { sealedData: envelope, ...keepRequest(value.keepCard, context.keepFor) });
}
