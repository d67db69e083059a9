import { describe, expect, it } from "vitest";
import { parseValues } from "./parse-values.testing";
import { makeRequestSchema, payRequestSchema, requestNumberOf, revokeRequestSchema } from "./request-link";

describe("'Pide tu recarga': making a link (docs/request-link.md)", () => {
  it("needs nothing but the intent: no offer means the payer chooses, no words means ours", () => {
    expect(parseValues(makeRequestSchema, { intent: "crear" })).toEqual({ ok: true, value: { intent: "crear", showName: false } });
  });

  it("keeps the offer, the words on one line and the name's box", () => {
    const result = parseValues(makeRequestSchema, { intent: "crear", offerId: "BAIT150", message: "  ¿Me ayudas\ncon mi recarga?  ", showName: "on" });
    expect(result).toEqual({ ok: true, value: { intent: "crear", offerId: "BAIT150", message: "¿Me ayudas con mi recarga?", showName: true } });
  });

  it("refuses words of more than 140 characters, and any link or web address in them", () => {
    expect(parseValues(makeRequestSchema, { intent: "crear", message: "a".repeat(141) })).toEqual({ ok: false, errors: { message: ["requestLink:form.messageTooLong"] } });
    expect(parseValues(makeRequestSchema, { intent: "crear", message: "é".repeat(140) })).toMatchObject({ ok: true });
    for (const message of ["Paga aquí: https://otro.example", "ve a www.promo.mx", "entra a bait-gratis.com ya", "http://1.2.3.4/x", "mi-pago.link"]) {
      expect(parseValues(makeRequestSchema, { intent: "crear", message }), message).toEqual({ ok: false, errors: { message: ["requestLink:form.messageLink"] } });
    }
    expect(parseValues(makeRequestSchema, { intent: "crear", message: "Gracias, mamá. Te quiero." })).toMatchObject({ ok: true });
  });

  it("an offer id that is no offer id is refused before anyone is asked", () => {
    expect(parseValues(makeRequestSchema, { intent: "crear", offerId: "<script>" })).toEqual({ ok: false, errors: { offerId: ["requestLink:form.offerUnknown"] } });
  });

  it("the visitor's number loses its spaces and separators", () => {
    expect(parseValues(makeRequestSchema, { intent: "crear", numero: "55 1234 5678" })).toMatchObject({ ok: true, value: { numero: "5512345678" } });
    expect(requestNumberOf("(55) 1234-5678")).toBe("5512345678");
  });
});

describe("cancelling a link", () => {
  it("takes the link's id and where to come back", () => {
    expect(parseValues(revokeRequestSchema, { intent: "cancelar", id: "AbCdEfGhIjKl", volver: "inicio" })).toEqual({ ok: true, value: { intent: "cancelar", id: "AbCdEfGhIjKl", volver: "inicio" } });
    expect(parseValues(revokeRequestSchema, { intent: "cancelar", id: "../../x" })).toMatchObject({ ok: false });
    expect(parseValues(revokeRequestSchema, { intent: "cancelar", id: "AbCdEfGhIjKl", volver: "https://otro.example" })).toMatchObject({ ok: false });
  });
});

describe("paying a link", () => {
  it("asks which recharge and the payer's e-mail, in Spanish", () => {
    expect(parseValues(payRequestSchema, {})).toEqual({ ok: false, errors: { offerId: ["requestLink:pay.offerRequired"], email: ["requestLink:pay.emailRequired"] } });
    expect(parseValues(payRequestSchema, { offerId: "BAIT150", email: "pepe@" })).toEqual({ ok: false, errors: { email: ["requestLink:pay.emailInvalid"] } });
    expect(parseValues(payRequestSchema, { offerId: "BAIT150", email: " pepe@example.com " })).toEqual({ ok: true, value: { offerId: "BAIT150", email: "pepe@example.com" } });
  });
});
