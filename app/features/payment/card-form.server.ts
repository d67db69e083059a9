import * as z from "zod";
import { cardFormSchema, legalSchema, maskCard, parseExpiry } from "#schemas/forms/card";
import { postalLookup } from "~/features/address/postal.server";
import { parseForm } from "~/lib/forms";
import { translate } from "~/lib/i18n/translate.server";
import { envelopeSchema, seal, type Envelope } from "~/upstream/crypto.server";
import type { PluginSetup } from "~/upstream/payments/plugin.server";
import { cardFieldsOf, chargePayload, NO_BILLING, type BillingFields } from "./charge-payload";
import type { CardSummary, PluginView, PostalAnswer } from "./checkout-data";
import { answer, CARD_FIELDS, errorMessage, settle, type PayContext } from "./outcome.server";
import { legalOptions } from "./plugin.server";

/**
 * Provider type 1, the card form. Card data (number, expiry, CVV) is never logged, never put in
 * the session, never sent back to the page: a form answered with errors comes back without
 * them, and the no-JS summary carries only the sealed envelope (readable by the card provider
 * alone) and the masked card.
 */

/** The values typed, minus the card's: what may travel back into the page. */
export function withoutCard(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !CARD_FIELDS.includes(name) && name !== "sealed") out[name] = value;
  return out;
}

/** The billing address from the server's own postal lookup: never the state or city the page posted. */
async function billingOf(plugin: PluginView, values: { address?: string; postalCode?: string; colonia?: string }) {
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
function billingRefused(submission: ReturnType<typeof parseForm>, refusal: BillingRefusal) {
  return withColonias(submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields: CARD_FIELDS }), refusal.postal);
}

function withColonias(result: ReturnType<ReturnType<typeof parseForm>["reply"]>, postal: PostalAnswer | undefined) {
  if (!postal?.ok) return answer({ result });
  const only = postal.colonias.length === 1 ? postal.colonias[0]!.id : undefined;
  return answer({ result: only ? { ...result, initialValue: { ...(result.initialValue ?? {}), colonia: only } } : result, postal });
}

/**
 * A card form refused by its schema: when the colonia is among what is missing and the postal code
 * is a valid one, the answer lists the code's colonias (without JavaScript nobody had looked them up).
 */
async function schemaRefused(submission: ReturnType<typeof parseForm>, plugin: PluginView, form: FormData) {
  const result = submission.reply({ hideFields: CARD_FIELDS });
  const postalCode = String(form.get("postalCode") ?? "").trim();
  if (!plugin.asksAddress || !result.error?.colonia || !/^\d{5}$/.test(postalCode)) return answer({ result });
  return withColonias(result, await postalLookup(postalCode));
}

/** Step 1 of 2 without JavaScript: check the card, seal it at once, show the summary. */
export async function cardDetails(form: FormData, plugin: PluginView, setup: PluginSetup) {
  const submission = parseForm(form, cardFormSchema({ address: plugin.asksAddress, legal: null }));
  if (submission.status !== "success") return schemaRefused(submission, plugin, form);
  const value = submission.value;
  const billing = await billingOf(plugin, value);
  if (!billing.ok) return billingRefused(submission, billing);
  const sealed = sealCard(value, billing.billing, setup);
  if (!sealed) return answer({ result: submission.reply({ hideFields: CARD_FIELDS }), message: errorMessage(translate("payment:payment.failed")) }, 500);
  return answer(
    {
      summary: {
        sealed: JSON.stringify(sealed),
        holder: `${value.firstName} ${value.lastName}`,
        card: maskCard(value.cardNumber),
        expiry: expiryText(value.expiry),
        address: plugin.asksAddress ? `${value.address}, ${translate("payment:checkout.colony", { name: billing.coloniaName })}, C.P. ${value.postalCode}` : null,
      },
    },
    200,
  );
}

function expiryText(value: string): string | null {
  const parsed = parseExpiry(value);
  return parsed ? `${String(parsed.month).padStart(2, "0")}/${String(parsed.year % 100).padStart(2, "0")}` : null;
}

type CardValues = { firstName: string; lastName: string; cardNumber: string; expiry: string; cvv: string };

/** Seals the card for the provider (the no-JS path): from here on it exists only as ciphertext. */
function sealCard(value: CardValues, billing: BillingFields, setup: PluginSetup): Envelope | null {
  const expiry = parseExpiry(value.expiry);
  if (!expiry) return null;
  const payload = chargePayload({ firstName: value.firstName, lastName: value.lastName }, billing, cardFieldsOf({ ...value, expiry }));
  const sealed = seal(payload, setup.provider.publicKey);
  return sealed.ok ? sealed.value.envelope : null;
}

function parseSealed(value: FormDataEntryValue | null): Envelope | null {
  if (typeof value !== "string" || value.length > 8192) return null;
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function summaryOf(form: FormData): CardSummary | undefined {
  const parsed = z
    .object({ sealed: z.string(), holder: z.string().max(160), card: z.string().regex(/^•••• \d{4}$/), address: z.string().max(300).nullable() })
    .safeParse({ sealed: form.get("sealed"), holder: form.get("holder"), card: form.get("card"), address: form.get("address") ?? null });
  // After an error the expiry is not shown again.
  return parsed.success ? { ...parsed.data, expiry: null } : undefined;
}
/**
 * The pay button of the card form. With JavaScript (and on the no-JS summary) the card arrives
 * sealed; without JavaScript and without a details step, it arrives in the form and is sealed
 * here before anything else happens to it.
 */
export async function payWithCard(request: Request, form: FormData, context: PayContext) {
  const { plugin, setup } = context;
  const sealedField = form.get("sealed");
  if (sealedField !== null) {
    const legal = parseForm(form, legalSchema(legalOptions(plugin)));
    const summary = summaryOf(form);
    if (legal.status !== "success") return answer({ result: legal.reply({ hideFields: CARD_FIELDS }), ...(summary ? { summary } : {}) });
    const envelope = parseSealed(sealedField);
    if (!envelope) return answer({ message: errorMessage(translate("payment:checkout.encryptFailed")), reset: true });
    return settle(request, context, { sealedData: envelope });
  }

  const submission = parseForm(form, cardFormSchema({ address: plugin.asksAddress, legal: legalOptions(plugin) }));
  if (submission.status !== "success") return schemaRefused(submission, plugin, form);
  const billing = await billingOf(plugin, submission.value);
  if (!billing.ok) return billingRefused(submission, billing);
  const envelope = sealCard(submission.value, billing.billing, setup);
  if (!envelope) return answer({ result: submission.reply({ hideFields: CARD_FIELDS }), message: errorMessage(translate("payment:payment.failed")) }, 500);
  return settle(request, context, { sealedData: envelope }, submission.reply({ hideFields: [...CARD_FIELDS, "privacy", "terms"] }));
}
