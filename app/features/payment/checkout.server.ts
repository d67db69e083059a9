import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import * as z from "zod";
import { SALE_SESSION_KEY, type CheckoutSale } from "#schemas/sale";
import { cardFormSchema, legalSchema, maskCard, parseExpiry, type LegalOptions } from "#schemas/forms/card";
import { isOn } from "~/features/flags/flags.server";
import { limitedPostalLookup, postalLookup } from "~/features/address/postal.server";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { parseForm } from "~/lib/forms";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { startRechargePayment } from "~/upstream/core/recharges.server";
import { envelopeSchema, seal, type Envelope } from "~/upstream/crypto.server";
import { charge, type ChargeInput } from "~/upstream/payments/charge.server";
import { createPaypalOrder } from "~/upstream/payments/paypal.server";
import { setUpPaymentPlugin, type PluginSetup } from "~/upstream/payments/plugin.server";
import { paymentLedger, type ChargeVerdict, FAILURE_THRESHOLD } from "./ledger.server";
import { receiptOf, RECEIPT_PATH } from "./receipt.server";
import { channelOf, pendingSale, saleView, shippingCostOf, upstreamSale, upstreamShipping, type SaleView } from "./sale.server";
import { buttonStyle } from "./button-style";
import { cardFieldsOf, chargePayload, NO_BILLING, type BillingFields } from "./charge-payload";
import { translate } from "~/lib/i18n/i18next.server";
import { redirectWithNotice } from "~/lib/notice.server";

/**
 * The checkout (SPEC §2 card payment plugin screens, §4 payment, §7 plugin and cobrar): the
 * payment plugin for the sale waiting in the session, and its form's actions. Every step works
 * without JavaScript; with it, the browser seals the card itself and the server only relays
 * ciphertext.
 *
 * Card data (number, expiry, CVV) is never logged, never put in the session, never sent back
 * to the page: a form answered with errors comes back without them, and the no-JS summary
 * carries only the sealed envelope (readable by the card provider alone) and the masked card.
 */

export const CHECKOUT_PATH = "/pago";
/** Fields of the card that never travel back to the browser in an answer. */
const CARD_FIELDS = ["cardNumber", "cvv", "expiry"];
/** The no-JS fallback of the hosted card (provider type 2 needs JavaScript): the card form. */
export const CARD_METHOD_PARAM = "metodo";

export type ProviderKind = "card" | "hostedCard" | "paypal";

export type PluginView = {
  provider: ProviderKind;
  /** The provider type the charge is filed under (SPEC §7 /{channel}/{providerType}/cobrar). */
  typeCode: 1 | 2 | 3;
  /** The card provider's public key (PEM): the browser seals the card with it. */
  publicKey: string;
  /** The hosted card fields' page (provider type 2). */
  hostedUrl: string | null;
  /** A details step (1 of 2) before the summary and the pay button. */
  detailsStep: boolean;
  asksAddress: boolean;
  loaderText: string;
  button: { text: string; className: string | null; css: string | null };
  legal: { kind: "privacy" | "terms"; text: string }[];
  /** The hosted card was configured but the visitor asked for the card form (no JavaScript). */
  cardFallback: boolean;
  hostedConfigured: boolean;
};

export type CheckoutData =
  | { ok: false; message: string; sale: SaleView | null; editHref: string | null }
  | {
      ok: true;
      sale: SaleView;
      editHref: string;
      plugin: PluginView;
      /** One per rendering: the idempotency key of the next payment attempt. */
      paymentKey: string;
      attemptsLeft: number;
      paypal: { approved: boolean; cancelled: boolean };
      notice: string | null;
      /** This page's own address (with ?metodo=tarjeta when the hosted card fell back to the card form). */
      selfHref: string;
      links: { privacy: string; terms: string };
      /** This response's CSP nonce, for the pay button's <style> (it is in the page's scripts anyway). */
      nonce: string;
    };

/** What the checkout's actions answer when they do not redirect. */
export type CheckoutAnswer = {
  /** conform's reply for the card form: field errors, and the values typed except the card's. */
  result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null; status?: "error" | "success" };
  message?: { tone: "error" | "warning" | "info"; text: string };
  /** Step 2 of 2 without JavaScript: what the summary shows and the sealed card it pays with. */
  summary?: CardSummary;
  /** The postal lookup of the billing address (no-JS 'Buscar colonias'). */
  postal?: PostalAnswer;
  /** The third failure in a row: the form starts over (SPEC §4). */
  reset?: boolean;
  /**
   * The key of the next attempt, fresh with every answer: the page uses it at once, without
   * waiting for the loader's revalidation (which would otherwise land while the visitor types).
   */
  paymentKey?: string;
  /** After a failed charge: the attempts left before the reset. */
  attemptsLeft?: number;
};

export type CardSummary = {
  /** The envelope for the card provider, as JSON: the only form the card travels in. */
  sealed: string;
  holder: string;
  card: string;
  /** "MM/AA", or null after an error (it never comes back then). */
  expiry: string | null;
  address: string | null;
};

export type PostalAnswer = Awaited<ReturnType<typeof postalLookup>>;

const legalOptions = (plugin: Pick<PluginView, "legal">): LegalOptions => ({
  privacy: plugin.legal.some((entry) => entry.kind === "privacy"),
  terms: plugin.legal.some((entry) => entry.kind === "terms"),
});

function editHrefOf(sale: CheckoutSale): string {
  const url = new URL(sale.returnTo, "http://local");
  url.searchParams.set(sale.kind === "sim" ? "chip" : "recarga", sale.offerId);
  return url.pathname + url.search;
}

// ——— The plugin for a sale ———

type Prepared = { ok: true; setup: PluginSetup; plugin: PluginView } | { ok: false; messageKey: string };

/**
 * The secure recharge payment (SPEC §7 pagos/recarga, "secure recharge data"), opened once per
 * sale; then the plugin's set-up (SPEC §7 plugin) for the sale's channel, price and contact.
 */
async function preparePlugin(request: Request, context: AppLoadContext, sale: CheckoutSale, session: Awaited<ReturnType<typeof getSession>>, options: { cardFallback: boolean }): Promise<Prepared> {
  if (sale.kind === "recharge" && session.get("saleSecure")?.uuid !== sale.uuid) {
    const secure = await startRechargePayment({
      number: sale.phone,
      ...(sale.lineNumber !== sale.phone ? { serviceNumber: sale.lineNumber } : {}),
      email: sale.email,
      offerId: sale.offerId,
      rechargeType: sale.type,
      channel: channelOf(sale),
    });
    if (!secure.ok) return { ok: false, messageKey: "payment:payment.unavailable" };
    session.set("saleSecure", { uuid: sale.uuid, orderId: secure.data.orderId });
  }
  const setup = await setUpPaymentPlugin({
    store: getRecharges().checkout.store,
    channel: channelOf(sale),
    phone: sale.phone,
    price: sale.price,
    email: sale.email,
    shippingCost: shippingCostOf(sale),
  });
  if (!setup.ok) return { ok: false, messageKey: "payment:payment.setupFailed" };

  // The flag picks the new plugin (its three provider types) or the legacy one (the card form).
  const user = await getSessionUser(request);
  const newPlugin = isOn("new-payment-plugin", { user: user ?? { email: sale.email, number: sale.phone }, ip: context.clientIp, visitorId: context.visitorId });
  const configured = setup.data.provider.kind;
  const hostedConfigured = newPlugin && configured === "hostedCard";
  const provider: ProviderKind = !newPlugin ? "card" : hostedConfigured && options.cardFallback ? "card" : configured;
  const { config } = setup.data;
  const text = config.button?.text?.trim() || translate("payment:checkout.pay");
  const style = buttonStyle(config.button);
  return {
    ok: true,
    setup: setup.data,
    plugin: {
      provider,
      typeCode: provider === "card" ? 1 : provider === "hostedCard" ? 2 : 3,
      publicKey: setup.data.provider.publicKey,
      hostedUrl: provider === "hostedCard" ? setup.data.provider.api : null,
      detailsStep: config.detailsStep,
      asksAddress: setup.data.asksAddress,
      loaderText: config.loaderText?.trim() || translate("payment:checkout.loaderText"),
      button: { text, className: style?.className ?? null, css: style?.css ?? null },
      legal: config.legal,
      cardFallback: hostedConfigured && options.cardFallback,
      hostedConfigured,
    },
  };
}

// ——— The page ———

export async function loadCheckout(request: Request, context: AppLoadContext) {
  const sale = await pendingSale(request);
  if (!sale) throw await redirectWithNotice(request, "/recargas", "recharge:checkout.expired");
  const url = new URL(request.url);
  const session = await getSession(request);
  const notice = session.get("notice") ?? null;
  // A new checkout: the confirmation of an earlier payment has served (and the cookie stays small).
  session.unset("receipt");
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: url.searchParams.get(CARD_METHOD_PARAM) === "tarjeta" });
  const headers = { "Set-Cookie": await commitSession(session), "Cache-Control": "private, no-store" };
  const view = saleView(sale);
  if (!prepared.ok) {
    return data<CheckoutData>({ ok: false, message: translate(prepared.messageKey), sale: view, editHref: editHrefOf(sale) }, { headers });
  }
  const paypalOrder = session.get("paypal");
  const returned = url.searchParams.get("paypal");
  return data<CheckoutData>(
    {
      ok: true,
      sale: view,
      editHref: editHrefOf(sale),
      plugin: prepared.plugin,
      paymentKey: randomUUID(),
      attemptsLeft: FAILURE_THRESHOLD - paymentLedger.failuresOf(sale.uuid),
      paypal: {
        approved: Boolean(returned && paypalOrder?.uuid === sale.uuid && paypalOrder.orderId === returned),
        cancelled: url.searchParams.get("paypal-cancelado") === "1",
      },
      notice: notice ? translate(notice) : null,
      selfHref: prepared.plugin.cardFallback ? `${CHECKOUT_PATH}?${CARD_METHOD_PARAM}=tarjeta` : CHECKOUT_PATH,
      links: { privacy: getSite().privacyNoticeUrl, terms: "/terminos-y-condiciones" },
      nonce: context.cspNonce ?? "",
    },
    { headers },
  );
}

// ——— The actions ———

const paymentKeySchema = z.uuid();

const answer = (body: CheckoutAnswer, status = 400, headers?: HeadersInit) => data<CheckoutAnswer>({ ...body, paymentKey: randomUUID() }, { status, headers });
const errorMessage = (text: string) => ({ tone: "error" as const, text });

export async function checkoutAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const key = paymentKeySchema.safeParse(form.get("paymentKey"));
  const sale = await pendingSale(request);

  if (!sale) {
    // A reload of the POST that paid: the sale has left the session, the verdict stays.
    const verdict = key.success ? await paymentLedger.verdictOf(key.data) : null;
    if (verdict?.ok) throw redirect(RECEIPT_PATH, 303);
    throw await redirectWithNotice(request, "/recargas", "recharge:checkout.expired");
  }
  // A page of an earlier sale (another tab) must not pay this one.
  if (form.get("saleId") !== sale.uuid) return answer({ message: errorMessage(translate("payment:checkout.saleChanged")) }, 409);

  if (intent === "postal-code") {
    // 'Buscar colonias' without JavaScript: the form comes back with the colonias (and without the card).
    const postal = await limitedPostalLookup(String(form.get("postalCode") ?? "").trim(), context);
    const initialValue = withoutCard(form);
    if (!postal.ok) delete initialValue.postalCode;
    return answer({ postal, result: { initialValue, error: postal.ok ? {} : { postalCode: [postal.message] } } }, 200);
  }

  const session = await getSession(request);
  const url = new URL(request.url);
  const prepared = await preparePlugin(request, context, sale, session, { cardFallback: url.searchParams.get(CARD_METHOD_PARAM) === "tarjeta" });
  if (!prepared.ok) return answer({ message: errorMessage(translate(prepared.messageKey)) }, 503, { "Set-Cookie": await commitSession(session) });
  const { plugin, setup } = prepared;

  switch (intent) {
    case "details":
      return cardDetails(form, plugin, setup);
    case "pay":
      if (!key.success) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
      return payWithCard(request, form, { sale, plugin, setup, paymentKey: key.data });
    case "hosted-pay":
      if (!key.success) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
      return payWithToken(request, form, { sale, plugin, setup, paymentKey: key.data });
    case "paypal":
      return startPaypal(request, form, { sale, plugin, setup, session });
    case "paypal-confirm":
      if (!key.success) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
      return confirmPaypal(request, { sale, plugin, setup, paymentKey: key.data, session });
    default:
      return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 400);
  }
}

/** The values typed, minus the card's: what may travel back into the page. */
function withoutCard(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !CARD_FIELDS.includes(name) && name !== "sealed") out[name] = value;
  return out;
}

type PayContext = { sale: CheckoutSale; plugin: PluginView; setup: PluginSetup; paymentKey: string };

/** The billing address from the server's own postal lookup: never the state or city the page posted. */
async function billingOf(plugin: PluginView, values: { address?: string; postalCode?: string; colonia?: string }) {
  if (!plugin.asksAddress) return { ok: true as const, billing: NO_BILLING, coloniaName: null };
  const lookup = await postalLookup(values.postalCode ?? "");
  if (!lookup.ok) return { ok: false as const, field: "postalCode", message: lookup.message };
  const colonia = lookup.colonias.find((candidate) => candidate.id === values.colonia);
  if (!colonia) return { ok: false as const, field: "colonia", message: "payment:validation.coloniaRequired" };
  return {
    ok: true as const,
    billing: { address: values.address ?? "", colonia: colonia.id, postalCode: lookup.postalCode, city: lookup.city, state: lookup.state, country: lookup.country },
    coloniaName: colonia.name,
  };
}

/** Step 1 of 2 without JavaScript: check the card, seal it at once, show the summary. */
async function cardDetails(form: FormData, plugin: PluginView, setup: PluginSetup) {
  const submission = parseForm(form, cardFormSchema({ address: plugin.asksAddress, legal: null }));
  if (submission.status !== "success") return answer({ result: submission.reply({ hideFields: CARD_FIELDS }) });
  const value = submission.value;
  const billing = await billingOf(plugin, value);
  if (!billing.ok) return answer({ result: submission.reply({ fieldErrors: { [billing.field]: [billing.message] }, hideFields: CARD_FIELDS }) });
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
async function payWithCard(request: Request, form: FormData, context: PayContext) {
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
  if (submission.status !== "success") return answer({ result: submission.reply({ hideFields: CARD_FIELDS }) });
  const billing = await billingOf(plugin, submission.value);
  if (!billing.ok) return answer({ result: submission.reply({ fieldErrors: { [billing.field]: [billing.message] }, hideFields: CARD_FIELDS }) });
  const envelope = sealCard(submission.value, billing.billing, setup);
  if (!envelope) return answer({ result: submission.reply({ hideFields: CARD_FIELDS }), message: errorMessage(translate("payment:payment.failed")) }, 500);
  return settle(request, context, { sealedData: envelope }, submission.reply({ hideFields: [...CARD_FIELDS, "privacy", "terms"] }));
}

/** Provider type 2: the hosted fields made a token; the card never reached this server. */
async function payWithToken(request: Request, form: FormData, context: PayContext) {
  const legal = parseForm(form, legalSchema(legalOptions(context.plugin)));
  if (legal.status !== "success") return answer({ result: legal.reply() });
  const token = z.string().regex(/^tok_[A-Za-z0-9_-]{6,80}$/).safeParse(form.get("token"));
  const holder = z.string().trim().min(1).max(160).safeParse(form.get("holder"));
  if (!token.success || !holder.success) return answer({ message: errorMessage(translate("payment:checkout.hostedMissing")) });
  const [firstName, ...rest] = holder.data.split(/\s+/);
  return settle(request, context, { token: token.data, holder: { firstName: firstName!, lastName: rest.join(" ") || firstName! } });
}

/** Provider type 3: the consents, then PayPal's approval page; digital goods, no shipping. */
async function startPaypal(request: Request, form: FormData, context: Omit<PayContext, "paymentKey"> & { session: Awaited<ReturnType<typeof getSession>> }) {
  const legal = parseForm(form, legalSchema(legalOptions(context.plugin)));
  if (legal.status !== "success") return answer({ result: legal.reply() });
  const order = await createPaypalOrder({
    setup: context.setup,
    sale: upstreamSale(context.sale),
    returnUrl: CHECKOUT_PATH,
    cancelUrl: `${CHECKOUT_PATH}?paypal-cancelado=1`,
    idempotencyKey: `paypal-${context.sale.uuid}-${randomUUID()}`,
  });
  if (!order.ok) return answer({ message: errorMessage(order.error.upstreamMessage || translate(order.error.messageKey)) }, 502);
  context.session.set("paypal", { uuid: context.sale.uuid, orderId: order.data.orderId });
  // PayPal's page is not ours: a full page load, with or without JavaScript.
  return redirectDocument(order.data.approvalUrl, { status: 303, headers: { "Set-Cookie": await commitSession(context.session) } });
}

async function confirmPaypal(request: Request, context: PayContext & { session: Awaited<ReturnType<typeof getSession>> }) {
  const order = context.session.get("paypal");
  if (!order || order.uuid !== context.sale.uuid) return answer({ message: errorMessage(translate("payment:checkout.paypalMissing")) });
  // PayPal knows its payer; the holder is only ours to give when a SIM's recipient is known.
  const holder = context.sale.kind === "sim" ? { firstName: context.sale.delivery.contactName, lastName: context.sale.delivery.contactLastName } : { firstName: "", lastName: "" };
  return settle(request, context, { token: order.orderId, holder });
}

/**
 * The charge, once per payment key (ledger.server.ts), then the outcome: the confirmation page,
 * or the message with the form enabled again; at the third failure the counter resets.
 */
async function settle(
  request: Request,
  context: PayContext,
  payment: Pick<ChargeInput, "sealedData" | "token" | "holder">,
  result?: CheckoutAnswer["result"],
) {
  const { sale, setup, paymentKey } = context;
  const run = paymentLedger.run(paymentKey, sale.uuid, async (): Promise<ChargeVerdict> => {
    const outcome = await charge({
      setup,
      ...payment,
      ...(payment.token && !payment.sealedData ? { billing: NO_BILLING } : {}),
      sale: upstreamSale(sale),
      shipping: upstreamShipping(sale),
      idempotencyKey: paymentKey,
    });
    if (outcome.ok) return { ok: true, orderId: outcome.data.orderId };
    const unknown = outcome.error.kind === "timeout" || outcome.error.kind === "network";
    return { ok: false, messageKey: outcome.error.messageKey, ...(outcome.error.upstreamMessage ? { upstreamText: outcome.error.upstreamMessage } : {}), unknown };
  });
  if (!run) return answer({ message: errorMessage(translate("payment:checkout.staleForm")) }, 409);
  const verdict = await run;
  const session = await getSession(request);
  if (verdict.ok) {
    session.set("receipt", receiptOf(sale, verdict.orderId));
    session.unset(SALE_SESSION_KEY);
    session.unset("saleSecure");
    session.unset("paypal");
    return redirect(RECEIPT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
  }
  session.unset("paypal");
  const headers = { "Set-Cookie": await commitSession(session) };
  const text = verdict.upstreamText || translate(verdict.messageKey);
  if (verdict.tally?.reset) {
    // The third failure in a row: the counter starts over, the generic message shows, the form resets.
    return answer({ message: errorMessage(translate("payment:payment.failed")), reset: true }, 402, headers);
  }
  // The form comes back enabled at step 1, without the card and without the consents ticked.
  const attemptsLeft = FAILURE_THRESHOLD - paymentLedger.failuresOf(sale.uuid);
  return answer({ message: errorMessage(text), attemptsLeft, ...(result ? { result } : {}) }, verdict.unknown ? 504 : 402, headers);
}
