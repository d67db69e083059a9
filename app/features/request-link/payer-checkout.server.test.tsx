import type { AppLoadContext } from "@remix-run/node";
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import type { SessionUser } from "#schemas/session";
import { chargePayload } from "~/features/payment/charge-payload";
import type { CheckoutData } from "~/features/payment/checkout-data";
import { paymentLedger } from "~/features/payment/ledger.server";
import { CheckoutView } from "~/features/payment/checkout-view";
import { checkoutAction, loadCheckout } from "~/features/payment/checkout.server";
import { loadReceipt } from "~/features/payment/receipt.server";
import { sealForProvider } from "~/features/payment/seal-card";
import { i18n } from "~/lib/i18n/i18n.server";
import { commitSession, getSession, sealTokens } from "~/lib/session.server";
import PaymentCompleted from "~/routes/pago_.completado";
import { makerAction } from "./maker.server";
import { loadPayerPage, payerAction } from "./payer.server";

/**
 * Issue 39, row 5: a payer who opens someone's 'Pide tu recarga' link and goes on to /pago never
 * learns the line. The checkout's loader data, its HTML, the answers of its actions, the
 * 'Estamos confirmando…' state and the receipt show the line masked, as the link's page does;
 * the full number stays in the server's session. The line's owner, signed in, still sees it.
 */

// eslint-disable-next-line react-hooks/rules-of-hooks -- not a React hook: the mock upstream's vitest set-up (mocks/test-support.ts), in a file that renders JSX
useMockUpstream({ timeoutMs: 2000 });
// A payment seals the card for the provider (RSA with 2048-bit keys): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const ana: SessionUser = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true, allowNotifications: false, whatsappOptIn: false };
const memo: SessionUser = { ...ana, name: "Memo", number: "5533334444", serviceNumber: "5576543210", userType: 3, email: "demo.mifi@example.com" };
const luis: SessionUser = { ...ana, name: "Luis", number: "5545678901", email: "luis.suspend@example.com" };

/** Every way the full numbers could be written: the digits, the checkout's format, and the format without its area code. */
const fullForms = (digits: string) => [digits, `(${digits.slice(0, 2)}) ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`, `${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`];
function expectNoFullNumber(text: string, ...numbers: string[]) {
  for (const number of numbers) for (const form of fullForms(number)) expect(text, `«${form}» found`).not.toContain(form);
}

async function signedIn(user: SessionUser) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", user);
  session.set("tokens", sealTokens({ access: `token-${user.number}` }));
  session.set("auth", "legacy");
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return { cookie: (await commitSession(session)).split(";")[0]! };
}

type Outcome = { status: number; location: string | null; data?: unknown };
async function settled(run: () => Promise<unknown>, visitor: { cookie: string }): Promise<Outcome> {
  try {
    const out = (await run()) as Response | { init?: ResponseInit | null; data: unknown };
    const headers = out instanceof Response ? out.headers : new Headers(out.init?.headers);
    const cookie = headers.get("Set-Cookie");
    if (cookie) visitor.cookie = cookie.split(";")[0]!;
    if (out instanceof Response) return { status: out.status, location: out.headers.get("Location") };
    return { status: out.init?.status ?? 200, location: null, data: out.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const post = (url: string, fields: Record<string, string>, cookie: string) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });

/** A link made by the line's signed-in customer (/pide-recarga), as its token. */
async function linkOf(maker: SessionUser, offerId?: string) {
  const visitor = await signedIn(maker);
  const made = await settled(() => makerAction(post("http://localhost/pide-recarga", { intent: "crear", ...(offerId ? { offerId } : {}) }, visitor.cookie), context()), visitor);
  const token = new URL(made.location ?? "", "http://localhost").searchParams.get("enlace");
  if (!token) throw new Error(`no link made: ${JSON.stringify(made)}`);
  return token;
}

/** The payer's 'Continuar al pago' on the link's page: the sale, then /pago. */
async function payerCheckout(token: string, payer: { cookie: string }, offerId = "BAIT50") {
  const went = await settled(() => payerAction(post(`http://localhost/r/${token}`, { offerId, email: "tia@example.com" }, payer.cookie), context(), token), payer);
  expect([went.status, went.location]).toEqual([303, "/pago"]);
  return loadPage(payer);
}

async function loadPage(visitor: { cookie: string }) {
  const out = await settled(() => loadCheckout(new Request("http://localhost/pago", { headers: { Cookie: visitor.cookie } }), context()), visitor);
  const data = out.data as CheckoutData | undefined;
  if (!data) throw new Error(`no checkout: ${JSON.stringify(out)}`);
  return data;
}

/** A page rendered on the server as the route would: inside a router, the Remix context its links need and the site's i18next. */
async function html(element: ReactElement) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const routed = await handler.query(new Request("http://localhost/pago"));
  if (routed instanceof Response) throw new Error("unexpected redirect");
  const remix = { manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" }, routeModules: {}, future: {}, isSpaMode: false };
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RemixContext.Provider value={remix as never}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, routed)} context={routed} hydrate={false} />
      </RemixContext.Provider>
    </I18nextProvider>,
  );
}

async function receiptHtml(receipt: Awaited<ReturnType<typeof loadReceipt>>) {
  const handler = createStaticHandler([{ id: "routes/pago_.completado", path: "*", loader: () => receipt, element: <PaymentCompleted /> }]);
  const routed = await handler.query(new Request("http://localhost/pago/completado"));
  if (routed instanceof Response) throw new Error("unexpected redirect");
  const remix = { manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" }, routeModules: {}, future: {}, isSpaMode: false };
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RemixContext.Provider value={remix as never}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, routed)} context={routed} hydrate={false} />
      </RemixContext.Provider>
    </I18nextProvider>,
  );
}

/** 'Pagar' with the demo card, sealed as the browser seals it. */
function payFields(checkout: Extract<CheckoutData, { ok: true }>) {
  const payload = chargePayload({ firstName: "Tía", lastName: "Rosa" }, { address: "Av. Juárez 10", colonia: "660001", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" }, { number: "4111111111111111", month: "12", year: "30", cvv: "123" });
  return { intent: "pay", saleId: checkout.sale.uuid, paymentKey: checkout.paymentKey, sealed: JSON.stringify(sealForProvider(payload, checkout.plugin.publicKey)), privacy: "on", terms: "on" };
}

const ready = (data: CheckoutData) => {
  if (!data.ok) throw new Error(`checkout not ready: ${JSON.stringify(data)}`);
  return data;
};

describe("a payer of a request link never learns the line", () => {
  it("/pago: the loader data and the page's HTML show the line masked, as the link did; no hidden field or address carries it", async () => {
    const token = await linkOf(ana, "BAIT150");
    const payer = { cookie: "" };
    const checkout = ready(await payerCheckout(token, payer));
    expect(checkout.sale.lines).toContainEqual({ label: "Número a recargar", value: "(55) •• •• 56 78" });
    expectNoFullNumber(JSON.stringify(checkout), ana.number);
    const page = await html(<CheckoutView checkout={checkout} />);
    expect(page).toContain("(55) •• •• 56 78");
    expectNoFullNumber(page, ana.number);
    // 'Cambiar datos' goes back to the link (its token), never to a form with the number.
    expect(checkout.editHref).toBe(`/r/${token}?recarga=BAIT50`);
  });

  it("the receipt (its loader data and its page) and the words after paying keep the line masked", async () => {
    const payer = { cookie: "" };
    const checkout = ready(await payerCheckout(await linkOf(ana), payer));
    const paid = await settled(() => checkoutAction(post("http://localhost/pago", payFields(checkout), payer.cookie), context()), payer);
    expect(paid.location).toBe("/pago/completado");
    const receipt = await loadReceipt(new Request("http://localhost/pago/completado", { headers: { Cookie: payer.cookie } }));
    expect(receipt).toMatchObject({ number: "(55) •• •• 56 78" });
    expect(receipt?.next).toContain("a la línea (55) •• •• 56 78");
    expectNoFullNumber(JSON.stringify(receipt), ana.number);
    const page = await receiptHtml(receipt);
    expect(page).toContain("(55) •• •• 56 78");
    expectNoFullNumber(page, ana.number);
  });

  it("'Estamos confirmando tu pago…' (an outcome not known yet) says the line masked too", async () => {
    const payer = { cookie: "" };
    const checkout = ready(await payerCheckout(await linkOf(ana), payer));
    // A charge sent whose verdict nobody learnt yet (the provider's answer lost).
    const open = { key: checkout.paymentKey, saleUuid: checkout.sale.uuid, sentAt: 0, lookup: { channel: "general" as const, store: "bait-web", formOrigin: "http://localhost" } };
    vi.spyOn(paymentLedger, "reconcile").mockResolvedValue({ kind: "pending", open });
    const confirming = await loadPage(payer);
    expect(confirming).toMatchObject({ ok: false, confirming: true, message: expect.stringContaining("(55) •• •• 56 78") });
    expectNoFullNumber(JSON.stringify(confirming), ana.number);
    expectNoFullNumber(await html(<CheckoutView checkout={confirming} />), ana.number);
  });

  it("portable internet: neither the service number nor the maker's Bait number (the contact phone) reaches the payer", async () => {
    const payer = await signedIn(luis);
    const data = await (async () => {
      const token = await linkOf(memo);
      const page = await loadPayerPage(new Request(`http://localhost/r/${token}`), context(), token);
      const offerId = page.kind === "pay" ? page.offers[0]!.offerId : "";
      const went = await settled(() => payerAction(post(`http://localhost/r/${token}`, { offerId, email: "luis.suspend@example.com" }, payer.cookie), context(), token), payer);
      if (went.location !== "/pago") throw new Error(`no sale: ${JSON.stringify(went)}`);
      return ready(await loadPage(payer));
    })();
    expect(data.sale.lines).toContainEqual({ label: "Número de servicio", value: "(55) •• •• 32 10" });
    expect(data.sale.lines).toContainEqual({ label: "Teléfono de contacto", value: "(55) •• •• 44 44" });
    expectNoFullNumber(JSON.stringify(data), memo.serviceNumber!, memo.number);
    expectNoFullNumber(await html(<CheckoutView checkout={data} />), memo.serviceNumber!, memo.number);
  });

  it("the line's own customer, signed in, paying their own link still sees their number", async () => {
    const owner = await signedIn(ana);
    const checkout = ready(await payerCheckout(await linkOf(ana), owner));
    expect(checkout.sale.lines).toContainEqual({ label: "Número a recargar", value: "(55) 12 34 56 78" });
  });
});
