import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { sales } from "../../../mocks/world-sales";
import { hostedPaymentPage } from "../../../mocks/provider-pages";
import type { CheckoutSale } from "#schemas/sale";
import { captureLog } from "~/lib/log.test-helpers";
import { commitSession, getSession, sessionStorage } from "~/lib/session.server";
import { buildRechargeSale } from "~/features/recharge/sale";
import { chargePayload } from "./charge-payload";
import type { CheckoutAnswer, CheckoutData } from "./checkout-data";
import { checkoutAction, loadCheckout } from "./checkout.server";
import { sealForProvider } from "./seal-card";

useMockUpstream({ timeoutMs: 2000 });
// Each payment is several sealed round trips (RSA with 2048-bit keys): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let ip = 0;
const context = () => ({ clientIp: `203.0.113.${++ip % 250}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
const bait100 = { offerId: "BAIT100", type: 1 as const, rechargeName: "Bait 100", price: 100, duration: 15, includeMessage: "Incluye minutos y SMS ilimitados" };

function rechargeSale(email: string, phone = "5512345678"): CheckoutSale {
  return buildRechargeSale({ offer: bait100, form: { phone, serviceNumber: undefined, email, whatsapp: false }, uuid: randomUUID(), loggedIn: false, returnTo: "/recargas?section=traditionals" });
}

/** A visitor with `sale` waiting in the session: the cookie they send. */
async function visitorWith(sale: CheckoutSale) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("sale", sale);
  return { cookie: (await commitSession(session)).split(";")[0]! };
}

async function load(visitor: { cookie: string }, query = "") {
  const out = await loadCheckout(new Request(`http://localhost/pago${query}`, { headers: { Cookie: visitor.cookie } }), context());
  const cookie = new Headers(out.init?.headers).get("Set-Cookie");
  if (cookie) visitor.cookie = cookie.split(";")[0]!;
  return out.data as CheckoutData;
}

async function post(visitor: { cookie: string }, fields: Record<string, string>) {
  const request = new Request("http://localhost/pago", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: visitor.cookie },
  });
  try {
    const out = (await checkoutAction(request, context())) as Response | { init?: ResponseInit; data: unknown };
    if (out instanceof Response) {
      const cookie = out.headers.get("Set-Cookie");
      if (cookie) visitor.cookie = cookie.split(";")[0]!;
      return { status: out.status, location: out.headers.get("Location"), answer: undefined, raw: "" };
    }
    const cookie = new Headers(out.init?.headers).get("Set-Cookie");
    if (cookie) visitor.cookie = cookie.split(";")[0]!;
    return { status: out.init?.status ?? 200, location: null, answer: out.data as CheckoutAnswer, raw: JSON.stringify(out.data) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), answer: undefined, raw: "" };
    throw thrown;
  }
}

type Ready = Extract<CheckoutData, { ok: true }>;
const ready = (data: CheckoutData): Ready => {
  if (!data.ok) throw new Error(`checkout not ready: ${data.message}`);
  return data;
};

const card = (number: string, extra: Record<string, string> = {}) => ({
  firstName: "Ana",
  lastName: "Pérez López",
  address: "Av. Juárez 10",
  postalCode: "06600",
  colonia: "660001",
  cardNumber: number,
  expiry: "12/30",
  cvv: number.startsWith("3") ? "1234" : "123",
  ...extra,
});

describe("the checkout page (docs/payment.md card payment plugin, spec §7 plugin)", () => {
  it("sets up the plugin for the sale: card form, two steps, the spec's button and loader texts, the consents", async () => {
    const sale = rechargeSale("pagos.uno@example.com");
    const checkout = ready(await load(await visitorWith(sale)));
    expect(checkout.plugin).toMatchObject({ provider: "card", typeCode: 1, detailsStep: true, asksAddress: true, loaderText: "Cobrando recarga a tu línea Bait" });
    expect(checkout.plugin.button.text).toBe("Pagar");
    expect(checkout.plugin.publicKey).toContain("BEGIN PUBLIC KEY");
    expect(checkout.plugin.legal.map((entry) => entry.kind)).toEqual(["privacy", "terms"]);
    expect(checkout.paymentKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkout.sale).toMatchObject({ description: "Bait 100", totalText: "$100.00" });
    expect(checkout.sale.lines).toContainEqual({ label: "Número a recargar", value: "(55) 12 34 56 78" });
  });

  it("a new payment key on every rendering", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.dos@example.com"));
    expect(ready(await load(visitor)).paymentKey).not.toBe(ready(await load(visitor)).paymentKey);
  });

  it("the provider type follows the plugin's answer (hosted card, PayPal); the hosted card falls back to the card form on request", async () => {
    expect(ready(await load(await visitorWith(rechargeSale("ana+iframe@example.com"))))).toMatchObject({ plugin: { provider: "hostedCard", typeCode: 2, hostedUrl: "/__mocks/proveedor/campos" } });
    expect(ready(await load(await visitorWith(rechargeSale("ana+paypal@example.com"))))).toMatchObject({ plugin: { provider: "paypal", typeCode: 3 } });
    expect(ready(await load(await visitorWith(rechargeSale("ana+iframe@example.com")), "?metodo=tarjeta"))).toMatchObject({ plugin: { provider: "card", typeCode: 1, cardFallback: true } });
  });

  it("set-up failure: 'Hubo un error al obtener la información del cliente. Por favor, contacta a soporte.'", async () => {
    setSwitch("payments.plugin", { status: 500 });
    const checkout = await load(await visitorWith(rechargeSale("pagos.tres@example.com")));
    expect(checkout).toMatchObject({ ok: false, message: "Hubo un error al obtener la información del cliente. Por favor, contacta a soporte." });
  });

  it("secure recharge data failure: 'Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.'", async () => {
    setSwitch("core.startRechargePayment", { status: 500 });
    const checkout = await load(await visitorWith(rechargeSale("pagos.cuatro@example.com")));
    expect(checkout).toMatchObject({ ok: false, message: "Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde." });
  });

  it("without a sale there is nothing to pay: back to /recargas", async () => {
    await expect(loadCheckout(new Request("http://localhost/pago"), context())).rejects.toMatchObject({ status: 303, headers: expect.any(Headers) });
  });
});

/** The holder and the billing address: what step 1 takes without JavaScript (no card). */
const holder = (extra: Record<string, string> = {}) => ({ firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode: "06600", colonia: "660001", ...extra });

/** The provider's hosted payment page (mocks/provider-pages.ts) as a browser posts it: where it sends the visitor back. */
function providerPage(location: string, number: string) {
  const start = new URL(location, "http://localhost").searchParams;
  const form = new URLSearchParams({ ref: start.get("ref")!, retorno: start.get("retorno")!, monto: start.get("monto")!, numero: number, vencimiento: "12/30", cvv: number.startsWith("3") ? "1234" : "123" });
  const back = hostedPaymentPage("POST", new URLSearchParams(), form);
  expect(back.status).toBe(303);
  return new URL(back.location!, "http://localhost");
}

/** Without JavaScript: step 1 (holder, address), the provider's page with `number`, back to the summary, 'Pagar'. */
async function pay(visitor: { cookie: string }, number: string, extra: Record<string, string> = {}) {
  const checkout = ready(await load(visitor));
  const started = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder() });
  const back = providerPage(started.location!, number);
  const again = ready(await load(visitor, back.search));
  return post(visitor, { intent: "card-page-pay", saleId: again.sale.uuid, paymentKey: again.paymentKey, privacy: "on", terms: "on", ...extra });
}

describe("provider type 1 without JavaScript: the card is typed on the provider's hosted payment page", () => {
  it("step 1 takes the holder and the address, then sends the visitor to the provider's page with a reference; nothing of a card anywhere", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.cinco@example.com"));
    const checkout = ready(await load(visitor));
    const out = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder() });
    expect(out.status).toBe(303);
    const location = new URL(out.location!, "http://localhost");
    expect(location.pathname).toBe("/__mocks/proveedor/pago");
    expect(Object.fromEntries(location.searchParams)).toEqual({ ref: expect.stringMatching(/^[0-9a-f-]{36}$/), retorno: "/pago", monto: "100.00" });
    const session = await sessionStorage.getSession(visitor.cookie);
    expect(session.get("cardPage")).toMatchObject({ uuid: checkout.sale.uuid, holder: { firstName: "Ana", lastName: "Pérez López" }, billing: { postalCode: "06600", colonia: "660001", state: "Ciudad de México" } });
  });

  it("back from the provider's page: the summary with the card's last 4 digits only; another reference shows step 1", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.cinco.b@example.com"));
    const checkout = ready(await load(visitor));
    const started = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder() });
    const back = providerPage(started.location!, "4111111111111111");
    expect(back.pathname).toBe("/pago");
    expect(ready(await load(visitor, `?ref=${randomUUID()}&token=tok_abcdefgh&ultimos=1111`)).cardPage).toBeNull();
    const summary = ready(await load(visitor, back.search)).cardPage;
    expect(summary).toEqual({ holder: "Ana Pérez López", card: "•••• 1111", expiry: null, address: "Av. Juárez 10, Col. Juárez, C.P. 06600" });
    expect(JSON.stringify(summary)).not.toContain("4111111111111111");
    expect(Buffer.from(visitor.cookie.split("=")[1]!.split(".")[0]!, "base64").toString()).not.toContain("411111");
  });

  it("the card form's old no-JS post (the card in clear) pays nothing any more", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.cinco.c@example.com"));
    const checkout = ready(await load(visitor));
    const before = sales.charges.length;
    const out = await post(visitor, { intent: "pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...card("4111111111111111"), privacy: "on", terms: "on" });
    expect(out.status).toBe(400);
    expect(out.raw).not.toContain("4111111111111111");
    expect(sales.charges.length).toBe(before);
  });

  it("a refused step 1 comes back with its messages; the names stay", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.seis@example.com"));
    const checkout = ready(await load(visitor));
    const out = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder({ address: "" }) });
    expect(out.status).toBe(400);
    expect(out.answer?.result?.error).toMatchObject({ address: ["payment:validation.addressRequired"] });
    expect(out.answer?.result?.initialValue).toMatchObject({ firstName: "Ana", lastName: "Pérez López" });
  });

  it("a colonia that is not one of the postal code's is refused", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.siete@example.com"));
    const checkout = ready(await load(visitor));
    const out = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder({ colonia: "999999" }) });
    expect(out.answer?.result?.error).toMatchObject({ colonia: ["payment:validation.coloniaRequired"] });
  });

  it("step 1 with a valid postal code and no colonia lists the code's colonias with the message; the only one is chosen", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.once@example.com"));
    const checkout = ready(await load(visitor));
    const many = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder({ colonia: "" }) });
    expect(many.answer?.result?.error).toMatchObject({ colonia: ["payment:validation.coloniaRequired"] });
    expect(many.answer?.postal).toMatchObject({ ok: true, colonias: [{ name: "Juárez" }, { name: "Roma Norte" }] });
    const one = await post(visitor, { intent: "card-page", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, ...holder({ colonia: "", postalCode: "64000" }) });
    expect(one.answer?.postal).toMatchObject({ ok: true, colonias: [{ name: "Monterrey Centro" }] });
    const only = (one.answer?.postal as { colonias: Array<{ id: string }> }).colonias[0]!.id;
    expect(one.answer?.result?.initialValue).toMatchObject({ colonia: only, postalCode: "64000" });
  });

  it("'Buscar colonias': 06600 answers its colonias; 99999 the lookup's message, the field cleared", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.ocho@example.com"));
    const checkout = ready(await load(visitor));
    const found = await post(visitor, { intent: "postal-code", saleId: checkout.sale.uuid, ...holder() });
    expect(found.answer?.postal).toMatchObject({ ok: true, colonias: [{ name: "Juárez" }, { name: "Roma Norte" }] });
    const missing = await post(visitor, { intent: "postal-code", saleId: checkout.sale.uuid, ...holder({ postalCode: "99999" }) });
    expect(missing.answer?.postal).toMatchObject({ ok: false });
    expect(missing.answer?.result?.initialValue).not.toHaveProperty("postalCode");
  });
});

describe("paying (docs/payment.md payment, spec §8 messages)", () => {
  it.each(["4111111111111111", "5555555555554444", "2223003122003222", "378282246310005"])("%s is approved: confirmation, the sale leaves the session, the recharge lands in the line's history", async (number) => {
    world.history.set("5512345678", []);
    const visitor = await visitorWith(rechargeSale("pagos.nueve@example.com"));
    const out = await pay(visitor, number);
    expect(out).toMatchObject({ status: 303, location: "/pago/completado" });
    expect(world.history.get("5512345678")).toHaveLength(1);
    const session = await sessionStorage.getSession(visitor.cookie);
    expect(session.get("sale")).toBeUndefined();
    expect(session.get("receipt")).toMatchObject({ kind: "recharge", description: "Bait 100", totalText: "$100.00" });
  });

  it("4000000000000002 is declined with the spec's message; the form comes back enabled, without card or consents", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.diez@example.com"));
    const out = await pay(visitor, "4000000000000002");
    expect(out.status).toBe(402);
    expect(out.answer?.message).toEqual({ tone: "error", text: DECLINED });
    expect(out.answer?.summary).toBeUndefined();
    // The answer carries the next attempt's key and the attempts left; the page need not wait for its loader.
    expect(out.answer?.attemptsLeft).toBe(2);
    expect(out.answer?.paymentKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(ready(await load(visitor)).attemptsLeft).toBe(2);
  });

  it("a declined card brings step 1 back with the holder, the address and its colonias (never the card); the way back from the provider is spent", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.conserva@example.com"));
    const out = await pay(visitor, "4000000000000002");
    expect(out.status).toBe(402);
    expect(out.answer?.result?.initialValue).toEqual({ firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode: "06600", colonia: "660001" });
    expect(out.answer?.postal).toMatchObject({ ok: true, postalCode: "06600" });
    expect(JSON.stringify(out.answer)).not.toMatch(/4000000000000002|tok_|cvv|expiry|cardNumber/);
    const session = await sessionStorage.getSession(visitor.cookie);
    expect(session.get("cardPage")).toMatchObject({ holder: { firstName: "Ana" }, billing: { postalCode: "06600" } });
    expect(session.get("cardPage")).not.toHaveProperty("token");
    expect(ready(await load(visitor)).cardPage).toBeNull();
  });

  it("after 3 failures the counter resets and the message shows (docs/payment.md)", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.once@example.com"));
    const first = await pay(visitor, "4000000000000002");
    const second = await pay(visitor, "4000000000000002");
    const third = await pay(visitor, "4000000000000002");
    expect([first.answer?.reset, second.answer?.reset, third.answer?.reset]).toEqual([undefined, undefined, true]);
    expect(third.answer?.message?.text).toBe(DECLINED);
    expect(ready(await load(visitor)).attemptsLeft).toBe(3);
  });

  it("the consents are required: 'Lo sentimos, no has aceptado nuestro aviso de privacidad.'", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.doce@example.com"));
    const out = await pay(visitor, "4111111111111111", { privacy: "", terms: "" });
    expect(out.answer?.result?.error).toMatchObject({ privacy: ["payment:validation.privacyRequired"], terms: ["payment:validation.termsRequired"] });
    expect(out.answer?.summary).toMatchObject({ card: "•••• 1111", expiry: null });
  });

  it("a double submit (same payment key, twice at once) charges once; a reload of the POST after paying shows the confirmation", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.trece@example.com", "5545678901"));
    const checkout = ready(await load(visitor));
    const payload = chargePayload({ firstName: "Ana", lastName: "Pérez" }, { address: "", colonia: "00", postalCode: "", city: "", state: "", country: "MX" }, { number: "4111111111111111", month: "12", year: "30", cvv: "123" });
    const sealed = JSON.stringify(sealForProvider(payload, checkout.plugin.publicKey));
    const fields = { intent: "pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, sealed, privacy: "on", terms: "on" };
    const before = sales.charges.length;
    const [one, two] = await Promise.all([post({ ...visitor }, fields), post({ ...visitor }, fields)]);
    expect([one.location, two.location]).toEqual(["/pago/completado", "/pago/completado"]);
    expect(sales.charges.length - before).toBe(1);
    // The browser reloads the POST with the new cookie: the sale has gone, the verdict stays.
    const paid = { ...visitor };
    await post(paid, fields);
    expect(await post(paid, fields)).toMatchObject({ status: 303, location: "/pago/completado" });
    expect(sales.charges.length - before).toBe(1);
  });

  it("with JavaScript the server only relays what the browser sealed", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.catorce@example.com"));
    const checkout = ready(await load(visitor));
    const payload = chargePayload({ firstName: "Ana", lastName: "Pérez" }, { address: "Av. Juárez 10", colonia: "660001", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" }, { number: "5555555555554444", month: "01", year: "31", cvv: "321" });
    const sealed = JSON.stringify(sealForProvider(payload, checkout.plugin.publicKey));
    const out = await post(visitor, { intent: "pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, sealed, privacy: "on", terms: "on" });
    expect(out.location).toBe("/pago/completado");
  });

  it("a page of another sale cannot pay this one", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.quince@example.com"));
    const checkout = ready(await load(visitor));
    const out = await post(visitor, { intent: "pay", saleId: randomUUID(), paymentKey: checkout.paymentKey, ...card("4111111111111111"), privacy: "on", terms: "on" });
    expect(out.status).toBe(409);
  });

  it("never writes the card number, the CVV or the expiry to the logs, whatever happens", async () => {
    const written: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(" ")));
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const logged = captureLog();
    const visitor = await visitorWith(rechargeSale("pagos.dieciseis@example.com"));
    await pay(visitor, "4000000000000002");
    setSwitch("payments.charge", { status: 500 });
    await pay(visitor, "4111111111111111");
    setSwitch("payments.charge", { malformed: true });
    await pay(visitor, "5555555555554444");
    stdout.mockRestore();
    logged.restore();
    expect(logged.entries).toContainEqual(expect.objectContaining({ call: "payments.charge", msg: "rechazado" }));
    const log = [...written, ...logged.lines].join("\n");
    expect(log).not.toMatch(/4000000000000002|4111111111111111|5555555555554444/);
    expect(log).not.toMatch(/12\/30|"clave"/);
  });
});

describe("a SIM with delivery (channel captacion, shipping added)", () => {
  const simSale = (email: string): CheckoutSale => ({
    kind: "sim",
    uuid: randomUUID(),
    offerId: "SIM200",
    type: 7,
    description: "Chip Bait con recarga de 150",
    price: 200,
    quantity: 1,
    shippingCost: 49,
    total: 249,
    validityDays: 30,
    includeMessage: "Chip Bait con envío a domicilio",
    phone: "5599887766",
    email,
    delivery: {
      contactName: "Lucía",
      contactLastName: "Martínez",
      email,
      contactNumber: "5599887766",
      postalCode: "64000",
      address: "Av. Constitución",
      exteriorNumber: "100",
      colony: "Monterrey Centro",
      city: "Monterrey",
      municipality: "Monterrey",
      state: "Nuevo León",
      country: "México",
    },
    loggedIn: false,
    returnTo: "/cambiate-a-bait",
    createdAt: new Date().toISOString(),
  });

  it("shows the shipping and the total, pays, and the shipment reaches the warehouse", async () => {
    const visitor = await visitorWith(simSale("chip.uno@example.com"));
    const checkout = ready(await load(visitor));
    expect(checkout.sale).toMatchObject({ kind: "sim", priceText: "$200.00", shippingText: "$49.00", totalText: "$249.00" });
    expect(checkout.sale.lines).toContainEqual({ label: "Dirección de envío", value: "Av. Constitución 100, Col. Monterrey Centro, C.P. 64000, Monterrey, Nuevo León" });
    const out = await pay(visitor, "4111111111111111");
    expect(out.location).toBe("/pago/completado");
    expect(sales.simShipments.at(-1)).toMatchObject({ postalCode: "64000", saleUuid: checkout.sale.uuid });
    expect(sales.charges.at(-1)).toMatchObject({ channel: "captacion", amount: 24900 });
    const session = await sessionStorage.getSession(visitor.cookie);
    expect(session.get("receipt")).toMatchObject({ kind: "sim", delivery: "Av. Constitución 100, Col. Monterrey Centro, C.P. 64000, Monterrey, Nuevo León" });
  });
});

describe("provider types 2 and 3 on the server", () => {
  it("the hosted card's token pays; the card never reached this server", async () => {
    const visitor = await visitorWith(rechargeSale("ana+iframe.servidor@example.com"));
    const checkout = ready(await load(visitor));
    // What the provider's hosted fields did in the browser (mocks/provider-pages.ts): a token for the card.
    const token = `tok_${randomUUID().replaceAll("-", "")}`;
    sales.cardTokens.set(token, { card: { numero: "4111111111111111", mes: "12", anio: "30", clave: "123" }, holder: "Ana Pérez", used: false });
    const out = await post(visitor, { intent: "hosted-pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, token, holder: "Ana Pérez", privacy: "on", terms: "on" });
    expect(out.location).toBe("/pago/completado");
  });

  it("PayPal: the consents, then PayPal's approval page; back with the approved order, the confirmation charges it", async () => {
    const visitor = await visitorWith(rechargeSale("ana+paypal.servidor@example.com"));
    const checkout = ready(await load(visitor));
    const refused = await post(visitor, { intent: "paypal", saleId: checkout.sale.uuid });
    expect(refused.answer?.result?.error).toMatchObject({ privacy: ["payment:validation.privacyRequired"] });
    const started = await post(visitor, { intent: "paypal", saleId: checkout.sale.uuid, privacy: "on", terms: "on" });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/^\/__mocks\/paypal\/aprobar\?orden=/);
    const orderId = new URL(started.location!, "http://localhost").searchParams.get("orden")!;
    sales.paypalOrders.get(orderId)!.state = "approved";
    const back = ready(await load(visitor, `?paypal=${orderId}`));
    expect(back.paypal.approved).toBe(true);
    const paid = await post(visitor, { intent: "paypal-confirm", saleId: checkout.sale.uuid, paymentKey: back.paymentKey });
    expect(paid.location).toBe("/pago/completado");
  });

  it("PayPal beside the card provider: offered for a recharge, its order charged as provider type 3", async () => {
    const visitor = await visitorWith(rechargeSale("pagos.paypal.junto@example.com"));
    const checkout = ready(await load(visitor));
    expect(checkout.plugin).toMatchObject({ provider: "card", paypalBeside: true });
    const started = await post(visitor, { intent: "paypal", saleId: checkout.sale.uuid, privacy: "on", terms: "on" });
    const orderId = new URL(started.location!, "http://localhost").searchParams.get("orden")!;
    sales.paypalOrders.get(orderId)!.state = "approved";
    const back = ready(await load(visitor, `?paypal=${orderId}`));
    expect(back.paypal.approved).toBe(true);
    const paid = await post(visitor, { intent: "paypal-confirm", saleId: checkout.sale.uuid, paymentKey: back.paymentKey });
    expect(paid.location).toBe("/pago/completado");
  });
});


describe("an outcome nobody learnt (docs/payment.md \"States of a payment\")", () => {
  /** The provider holds /cobrar past the charge's timeout (3 × 2 s here): the app never hears its verdict. */
  const HOLD_MS = 6_600;
  const loadOrRedirect = async (visitor: { cookie: string }) => {
    try {
      return { data: await load(visitor), location: null };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      const cookie = thrown.headers.get("Set-Cookie");
      if (cookie) visitor.cookie = cookie.split(";")[0]!;
      return { data: null, location: thrown.headers.get("Location") };
    }
  };
  const chargesOf = (phone: string) => sales.charges.filter((charge) => charge.phone === phone);

  it("a charge that timed out shows 'Estamos confirmando tu pago…' (no pay step, no second charge), then the provider's approval as the usual confirmation", async () => {
    const sale = rechargeSale("confirmando.aprobado@example.com", "5523456789");
    const visitor = await visitorWith(sale);
    setSwitch("payments.charge", { latencyMs: HOLD_MS });
    const out = await pay(visitor, "4111111111111111");
    expect([out.status, out.location]).toEqual([303, "/pago"]);

    const confirming = await loadOrRedirect(visitor);
    expect(confirming.data).toMatchObject({ ok: false, confirming: true, message: expect.stringContaining("Bait 100") });
    expect((confirming.data as { message: string }).message).toContain("(55) 23 45 67 89");
    expect(confirming.data).not.toHaveProperty("paymentKey");
    // An old page's form (a fresh key) pays nothing while the first is unknown.
    const again = await post(visitor, { intent: "card-page-pay", saleId: sale.uuid, paymentKey: randomUUID(), privacy: "on", terms: "on" });
    expect([again.status, again.location]).toEqual([303, "/pago"]);

    setSwitch("payments.charge", {});
    await vi.waitFor(() => expect(chargesOf("5523456789")).toHaveLength(1), { timeout: 5_000 });
    const settled = await loadOrRedirect(visitor);
    expect(settled.location).toBe("/pago/completado");
    const receipt = (await sessionStorage.getSession(visitor.cookie)).get("receipt");
    expect(receipt).toMatchObject({ orderId: chargesOf("5523456789")[0]!.orderId, description: "Bait 100" });
    expect(chargesOf("5523456789").filter((charge) => charge.approved)).toHaveLength(1);
  });

  it("a declined card learnt from the provider's record: the form says so once, with the attempts left", async () => {
    const sale = rechargeSale("confirmando.rechazado@example.com", "5523456789");
    const visitor = await visitorWith(sale);
    setSwitch("payments.charge", { latencyMs: HOLD_MS });
    await pay(visitor, "4000000000000002");
    setSwitch("payments.charge", {});
    await vi.waitFor(() => expect(chargesOf("5523456789")).toHaveLength(1), { timeout: 5_000 });
    const told = ready((await loadOrRedirect(visitor)).data!);
    expect(told.earlier).toMatchObject({ message: { tone: "error", text: DECLINED }, attemptsLeft: 2 });
    // Told once: the next rendering is a plain pay step with a fresh key.
    expect(ready((await loadOrRedirect(visitor)).data!).earlier).toBeNull();
  });
});
