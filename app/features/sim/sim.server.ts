import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { Submission } from "@conform-to/dom";
import * as z from "zod/mini";
import { POSTAL_CODE_INTENT, POSTAL_CODE_PATTERN } from "#schemas/forms/address";
import { simDeliverySchema } from "#schemas/forms/sim";
import { SALE_SESSION_KEY } from "#schemas/sale";
import { closeModalHref } from "~/components/url-modal";
import { limitedPostalLookup, type PostalLookup } from "~/features/address/postal.server";
import { type FormAnswer, refused } from "~/lib/form-answer.server";
import { retryAfterHeader } from "~/lib/retry-after";
import { readCampaign } from "~/features/campaign/campaign.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";
import { getRecharges } from "~/lib/config/config.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { findSimOffer } from "./offer.server";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { SIM_PARAM } from "./urls";
import { buildSimSale } from "./sale";

export type SimAnswer = FormAnswer & {
  /** The server's lookup of the posted postal code: the form comes back with its colonias (no JavaScript needed). */
  postal?: PostalLookup | null;
};

type ReplyOptions = { fieldErrors?: Record<string, string[]>; hideFields?: string[] };

function answer(submission: Submission<unknown>, postal: PostalLookup | null, status: number, options: ReplyOptions = {}, headers?: HeadersInit) {
  const result = submission.reply({ ...(options.fieldErrors ? { fieldErrors: options.fieldErrors } : {}), hideFields: [...SECRET_FIELDS, ...(options.hideFields ?? [])] });
  return data<SimAnswer>({ result, postal }, { status, ...(headers ? { headers } : {}) });
}

/**
 * 'Buscar colonias' (the form's way to the lookup without JavaScript): the form as typed, with
 * the code's colonias or the lookup's message, and no other field judged yet. A code the
 * lookup refused is cleared (docs/sim.md "field cleared"), and so is a colonia of another code.
 */
async function postalCodeAnswer(formData: FormData, postalCode: string, context: AppLoadContext) {
  // A schema that accepts anything: the reply carries what was typed and no errors.
  const submission = parseWithZod(formData, { schema: z.object({}) });
  if (!POSTAL_CODE_PATTERN.test(postalCode)) {
    return answer(submission, null, 400, { fieldErrors: { postalCode: ["address:postalCodeDigits"] }, hideFields: ["colony"] });
  }
  const postal = await limitedPostalLookup(postalCode, context);
  if (!postal.ok) return answer(submission, null, postal.limited ? 429 : 422, { fieldErrors: { postalCode: [postal.message] }, hideFields: ["postalCode", "colony"] }, retryAfterHeader(postal));
  const colony = String(formData.get("colony") ?? "");
  return answer(submission, postal, 200, { hideFields: postal.colonias.some((entry) => entry.id === colony) ? [] : ["colony"] });
}

/**
 * 'Siguiente' of the SIM modal (docs/sim.md, spec §3, §5): the form's rules, then the server's own lookup
 * of the posted postal code (the colonia must be one of its colonias; state, municipality and
 * country come from it, never from the post), then the sale (SIM price plus shipping) goes to
 * the session and the visitor to the payment step, as the recharge modal does.
 */
export async function simAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const formData = await readForm(request);
  const lookup = await findSimOffer(String(formData.get("offerId") ?? url.searchParams.get(SIM_PARAM) ?? ""), createOfferSource(await viewerFor(request, context)));
  if (!lookup.ok) {
    const submission = parseWithZod(formData, { schema: simDeliverySchema });
    return refused(submission, { key: lookup.messageKey }, lookup.reason === "unknown" ? 404 : 503);
  }
  const { offer } = lookup;
  const postalCode = String(formData.get("postalCode") ?? "").trim();
  if (formData.get("intent") === POSTAL_CODE_INTENT) return postalCodeAnswer(formData, postalCode, context);

  const submission = parseWithZod(formData, { schema: simDeliverySchema });
  // Looked up whatever else is wrong, so a refused form comes back with the code's colonias.
  const postal = POSTAL_CODE_PATTERN.test(postalCode) ? await limitedPostalLookup(postalCode, context) : null;
  const found = postal?.ok ? postal : null;
  if (submission.status !== "success") {
    const postalRefused = postal && !postal.ok && !submission.error?.postalCode;
    return answer(submission, found, 400, postalRefused ? { fieldErrors: { postalCode: [postal.message] }, hideFields: ["postalCode", "colony"] } : {});
  }
  const form = submission.value;
  if (!postal?.ok) {
    // (The schema has checked the code's 5 digits, so the lookup was made.)
    const message = postal?.message ?? "address:postalCodeDigits";
    return answer(submission, null, postal?.limited ? 429 : 422, { fieldErrors: { postalCode: [message] }, hideFields: ["postalCode", "colony"] }, postal ? retryAfterHeader(postal) : undefined);
  }
  const colony = postal.colonias.find((entry) => entry.id === form.colony);
  if (!colony) return answer(submission, postal, 422, { fieldErrors: { colony: ["address:selectColony"] }, hideFields: ["colony"] });

  const sale = buildSimSale({
    offer,
    form,
    colony,
    postal,
    shippingCost: getRecharges().checkout.simShippingCost,
    uuid: randomUUID(),
    campaign: await readCampaign(request),
    loggedIn: Boolean(await getSessionUser(request)),
    // Where the visitor was: the page (and its section) without the modal.
    returnTo: closeModalHref(url, SIM_PARAM),
  });
  const session = await getSession(request);
  session.set(SALE_SESSION_KEY, sale);
  return redirect(CHECKOUT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}
