import type { AppLoadContext } from "@remix-run/node";
import type { CheckoutSale } from "#schemas/sale";
import type { LegalOptions } from "#schemas/forms/card";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { getRecharges } from "~/lib/config/config.server";
import { translate } from "~/lib/i18n/i18n.server";
import { getSessionUser, type getSession } from "~/lib/session.server";
import { startRechargePayment } from "~/upstream/core/recharges.server";
import { requestEsimPayment } from "~/upstream/esim.server";
import { setUpPaymentPlugin, type PluginSetup, type ProviderKind } from "~/upstream/payments/plugin.server";
import { buttonStyle } from "./button-style";
import type { PluginView } from "./checkout-data";
import { channelOf, shippingCostOf } from "./sale.server";

/** The payment plugin for a sale, as every provider type's form shows it. */

export const legalOptions = (plugin: Pick<PluginView, "legal">): LegalOptions => ({
  privacy: plugin.legal.some((entry) => entry.kind === "privacy"),
  terms: plugin.legal.some((entry) => entry.kind === "terms"),
});

type Prepared = { ok: true; setup: PluginSetup; plugin: PluginView } | { ok: false; messageKey: string };

/**
 * The secure payment data (docs/payment.md pagos/recarga, "secure recharge data"; an eSIM's
 * publico/pago), opened once per sale; then the plugin's set-up (docs/payment.md plugin) for the sale's channel, price and contact.
 */
export async function preparePlugin(request: Request, context: AppLoadContext, sale: CheckoutSale, session: Awaited<ReturnType<typeof getSession>>, options: { cardFallback: boolean }): Promise<Prepared> {
  if ((sale.kind === "recharge" || sale.kind === "recurring") && session.get("saleSecure")?.uuid !== sale.uuid) {
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
  if (sale.kind === "esim" && session.get("saleSecure")?.uuid !== sale.uuid) {
    // The eSIM's own secure payment data (docs/esim.md publico/pago), filed under the visitor's journey.
    const secure = await requestEsimPayment({ uuid: sale.uuid, offerId: sale.offerId, email: sale.email, contactNumber: sale.phone, isBaitUser: sale.isBaitUser });
    if (!secure.ok) return { ok: false, messageKey: "payment:payment.unavailable" };
    session.set("saleSecure", { uuid: sale.uuid, orderId: secure.data.customerOrder });
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
  const newPlugin = isOn("new-payment-plugin", flagSubject(context, user ?? { email: sale.email, number: sale.phone }));
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
      // The pages promise card or PayPal: with the new plugin PayPal (type 3) is offered beside a card
      // provider for what PayPal takes here, digital goods without shipping (a recharge, an eSIM); never
      // for a SIM (shipped) nor a recurring recharge (charged to the card again and again).
      paypalBeside: newPlugin && provider !== "paypal" && (sale.kind === "recharge" || sale.kind === "esim"),
    },
  };
}
