import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { mockServer } from "../../../mocks/node";
import { useMockUpstream } from "../../../mocks/test-support";
import { newToken, world } from "../../../mocks/world";
import { DEMO_KEPT_CARDS, sales } from "../../../mocks/world-sales";
import { KEPT_CARD_MESSAGES } from "../../../mocks/handlers/payments-provider";
import { hostedPaymentPage } from "../../../mocks/provider-pages";
import { chargePayload } from "~/features/payment/charge-payload";
import type { CheckoutData } from "~/features/payment/checkout-data";
import { checkoutAction, loadCheckout } from "~/features/payment/checkout.server";
import { sealForProvider } from "~/features/payment/seal-card";
import { buildRechargeSale } from "~/features/recharge/sale";
import { listKeptCards } from "~/upstream/payments/kept-cards.server";
import type { SessionUser } from "#schemas/session";
import { commitSession, getSession, sealTokens } from "~/lib/session.server";
import type { CheckoutAnswer } from "~/features/payment/checkout-data";
import { loadRepeat, repeatAction, type RepeatData } from "./repeat.server";

useMockUpstream({ timeoutMs: 2000 });
// Each charge seals for the provider (RSA with 2048-bit keys): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const context = () => ({ clientIp: "203.0.113.9", cspNonce: "", visitorId: "test" }) as AppLoadContext;
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";

const customer = (number: string, name: string, email: string): SessionUser => ({ name, email, number, userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true });
const ana = customer("5512345678", "Ana", "demo.mbb@example.com");
const luis = customer("5545678901", "Luis", "luis.suspend@example.com");
const marta = customer("5556789012", "Marta", "marta.pendiente@example.com");

/** A signed-in customer's cookie, as a login leaves it (with a recharge sale waiting for /pago, when given). */
async function signedIn(user: SessionUser | null, sale?: ReturnType<typeof buildRechargeSale>) {
  const session = await getSession(new Request("http://localhost/"));
  if (sale) session.set("sale", sale);
  if (!user) return { cookie: (await commitSession(session)).split(";")[0]! };
  session.set("user", user);
  session.set("tokens", sealTokens({ access: newToken(user.number) }));
  session.set("auth", "legacy");
  session.set("authAt", Date.now());
  return { cookie: (await commitSession(session)).split(";")[0]! };
}

/** The folio of the line's applied recharge of `offerId` (the seeded history). */
const folioOf = (line: string, offerId: string) => world.history.get(line)!.find((entry) => entry.offeringID === offerId && entry.status === "applied")!.orderID;

type Outcome = { status: number; location: string | null; data?: unknown; cacheControl?: string | null };

async function settled(run: () => Promise<unknown>, visitor: { cookie: string }): Promise<Outcome> {
  try {
    const out = (await run()) as Response | { init?: ResponseInit; data: unknown };
    if (out instanceof Response) {
      const cookie = out.headers.get("Set-Cookie");
      if (cookie) visitor.cookie = cookie.split(";")[0]!;
      return { status: out.status, location: out.headers.get("Location") };
    }
    const cookie = new Headers(out.init?.headers).get("Set-Cookie");
    if (cookie) visitor.cookie = cookie.split(";")[0]!;
    return { status: out.init?.status ?? 200, location: null, data: out.data, cacheControl: new Headers(out.init?.headers).get("Cache-Control") };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const load = (visitor: { cookie: string }, folio: string) =>
  settled(() => loadRepeat(new Request(`http://localhost/recargar-de-nuevo?folio=${encodeURIComponent(folio)}`, { headers: { Cookie: visitor.cookie } }), context()), visitor);

const post = (visitor: { cookie: string }, folio: string, fields: Record<string, string>) =>
  settled(
    () =>
      repeatAction(
        new Request(`http://localhost/recargar-de-nuevo?folio=${encodeURIComponent(folio)}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: visitor.cookie },
        }),
        context(),
      ),
    visitor,
  );

function ready(outcome: Outcome) {
  const data = outcome.data as RepeatData | undefined;
  if (!data?.ok) throw new Error(`no repeat page: ${JSON.stringify(outcome)}`);
  return data;
}

/** How many charges reached the payment provider (/cobrar) from now on, refused ones included. */
function chargeCalls() {
  let count = 0;
  mockServer.events.on("request:start", ({ request }) => {
    if (request.method === "POST" && new URL(request.url).pathname.endsWith("/cobrar")) count += 1;
  });
  return () => count;
}
afterEach(() => mockServer.events.removeAllListeners());

const payFields = (page: Extract<RepeatData, { ok: true }>, keptCard = page.cards[0]!.token) => ({ intent: "repeat-pay", saleId: page.sale.uuid, paymentKey: page.paymentKey, keptCard });

describe("'Recargar de nuevo' with the kept card", () => {
  it("shows Ana's recharge, her line and her recurring recharge's Visa ending 1111, private", async () => {
    const visitor = await signedIn(ana);
    const loaded = await load(visitor, folioOf("5512345678", "BAIT150"));
    expect(loaded.cacheControl).toBe("private, no-store");
    const page = ready(loaded);
    expect(page.sale).toMatchObject({ description: "Bait 150", totalText: "$150.00" });
    expect(page.sale.lines).toContainEqual({ label: "Número a recargar", value: "(55) 12 34 56 78" });
    expect(page.cards).toEqual([{ token: DEMO_KEPT_CARDS.anaVisa, label: "Visa •••• 1111", recurring: true, cvvRequired: false, cvvUrl: null }]);
    expect(page.links.otherCard).toBe("/recargas?recarga=BAIT150&numero=5512345678");
  });

  it("pays once for a double tap (one charge with the kept card's token, the receipt for both posts)", async () => {
    const visitor = await signedIn(ana);
    const folio = folioOf("5512345678", "BAIT150");
    const page = ready(await load(visitor, folio));
    const fields = payFields(page);
    const [first, second] = await Promise.all([post({ ...visitor }, folio, fields), post({ ...visitor }, folio, fields)]);
    expect([first.location, second.location]).toEqual(["/pago/completado", "/pago/completado"]);
    expect(sales.charges.filter((charge) => charge.saleUuid === page.sale.uuid)).toHaveLength(1);
    expect(sales.charges.at(-1)).toMatchObject({ approved: true, phone: "5512345678", amount: 15000 });
  });

  it("goes to today's prefilled checkout without a kept card, and to /home for a folio not in the customer's history", async () => {
    const visitor = await signedIn(luis);
    expect(await load(visitor, folioOf("5545678901", "BAIT100"))).toMatchObject({ status: 302, location: "/recargas?recarga=BAIT100&numero=5545678901" });
    expect(await load(visitor, folioOf("5512345678", "BAIT100"))).toMatchObject({ location: "/home" });
  });

  it("declines Marta's Visa 0002 with the provider's words and the attempts left, then her expired Mastercard", async () => {
    const visitor = await signedIn(marta);
    const folio = folioOf("5556789012", "BAIT100");
    const page = ready(await load(visitor, folio));
    expect(page.cards.map((card) => card.label)).toEqual(["Visa •••• 0002", "Mastercard •••• 4444"]);
    expect(page.pending).toBe(true);
    const declined = await post(visitor, folio, payFields(page));
    expect(declined.status).toBe(402);
    expect(declined.data).toMatchObject({ message: { tone: "error", text: DECLINED }, attemptsLeft: 2 } satisfies CheckoutAnswer);
    const again = ready(await load(visitor, folio));
    expect(again.sale.uuid).toBe(page.sale.uuid);
    const expired = await post(visitor, folio, payFields(again, DEMO_KEPT_CARDS.martaExpired));
    expect(expired.data).toMatchObject({ message: { text: KEPT_CARD_MESSAGES.expired }, attemptsLeft: 1 });
  });

  it("another customer's kept card is refused before any charge is sent (Ana with Marta's token, Marta with Ana's)", async () => {
    const charges = chargeCalls();
    for (const [user, line, foreign] of [
      [ana, "5512345678", DEMO_KEPT_CARDS.martaDeclined],
      [marta, "5556789012", DEMO_KEPT_CARDS.anaVisa],
    ] as const) {
      const visitor = await signedIn(user);
      const folio = folioOf(line, "BAIT100");
      const page = ready(await load(visitor, folio));
      const refused = await post(visitor, folio, payFields(page, foreign));
      expect(charges()).toBe(0);
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({ message: { tone: "error", text: "Esa tarjeta no está guardada en tu cuenta. Elige una de tus tarjetas o paga con otra." } });
    }
    expect(sales.charges).toEqual([]);
  });

  it("the normal repeat still sends one charge, after the customer's own cards are read", async () => {
    const charges = chargeCalls();
    const visitor = await signedIn(ana);
    const folio = folioOf("5512345678", "BAIT150");
    const page = ready(await load(visitor, folio));
    expect((await post(visitor, folio, payFields(page))).location).toBe("/pago/completado");
    expect(charges()).toBe(1);
  });

  it("when the provider cannot list the customer's cards, nothing is charged", async () => {
    const charges = chargeCalls();
    const visitor = await signedIn(ana);
    const folio = folioOf("5512345678", "BAIT150");
    const page = ready(await load(visitor, folio));
    setSwitch("payments.keptCards:5512345678", { status: 500 });
    const refused = await post(visitor, folio, payFields(page));
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({ message: { tone: "error", text: "No pudimos consultar tus tarjetas guardadas. Inténtalo de nuevo más tarde." } });
    expect(charges()).toBe(0);
  });

  it("a card whose provider asks the security code: its hosted field's address reaches the page, and its token the charge", async () => {
    // The demo provider never asks it: this card does, and the list says where its field is.
    sales.keptCards.get(DEMO_KEPT_CARDS.anaVisa)!.cvvRequired = true;
    const field = "https://proveedor.example/campos/cvv?tarjeta=1";
    setSwitch("payments.keptCards:5512345678", { body: { success: true, tarjetas: [{ token: DEMO_KEPT_CARDS.anaVisa, marca: "visa", ultimos: "1111", cvvRequerido: true, campoCvv: field, recurrente: true }] } });
    const visitor = await signedIn(ana);
    const folio = folioOf("5512345678", "BAIT150");
    const page = ready(await load(visitor, folio));
    expect(page.cards[0]).toMatchObject({ cvvRequired: true, cvvUrl: field });
    const missing = await post(visitor, folio, payFields(page));
    expect(missing.data).toMatchObject({ message: { text: KEPT_CARD_MESSAGES.cvvMissing } });
    const again = ready(await load(visitor, folio));
    expect((await post(visitor, folio, { ...payFields(again), verification: "cvv_tok_1234567" })).location).toBe("/pago/completado");
  });

  it("a post of another sale's page or without a valid key charges nothing", async () => {
    const visitor = await signedIn(ana);
    const folio = folioOf("5512345678", "BAIT150");
    const page = ready(await load(visitor, folio));
    expect((await post(visitor, folio, { ...payFields(page), saleId: "otra" })).status).toBe(409);
    expect((await post(visitor, folio, { ...payFields(page), paymentKey: "no" })).status).toBe(409);
    expect(sales.charges).toEqual([]);
  });
});

const bait100 = { offerId: "BAIT100", type: 1 as const, rechargeName: "Bait 100", price: 100, duration: 15, includeMessage: "Incluye minutos y SMS ilimitados" };
const saleOf = (line: string, email: string) =>
  buildRechargeSale({ offer: bait100, form: { phone: line, serviceNumber: undefined, email, whatsapp: false }, uuid: crypto.randomUUID(), loggedIn: true, returnTo: "/recargas?section=traditionals" });

const checkout = async (visitor: { cookie: string }, query = "") => {
  const out = await settled(() => loadCheckout(new Request(`http://localhost/pago${query}`, { headers: { Cookie: visitor.cookie } }), context()), visitor);
  const data = out.data as CheckoutData;
  if (!data?.ok) throw new Error(`checkout not ready: ${JSON.stringify(out)}`);
  return data;
};
const pay = (visitor: { cookie: string }, fields: Record<string, string>) =>
  settled(
    () => checkoutAction(new Request("http://localhost/pago", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: visitor.cookie } }), context()),
    visitor,
  );

describe("'Guardar esta tarjeta con el procesador de pagos…' on the checkout", () => {
  it("is offered to a signed-in customer only, and never for a recurring recharge", async () => {
    expect((await checkout(await signedIn(luis, saleOf("5545678901", "luis.suspend@example.com")))).keepCard).toBe(true);
    expect((await checkout(await signedIn(null, saleOf("5545678901", "visita@example.com")))).keepCard).toBe(false);
    const recurring = { ...saleOf("5545678901", "luis.suspend@example.com"), kind: "recurring" as const };
    expect((await checkout(await signedIn(luis, recurring as never))).keepCard).toBe(false);
  });

  it("with JavaScript (the sealed card): the approved card is kept for the customer, then pays 'Recargar de nuevo'", async () => {
    const visitor = await signedIn(luis, saleOf("5545678901", "luis.suspend@example.com"));
    const page = await checkout(visitor);
    const payload = chargePayload({ firstName: "Luis", lastName: "Pérez" }, { address: "Av. Juárez 10", colonia: "660001", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" }, { number: "2223003122003222", month: "12", year: "30", cvv: "123" });
    const sealed = JSON.stringify(sealForProvider(payload, page.plugin.publicKey));
    const paid = await pay(visitor, { intent: "pay", saleId: page.sale.uuid, paymentKey: page.paymentKey, sealed, keepCard: "on", privacy: "on", terms: "on" });
    expect(paid.location).toBe("/pago/completado");
    const kept = await listKeptCards({ customer: "5545678901", store: "bait-web" });
    expect(kept.ok && kept.data.map((card) => `${card.brand} ${card.last4}`)).toEqual(["mastercard 3222"]);
    const folio = folioOf("5545678901", "BAIT100");
    const repeat = ready(await load(visitor, folio));
    expect(repeat.cards.map((card) => card.label)).toEqual(["Mastercard •••• 3222"]);
    expect((await post(visitor, folio, payFields(repeat))).location).toBe("/pago/completado");
  });

  it("without JavaScript (the provider's page): not kept when not ticked; kept when ticked on step 1", async () => {
    for (const [keep, expected] of [["", 0], ["on", 1]] as const) {
      const visitor = await signedIn(luis, saleOf("5545678901", "luis.suspend@example.com"));
      const page = await checkout(visitor);
      const holder = { firstName: "Luis", lastName: "Pérez", address: "Av. Juárez 10", postalCode: "06600", colonia: "660001" };
      const started = await pay(visitor, { intent: "card-page", saleId: page.sale.uuid, paymentKey: page.paymentKey, ...holder, ...(keep ? { keepCard: keep } : {}) });
      const start = new URL(started.location!, "http://localhost").searchParams;
      const back = hostedPaymentPage("POST", new URLSearchParams(), new URLSearchParams({ ref: start.get("ref")!, retorno: start.get("retorno")!, monto: start.get("monto")!, numero: "5555555555554444", vencimiento: "12/30", cvv: "123" }));
      const again = await checkout(visitor, new URL(back.location!, "http://localhost").search);
      const paid = await pay(visitor, { intent: "card-page-pay", saleId: again.sale.uuid, paymentKey: again.paymentKey, privacy: "on", terms: "on" });
      expect(paid.location).toBe("/pago/completado");
      const kept = await listKeptCards({ customer: "5545678901", store: "bait-web" });
      expect(kept.ok && kept.data.length).toBe(expected);
    }
  });
});
