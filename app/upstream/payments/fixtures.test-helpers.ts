import { randomUUID } from "node:crypto";
import type { UpstreamResult } from "../http.server";
import { buildChargeData, type Card, type ChargeInput, type Sale } from "./charge.server";
import { setUpPaymentPlugin, type PluginSetup } from "./plugin.server";

/** Ana, her line, her card and her sale: what the payments clients' tests pay with against the mock world. */

export const base = "https://payments.upstream.mock";

export const ana = { store: "bait-web", channel: "general" as const, phone: "5512345678", price: 100, email: "demo.mbb@example.com" };

export async function setup(): Promise<PluginSetup> {
  const result = await setUpPaymentPlugin(ana);
  if (!result.ok) throw result.error;
  return result.data;
}

export const holder = { firstName: "Ana", lastName: "Pérez" };
export const billing = { address: "Av. Juárez 100", colonia: "Juárez", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" };
export const cardFor = (number: string, overrides: Partial<Card> = {}): Card => ({
  number,
  month: "12",
  year: String(new Date().getFullYear() + 2),
  cvv: number.length === 15 ? "1234" : "123",
  ...overrides,
});
export const anasSale: Sale = {
  uuid: "venta-1",
  price: 100,
  total: 100,
  validity: "15 días",
  phone: "5512345678",
  name: "Ana",
  email: "demo.mbb@example.com",
  description: "Bait 100",
  offerId: "BAIT100",
  lineCategory: "mbb",
};

/** A charge the server seals (the no-JavaScript path), with a fresh idempotency key. */
export const chargeInput = (plugin: PluginSetup, cardNumber: string, overrides: Partial<ChargeInput> = {}): ChargeInput => ({
  setup: plugin,
  data: buildChargeData(holder, billing, cardFor(cardNumber)),
  sale: anasSale,
  idempotencyKey: randomUUID(),
  ...overrides,
});
export const keyOf = (result: UpstreamResult<unknown>) => (result.ok ? "ok" : result.error.messageKey);
