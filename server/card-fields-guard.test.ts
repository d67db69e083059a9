import { readFileSync } from "node:fs";
import type { AddressInfo, Server } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptFormBodiesOnly, applySecurity, contentSecurityPolicy, isCardFieldName, refuseCardFields } from "./http-guards";

/**
 * The card-field guard of the server (server/http-guards.ts refuseCardFields) on a real express
 * app, behind the body guard as in server/app.ts, in front of a handler that reads the body the way
 * Remix's express adapter does (a web stream over the request): no page takes a field named like a
 * card's, and every other form reaches the app byte for byte.
 */
const texts = JSON.parse(readFileSync(new URL("../locales/es-MX/http.json", import.meta.url), "utf8")).requestRefused;
const CARD = "4111111111111111";
const logged: string[] = [];
const received: string[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "nonce-de-prueba";
    next();
  });
  app.use(acceptFormBodiesOnly({ texts }));
  app.use(refuseCardFields({ texts, except: "/__mocks/", log: (fields) => logged.push(JSON.stringify(fields)) }));
  app.all("*", async (req, res) => {
    const body = await new Response(createReadableStreamFromReadable(req)).text();
    received.push(body);
    res.type("text/plain").send(body);
  });
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: BodyInit) => fetch(base + path, { method: "POST", body });

describe("which field names are a card's", () => {
  it.each([
    "cardNumber", "card_number", "card-number", "CardNumber", "cc-number", "ccnum", "creditCardNumber", "numeroTarjeta", "numero_de_tarjeta",
    "tarjeta", "tarjeta[numero]", "pan", "cvv", "CVV2", "cardCvv", "cvc", "cc-csc", "securityCode", "codigo_de_seguridad",
    "expiry", "cc-exp", "cardExpiry", "expirationDate", "exp_month", "vencimiento", "fechaVencimiento",
  ])("%s is", (name) => expect(isCardFieldName(name)).toBe(true));

  it.each([
    "number", "numero", "phone", "telefono", "password", "code", "nip", "email", "intent", "saleId", "paymentKey", "sealed", "holder",
    "token", "firstName", "lastName", "address", "postalCode", "colonia", "privacy", "terms", "offerId", "iccid", "imei", "card", "expiresAt", "panel", "company",
  ])("%s is not", (name) => expect(isCardFieldName(name)).toBe(false));
});

describe("a post carrying a card field", () => {
  it.each([
    ["/pago", new URLSearchParams({ intent: "pay", cardNumber: CARD, expiry: "12/30", cvv: "123" })],
    ["/contacto", new URLSearchParams({ nombre: "Ana", numeroTarjeta: CARD })],
    ["/login", (() => { const form = new FormData(); form.set("number", "5512345678"); form.set("cvv", "123"); return form; })()],
  ])("to %s gets 422 and a Spanish page, never reaches the app, and is logged without the body", async (path, body) => {
    const before = received.length;
    const response = await post(path, body);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain("<h1>No recibimos datos de tarjetas</h1>");
    expect(html).not.toContain(CARD);
    expect(received.length).toBe(before);
    expect(logged.at(-1)).toBe(JSON.stringify({ status: 422, method: "POST", path, reason: "cardData" }));
    expect(logged.join("\n")).not.toMatch(/4111|12\/30|cvv|cardNumber/);
  });
});

describe("every other post", () => {
  it("reaches the app byte for byte: urlencoded, multipart, and a body of many chunks", async () => {
    const form = new URLSearchParams({ intent: "pay", sealed: JSON.stringify({ data: "x".repeat(40_000) }), saleId: "a", privacy: "on" });
    expect(await (await post("/pago", form)).text()).toBe(form.toString());
    const multipart = new FormData();
    multipart.set("campo", "imei");
    multipart.set("valor", "ñandú");
    const echoed = await (await post("/api/imei", multipart)).text();
    expect(echoed).toContain('name="campo"');
    expect(echoed).toContain("ñandú");
    expect((await post("/login", new URLSearchParams({ number: "5512345678", password: "x" }))).status).toBe(200);
    expect((await fetch(`${base}/pago`)).status).toBe(200);
  });

  it("the mock world's provider pages, which do take a card, are left alone", async () => {
    expect(await (await post("/__mocks/proveedor/pago", new URLSearchParams({ numero: CARD, cvv: "123" }))).text()).toContain("cvv=123");
  });
});

describe("the payment pages' CSP", () => {
  const scriptSrc = (policy: string | null) => (policy ?? "").split("; ").find((directive) => directive.startsWith("script-src "));

  it("allows only the site's scripts and the nonce's: no 'strict-dynamic', no host; the provider's page as a form target", () => {
    const policy = contentSecurityPolicy("abc123", { isProduction: true, frameSources: ["https://campos.proveedor.example"], paymentPage: true, formSources: ["https://pago.proveedor.example"], scriptSources: ["https://chat.example.com"] });
    expect(scriptSrc(policy)).toBe("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("form-action 'self' https://pago.proveedor.example");
    // The hosted fields are a frame, not a script.
    expect(policy).toContain("frame-src 'self' https://campos.proveedor.example");
  });

  it("is the payment pages' only: /pago and /pago/completado, not the rest of the site", async () => {
    const app = express();
    app.use((_req, res, next) => ((res.locals.cspNonce = "n"), next()));
    app.use(applySecurity({ isProduction: true }));
    app.get("*", (_req, res) => res.send("ok"));
    const own = await new Promise<Server>((resolve) => { const listening = app.listen(0, "127.0.0.1", () => resolve(listening)); });
    try {
      const policyOf = async (path: string) => scriptSrc((await fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}${path}`)).headers.get("content-security-policy"));
      expect(await policyOf("/pago")).toBe("script-src 'self' 'nonce-n'");
      expect(await policyOf("/pago?metodo=tarjeta")).toBe("script-src 'self' 'nonce-n'");
      expect(await policyOf("/pago/completado")).toBe("script-src 'self' 'nonce-n'");
      expect(await policyOf("/recargas")).toMatch(/^script-src 'self' 'nonce-n' https:\/\//);
      expect(await policyOf("/pagos-y-facturas")).toMatch(/^script-src 'self' 'nonce-n' https:\/\//);
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });
});
