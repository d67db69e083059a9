import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cardBrandOf,
  cardFieldMessages,
  expiryOf,
  hostedCardFieldsPage,
  hostedPaymentPage,
  isSameOriginPath,
  issueCardToken,
  MISSING_CARD_DATA,
  passesLuhn,
  paypalApprovalPage,
  providerStyles,
} from "./provider-pages";
import { resetSales, sales } from "./world-sales";
import { captureLog } from "~/lib/log.test-helpers";

beforeEach(() => resetSales());
afterEach(() => vi.restoreAllMocks());

const query = (entries: Record<string, string> = {}) => new URLSearchParams(entries);
const now = new Date(2025, 5, 15);
const tokenBody = (overrides: Record<string, unknown> = {}) => JSON.stringify({ holder: "Ana Pérez", number: "4111111111111111", expiry: "12/27", cvv: "123", ...overrides });

describe("hosted card fields page (provider type 2)", () => {
  const html = hostedCardFieldsPage("GET", "n0nce+/=", query()).html!;

  it("is a Spanish page with a labelled field for each card datum and a 'Continuar' button", () => {
    expect(html).toMatch(/<html lang="es-MX">/);
    for (const [id, label] of [
      ["holder", "Nombre del titular"],
      ["number", "Número de tarjeta"],
      ["expiry", "Vencimiento \\(MM/AA\\)"],
      ["cvv", "CVV"],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="${id}">${label}</label><input id="${id}" `));
      expect(html).toMatch(new RegExp(`<p class="error" id="${id}-error" role="alert"></p>`));
    }
    expect(html).toContain('<button type="submit" id="continuar">Continuar</button>');
    expect(html).toContain('autocomplete="cc-number"');
  });

  it("carries the request's CSP nonce on its only script, and links its styles (no inline style)", () => {
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script nonce="n0nce+/=">']);
    expect(html).not.toMatch(/<style|style="/);
    expect(html).toContain('<link rel="stylesheet" href="/__mocks/proveedor/estilos.css">');
    expect(hostedCardFieldsPage("GET", '"><script>', query()).html).toContain('nonce="&#34;&#62;&#60;script&#62;"');
  });

  it("speaks the postMessage protocol to its own origin only", () => {
    expect(html).toContain('"bait-proveedor"');
    expect(html).toContain("window.parent.postMessage(message, location.origin)");
    for (const type of ["ready", "resize", "loading", "token", "error"]) expect(html).toContain(`type: "${type}"`);
    expect(html).toContain('event.origin !== location.origin || event.source !== window.parent');
    expect(html).toContain('data.source === "bait-checkout" && data.type === "submit"');
    expect(html).toContain('fetch("/__mocks/proveedor/tokens"');
  });

  it("runs its script on its own, with nothing from the server's modules: ready, then a token for the card", async () => {
    const script = html.match(/<script nonce="n0nce\+\/=">([\s\S]*)<\/script>/)![1]!;
    const posted: unknown[] = [];
    const handlers: Record<string, (event: unknown) => void> = {};
    const element = (id: string) => ({ id, value: "4111 1111 1111 1111", textContent: "", setAttribute() {}, removeAttribute() {}, focus() {}, reset() {}, addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler) });
    const tokens = vi.fn(async () => ({ status: 201, json: async () => ({ token: "tok_1", card: { last4: "1111" } }) }));
    runInNewContext(script, {
      document: { getElementById: element, body: { getBoundingClientRect: () => ({ height: 300 }) } },
      getComputedStyle: () => ({ marginTop: "0px", marginBottom: "0px" }),
      location: { origin: "http://bait.test" },
      window: { parent: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) }, addEventListener() {} },
      fetch: tokens,
    });
    handlers.submit!({ preventDefault() {} });
    await vi.waitFor(() => expect(posted).toHaveLength(4));
    expect(posted).toEqual([
      [{ type: "ready", source: "bait-proveedor" }, "http://bait.test"],
      [{ type: "resize", height: 300, source: "bait-proveedor" }, "http://bait.test"],
      [{ type: "loading", source: "bait-proveedor" }, "http://bait.test"],
      [{ type: "token", token: "tok_1", card: { last4: "1111" }, source: "bait-proveedor" }, "http://bait.test"],
    ]);
    expect(tokens).toHaveBeenCalledWith("/__mocks/proveedor/tokens", expect.objectContaining({ method: "POST" }));
  });

  it("never puts the card in a form submission: the inputs have no name", () => {
    expect(html).not.toMatch(/<input[^>]* name=/);
  });

  it("accepts ?detalle=1 without changing anything", () => {
    expect(hostedCardFieldsPage("GET", "n0nce+/=", query({ detalle: "1" })).html).toBe(html);
  });

  it("tells a browser without JavaScript that it needs it, and refuses other methods", () => {
    expect(hostedCardFieldsPage("POST", "n", query()).html).toContain('role="alert">Para pagar con tarjeta aquí necesitas activar JavaScript');
    expect(hostedCardFieldsPage("PUT", "n", query()).status).toBe(405);
  });

  it("styles 44px targets, a visible focus, a white page and the #1471CE button", () => {
    expect(providerStyles).toContain("min-height:44px");
    expect(providerStyles).toContain(":focus-visible{outline:3px solid");
    expect(providerStyles).toContain("background:#fff");
    expect(providerStyles).toContain("background:#1471CE");
  });
});

describe("card checks", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["4222222222222", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", null],
    ["411111111111111", null],
  ])("brand of %s is %s", (number, brand) => expect(cardBrandOf(number)).toBe(brand));

  it("checks the Luhn digit", () => {
    expect(["4111111111111111", "4000000000000002", "378282246310005"].every(passesLuhn)).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
  });

  it.each([
    ["06/25", true],
    ["05/25", false],
    ["06/40", true],
    ["07/40", false],
    ["13/26", false],
    ["6/26", false],
    ["06-26", false],
  ])("expiry %s is acceptable: %s", (value, ok) => expect(expiryOf(value, now) !== null).toBe(ok));
});

describe("POST /__mocks/proveedor/tokens", () => {
  it("answers 201 with a tok_ token and the card's public details, and keeps the card for /cobrar", () => {
    const answer = issueCardToken(tokenBody({ number: "4111 1111 1111 1111", expiry: "1227" }), now);
    expect(answer).toEqual({ status: 201, body: { token: expect.stringMatching(/^tok_[0-9a-f]{24}$/), card: { last4: "1111", brand: "visa", holder: "Ana Pérez", expiry: "12/27" } } });
    const token = (answer.body as { token: string }).token;
    expect(sales.cardTokens.get(token)).toEqual({ card: { numero: "4111111111111111", mes: "12", anio: "2027", clave: "123" }, holder: "Ana Pérez", used: false });
  });

  it("takes a 4-digit CVV for Amex only", () => {
    expect(issueCardToken(tokenBody({ number: "378282246310005", cvv: "1234" }), now).status).toBe(201);
    expect(issueCardToken(tokenBody({ number: "378282246310005", cvv: "123" }), now).body).toEqual({ error: { field: "cvv", message_to_purchaser: cardFieldMessages.cvv } });
    expect(issueCardToken(tokenBody({ cvv: "1234" }), now).status).toBe(422);
  });

  it.each([
    ["cardholder", { holder: "Ana 3" }],
    ["cardholder", { holder: "<b>Ana</b>" }],
    ["number", { number: "4111111111111112" }],
    ["number", { number: "6011111111111117" }],
    ["number", { number: "4111abcd11111111" }],
    ["expiry", { expiry: "01/20" }],
    ["expiry", { expiry: "12/45" }],
    ["expiry", { expiry: "00/27" }],
    ["cvv", { cvv: "12" }],
    ["cvv", { cvv: "abc" }],
  ] as const)("refuses a wrong %s (%j) with 422 and its 'Lo sentimos' text", (field, overrides) => {
    const answer = issueCardToken(tokenBody(overrides), now);
    expect(answer).toEqual({ status: 422, body: { error: { field, message_to_purchaser: cardFieldMessages[field] } } });
    expect(cardFieldMessages[field]).toMatch(/^Lo sentimos, /);
    expect(sales.cardTokens.size).toBe(0);
  });

  it.each([["not json"], [""], [JSON.stringify({ holder: "Ana", number: "4111111111111111", expiry: "12/27" })], [tokenBody({ cvv: "  " })], [tokenBody({ number: 4111111111111111 })]])(
    "answers C003 for missing card data: %s",
    (raw) => {
      expect(issueCardToken(raw, now)).toEqual({ status: 422, body: { error: { field: null, code: "C003", message_to_purchaser: MISSING_CARD_DATA } } });
    },
  );

  it("never logs the card number", () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level));
    const log = captureLog();
    issueCardToken(tokenBody(), now);
    issueCardToken(tokenBody({ number: "4111111111111112" }), now);
    issueCardToken("{ 4111111111111111", now);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(log.text()).not.toMatch(/411111111111111/);
  });
});

describe("same-origin paths", () => {
  it.each([
    ["/pago", true],
    ["/pago?paso=paypal#fin", true],
    ["//otro.example/pago", false],
    ["/\\otro.example", false],
    ["https://otro.example/", false],
    ["pago", false],
    ["/pago\n", false],
    ["", false],
  ])("%j → %s", (value, ok) => expect(isSameOriginPath(value)).toBe(ok));
});

describe("PayPal approval page (provider type 3)", () => {
  const order = (state: "created" | "approved" | "cancelled" | "captured" = "created") =>
    sales.paypalOrders.set("ORDEN1", { id: "ORDEN1", state, amount: 1234.5, description: "Bait 200 <promo>", channel: "general", saleUuid: "v1", returnUrl: "/pago?paso=1", cancelUrl: "/pago?cancelado=1" });
  const post = (accion: string, id = "ORDEN1") => paypalApprovalPage("POST", query(), query({ orden: id, accion }));

  it("shows the description and the total in MXN, with two plain-form buttons", () => {
    order();
    const page = paypalApprovalPage("GET", query({ orden: "ORDEN1" }), query());
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="es-MX">');
    expect(page.html).toContain("(demostración)");
    expect(page.html).toContain("Bait 200 &#60;promo&#62;");
    expect(page.html).toContain("$1,234.50 MXN");
    expect(page.html).toContain('<form method="post" action="/__mocks/paypal/aprobar"');
    expect(page.html).toContain('<button type="submit" name="accion" value="aprobar" class="pagar">Pagar con PayPal</button>');
    expect(page.html).toContain('<button type="submit" name="accion" value="cancelar" class="cancelar">Cancelar y volver a Bait</button>');
    expect(page.html).not.toMatch(/<script/);
  });

  it("approves and sends the browser back with ?paypal=ID; a repeat does the same", () => {
    order();
    expect(post("aprobar")).toEqual({ status: 303, location: "/pago?paso=1&paypal=ORDEN1" });
    expect(sales.paypalOrders.get("ORDEN1")?.state).toBe("approved");
    expect(post("aprobar")).toEqual({ status: 303, location: "/pago?paso=1&paypal=ORDEN1" });
    expect(paypalApprovalPage("GET", query({ orden: "ORDEN1" }), query()).html).toContain("Ya aprobaste este pago");
  });

  it("cancels (even after approving) and sends the browser to the cancel address", () => {
    order("approved");
    expect(post("cancelar")).toEqual({ status: 303, location: "/pago?cancelado=1" });
    expect(sales.paypalOrders.get("ORDEN1")?.state).toBe("cancelled");
    expect(post("aprobar").status).toBe(409);
  });

  it("cannot approve nor cancel a captured order", () => {
    order("captured");
    expect(post("aprobar").status).toBe(409);
    expect(post("cancelar").status).toBe(409);
    expect(paypalApprovalPage("GET", query({ orden: "ORDEN1" }), query()).html).toContain("Este pago ya se completó");
  });

  it("answers 404 for an unknown order, 400 for an unknown action, 405 for other methods", () => {
    order();
    expect(paypalApprovalPage("GET", query({ orden: "NADA" }), query()).status).toBe(404);
    expect(post("aprobar", "NADA").status).toBe(404);
    expect(post("otra").status).toBe(400);
    expect(paypalApprovalPage("DELETE", query({ orden: "ORDEN1" }), query()).status).toBe(405);
  });

  it("never redirects outside this site, even if an order slipped through with another address", () => {
    sales.paypalOrders.set("MALA", { id: "MALA", state: "created", amount: 1, description: "x", channel: "general", saleUuid: "v", returnUrl: "//otro.example", cancelUrl: "/" });
    expect(post("aprobar", "MALA")).toMatchObject({ status: 400 });
  });
});

describe("the hosted payment page (the card without JavaScript)", () => {
  const start = { ref: "0b6c2f1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e", retorno: "/pago?metodo=tarjeta", monto: "249.00" };
  const post = (fields: Record<string, string>) => hostedPaymentPage("POST", query(), new URLSearchParams({ ...start, ...fields }), now);

  it("is a plain Spanish form without a script, its card fields named and posting to the provider, the total shown", () => {
    const page = hostedPaymentPage("GET", query(start), new URLSearchParams(), now);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<html lang="es-MX">/);
    expect(page.html).not.toMatch(/<script/);
    expect(page.html).toContain('<form class="campos" method="post" action="/__mocks/proveedor/pago" novalidate>');
    for (const [id, label] of [["numero", "Número de tarjeta"], ["vencimiento", "Vencimiento \\(MM/AA\\)"], ["cvv", "CVV"]]) {
      expect(page.html).toMatch(new RegExp(`<label for="${id}">${label}</label><input id="${id}" name="${id}" `));
    }
    expect(page.html).toContain("$249.00 MXN");
    expect(page.html).toContain('<a class="volver" href="/pago?metodo=tarjeta">Cancelar y volver a Bait</a>');
  });

  it("a valid card: a single-use token for it, and back to the checkout with the reference, the token and the last 4 digits", () => {
    const answer = post({ numero: "4111 1111 1111 1111", vencimiento: "1227", cvv: "123" });
    expect(answer.status).toBe(303);
    const back = new URL(answer.location!, "http://mock.local");
    expect(back.pathname).toBe("/pago");
    expect(back.searchParams.get("metodo")).toBe("tarjeta");
    expect(back.searchParams.get("ref")).toBe(start.ref);
    expect(back.searchParams.get("ultimos")).toBe("1111");
    const token = back.searchParams.get("token")!;
    expect(sales.cardTokens.get(token)).toEqual({ card: { numero: "4111111111111111", mes: "12", anio: "2027", clave: "123" }, holder: "", used: false });
    expect(answer.location).not.toContain("4111111111111111");
  });

  it("a wrong card: the page again with each field's message, the fields empty, no token", () => {
    const answer = post({ numero: "4111111111111112", vencimiento: "01/20", cvv: "12" });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain(cardFieldMessages.number);
    expect(answer.html).toContain(cardFieldMessages.expiry);
    expect(answer.html).toContain(cardFieldMessages.cvv);
    expect(answer.html).not.toMatch(/4111111111111112|01\/20|value="12"/);
    expect(sales.cardTokens.size).toBe(0);
  });

  it("sends nobody elsewhere: another site's return address or no reference is refused", () => {
    expect(hostedPaymentPage("GET", query({ ...start, retorno: "https://evil.example/" }), new URLSearchParams(), now).status).toBe(400);
    expect(hostedPaymentPage("GET", query({ ...start, retorno: "//evil.example/" }), new URLSearchParams(), now).status).toBe(400);
    expect(hostedPaymentPage("GET", query({ retorno: "/pago" }), new URLSearchParams(), now).status).toBe(400);
    expect(post({ retorno: "https://evil.example/", numero: "4111111111111111", vencimiento: "12/27", cvv: "123" }).status).toBe(400);
    expect(sales.cardTokens.size).toBe(0);
  });
});
