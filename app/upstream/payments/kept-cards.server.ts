import { upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { forgetCardResponse, keptCardsResponse, type KeptCardBrand } from "./kept-cards.schemas";
import { refused, withCallKey } from "./results.server";

/**
 * The cards the payment provider keeps for a customer (docs/payment.md "Repeat with the kept
 * card"): the list, and forgetting one. The paths are assumptions to confirm with the provider
 * (kept-cards.schemas.ts, docs/upstream.md). Paying with one is the charge's (`token` with
 * `customer`, ./charge.server.ts).
 *
 * `customer` is the signed-in customer's Bait number (the service number of a home or portable
 * internet line), always the session's, never a number the browser sent.
 */

export const keptCardKeys = {
  listFailed: "payment:keptCards.listFailed",
  forgetFailed: "payment:keptCards.forgetFailed",
} as const;

/** A card as the provider describes it: its token id, brand and last 4 digits, nothing else. */
export type KeptCard = {
  token: string;
  brand: KeptCardBrand;
  last4: string;
  /** The provider asks the security code on its hosted field (`cvvUrl`) before charging it. */
  cvvRequired: boolean;
  cvvUrl: string | null;
  /** It pays an active recurring recharge: the provider will not forget it meanwhile. */
  recurring: boolean;
};

export type KeptCardsInput = { customer: string; store: string };

/** GET {payments}/servicio/angular/tarjetas?cliente=: the customer's kept cards, newest first. Only reads (a GET, retried once). */
export async function listKeptCards(input: KeptCardsInput): Promise<UpstreamResult<KeptCard[]>> {
  const call = "payments.keptCards";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    path: "/servicio/angular/tarjetas",
    query: { cliente: input.customer },
    headers: { customer: input.store },
    schema: keptCardsResponse,
    errorSchema: errorBody,
    messages: { 400: keptCardKeys.listFailed, 404: keptCardKeys.listFailed },
  });
  if (!result.ok) return withCallKey(result, keptCardKeys.listFailed);
  const { data, status } = result;
  if (!data.success) return refused(call, keptCardKeys.listFailed, status, data.mensaje);
  return {
    ok: true,
    status,
    data: data.tarjetas.map((card) => ({
      token: card.token,
      brand: card.marca,
      last4: card.ultimos,
      cvvRequired: card.cvvRequerido,
      cvvUrl: card.campoCvv ?? null,
      recurring: card.recurrente,
    })),
  };
}

/**
 * DELETE {payments}/servicio/angular/tarjetas/{token}?cliente=: the provider forgets the card. A
 * refusal (a card of another customer, one that pays a recurring recharge) carries the provider's
 * own words in `upstreamMessage`. Never retried here.
 */
export async function forgetKeptCard(input: KeptCardsInput & { token: string }): Promise<UpstreamResult<{ message: string | null }>> {
  const call = "payments.forgetCard";
  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "DELETE",
    path: `/servicio/angular/tarjetas/${encodeURIComponent(input.token)}`,
    query: { cliente: input.customer },
    headers: { customer: input.store },
    schema: forgetCardResponse,
    errorSchema: errorBody,
    messages: { 400: keptCardKeys.forgetFailed, 403: keptCardKeys.forgetFailed, 404: keptCardKeys.forgetFailed, 409: keptCardKeys.forgetFailed },
  });
  if (!result.ok) return withCallKey(result, keptCardKeys.forgetFailed);
  const { data, status } = result;
  if (!data.success) return refused(call, keptCardKeys.forgetFailed, status, data.mensaje);
  return { ok: true, status, data: { message: data.mensaje ?? null } };
}
