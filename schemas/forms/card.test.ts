import { describe, expect, it } from "vitest";
import { parseValues } from "./parse-values.testing";
import { cardBrand, cardFormSchema, checkoutSchema, expiryIsValid, isValidCardNumber, legalSchema, maskCard, parseExpiry, passesLuhn } from "./card";

const NOW = new Date(2026, 10, 21); // 21 de noviembre de 2026

describe("card numbers (docs/payment.md + Luhn)", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["4222222222222", "visa"],
    ["5555555555554444", "mastercard"],
    ["5105105105105100", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["2720999999999996", "mastercard"],
    ["378282246310005", "amex"],
    ["371449635398431", "amex"],
    ["4000000000000002", "visa"],
  ])("%s is %s and passes Luhn", (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
    expect(passesLuhn(number)).toBe(true);
    expect(isValidCardNumber(number)).toBe(true);
  });

  it.each([
    ["41111111111111", "Visa of 14 digits"],
    ["411111111111111", "Visa of 15 digits"],
    ["5655555555554444", "56 is not Mastercard"],
    ["2220999999999999", "2220 is below the 2-series"],
    ["2721000000000000", "2721 is above the 2-series"],
    ["555555555555444", "Mastercard of 15 digits"],
    ["3782822463100050", "Amex of 16 digits"],
    ["358282246310005", "35 is not Amex"],
    ["6011111111111117", "Discover is not accepted"],
    ["4111 1111 1111 111a", "letters"],
  ])("%s is refused (%s)", (number) => {
    expect(isValidCardNumber(number)).toBe(false);
  });

  it("a number with a wrong check digit is refused even with a good prefix and length", () => {
    expect(cardBrand("4111111111111112")).toBe("visa");
    expect(passesLuhn("4111111111111112")).toBe(false);
    expect(isValidCardNumber("4111111111111112")).toBe(false);
    expect(isValidCardNumber("378282246310006")).toBe(false);
  });

  it("takes spaces and dashes as typed", () => {
    expect(isValidCardNumber("4111 1111 1111 1111")).toBe(true);
    expect(isValidCardNumber("3782-822463-10005")).toBe(true);
  });

  it("shows only the last 4 digits", () => {
    expect(maskCard("4111 1111 1111 1111")).toBe("•••• 1111");
  });
});

describe("expiry (docs/payment.md, spec §9): not past, at most 15 years ahead", () => {
  it("reads MM/YY, MM/YYYY and MMYY", () => {
    expect(parseExpiry("04/29")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("4/2029")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("0429")).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry("13/29")).toBeNull();
    expect(parseExpiry("00/29")).toBeNull();
    expect(parseExpiry("ab/cd")).toBeNull();
  });

  it("this month is still valid; last month is not", () => {
    expect(expiryIsValid({ month: 11, year: 2026 }, NOW)).toBe(true);
    expect(expiryIsValid({ month: 10, year: 2026 }, NOW)).toBe(false);
    expect(expiryIsValid({ month: 12, year: 2025 }, NOW)).toBe(false);
    expect(expiryIsValid({ month: 1, year: 2027 }, NOW)).toBe(true);
  });

  it("up to December of this year + 15; not the year after", () => {
    expect(expiryIsValid({ month: 12, year: 2041 }, NOW)).toBe(true);
    expect(expiryIsValid({ month: 1, year: 2042 }, NOW)).toBe(false);
  });
});

describe("the card form's messages", () => {
  const valid = {
    firstName: "José Ángel",
    lastName: "Núñez Peña",
    cardNumber: "4111 1111 1111 1111",
    expiry: "12/28",
    cvv: "123",
    address: "Av. Juárez 10",
    postalCode: "06600",
    colonia: "Juárez",
    privacy: "on",
  };
  const errors = (fields: Record<string, string>, options = { address: true, terms: false }) => {
    const result = parseValues(cardFormSchema({ now: NOW, address: options.address, legal: { privacy: true, terms: options.terms } }), fields);
    return result.ok ? {} : result.errors;
  };

  it("accepts a complete form, names with Spanish letters", () => {
    expect(errors(valid)).toEqual({});
  });

  it("empty: each field's 'es necesario…' and the privacy consent", () => {
    expect(errors({})).toEqual({
      firstName: ["payment:validation.nameRequired"],
      lastName: ["payment:validation.surnameRequired"],
      cardNumber: ["payment:validation.cardRequired"],
      expiry: ["payment:validation.monthRequired"],
      cvv: ["payment:validation.cvvRequired"],
      address: ["payment:validation.addressRequired"],
      postalCode: ["payment:validation.postalCodeRequired"],
      colonia: ["payment:validation.coloniaRequired"],
      privacy: ["payment:validation.privacyRequired"],
    });
  });

  it("names with digits or symbols: 'solo puede contener letras'", () => {
    expect(errors({ ...valid, firstName: "Ana2", lastName: "López!" })).toEqual({
      firstName: ["payment:validation.nameLetters"],
      lastName: ["payment:validation.surnameLetters"],
    });
  });

  it("a card that is not Visa, Mastercard or Amex, or fails Luhn: 'cardFormat'", () => {
    expect(errors({ ...valid, cardNumber: "6011111111111117" })).toEqual({ cardNumber: ["payment:validation.cardFormat"] });
    expect(errors({ ...valid, cardNumber: "4111111111111112" })).toEqual({ cardNumber: ["payment:validation.cardFormat"] });
  });

  it("expiry: the year missing, a past month, too far ahead", () => {
    expect(errors({ ...valid, expiry: "12/" })).toEqual({ expiry: ["payment:validation.yearRequired"] });
    expect(errors({ ...valid, expiry: "10/26" })).toEqual({ expiry: ["payment:validation.expiryInvalid"] });
    expect(errors({ ...valid, expiry: "01/42" })).toEqual({ expiry: ["payment:validation.expiryInvalid"] });
  });

  it("CVV by brand: 3 digits for Visa and Mastercard, 4 for Amex", () => {
    expect(errors({ ...valid, cvv: "1234" })).toEqual({ cvv: ["payment:validation.cvvFormat"] });
    expect(errors({ ...valid, cardNumber: "378282246310005", cvv: "123" })).toEqual({ cvv: ["payment:validation.cvvFormat"] });
    expect(errors({ ...valid, cardNumber: "378282246310005", cvv: "1234" })).toEqual({});
    expect(errors({ ...valid, cvv: "12a" })).toEqual({ cvv: ["payment:validation.cvvFormat"] });
  });

  it("postal code of 5 digits; colonia '00' is none", () => {
    expect(errors({ ...valid, postalCode: "0660", colonia: "00" })).toEqual({
      postalCode: ["payment:validation.postalCodeFormat"],
      colonia: ["payment:validation.coloniaRequired"],
    });
  });

  it("without the address step, the address fields are not asked; terms when the plugin lists them", () => {
    expect(errors({ ...valid, address: "", postalCode: "", colonia: "" }, { address: false, terms: false })).toEqual({});
    expect(errors(valid, { address: true, terms: true })).toEqual({ terms: ["payment:validation.termsRequired"] });
  });
});

describe("cardFormSchema as step 1 of 2, and legalSchema", () => {
  const card = { firstName: "Ana", lastName: "Pérez", cardNumber: "4111111111111111", expiry: "12/30", cvv: "123", address: "Av. Juárez 10", postalCode: "06600", colonia: "1" };
  it("step 1 of 2 asks no consents (the summary does)", () => {
    const result = parseValues(cardFormSchema({ now: NOW, address: true, legal: null }), card);
    expect(result.ok).toBe(true);
  });
  it("the pay step needs privacy, and terms when listed", () => {
    const both = legalSchema({ privacy: true, terms: true });
    expect(parseValues(both, {})).toEqual({ ok: false, errors: { privacy: ["payment:validation.privacyRequired"], terms: ["payment:validation.termsRequired"] } });
    expect(parseValues(both, { privacy: "on", terms: "on" }).ok).toBe(true);
    expect(parseValues(legalSchema({ privacy: true, terms: false }), { privacy: "on" }).ok).toBe(true);
  });
});

describe("the checkout's posts: one union on the intent (the action parses a post once)", () => {
  const schema = checkoutSchema({ legal: { privacy: true, terms: false }, address: true });
  const holder = { firstName: "Ana", lastName: "Pérez", address: "Av. Juárez 10", postalCode: "06600", colonia: "1" };
  it("each intent takes its own fields, typed", () => {
    expect(parseValues(schema, { intent: "postal-code", postalCode: "06600", firstName: "Ana" })).toEqual({ ok: true, value: { intent: "postal-code", postalCode: "06600" } });
    expect(parseValues(schema, { intent: "card-page", ...holder })).toMatchObject({ ok: true, value: { intent: "card-page", firstName: "Ana", postalCode: "06600" } });
    expect(parseValues(schema, { intent: "pay", sealed: "{}", privacy: "on" })).toEqual({ ok: true, value: { intent: "pay", sealed: "{}", keepCard: false, privacy: true } });
    // 'Guardar esta tarjeta…' (docs/payment.md "Repeat with the kept card") on the card's intents.
    expect(parseValues(schema, { intent: "pay", sealed: "{}", privacy: "on", keepCard: "on" })).toMatchObject({ ok: true, value: { keepCard: true } });
    expect(parseValues(schema, { intent: "card-page", ...holder, keepCard: "on" })).toMatchObject({ ok: true, value: { keepCard: true } });
    expect(parseValues(schema, { intent: "hosted-pay", token: "tok_123456", holder: "Ana Pérez", privacy: "on" })).toMatchObject({ ok: true, value: { intent: "hosted-pay", token: "tok_123456" } });
    expect(parseValues(schema, { intent: "paypal-confirm" })).toEqual({ ok: true, value: { intent: "paypal-confirm" } });
  });
  it("an intent's own rules refuse its fields: the holder and address on 'card-page', the plugin's consents on the pay intents", () => {
    expect(parseValues(schema, { intent: "card-page", ...holder, firstName: "" })).toEqual({ ok: false, errors: { firstName: ["payment:validation.nameRequired"] } });
    for (const intent of ["card-page-pay", "pay", "hosted-pay", "paypal"]) {
      expect(parseValues(schema, { intent }), intent).toEqual({ ok: false, errors: { privacy: ["payment:validation.privacyRequired"] } });
    }
  });
  it("an unknown or missing intent is refused", () => {
    expect(parseValues(schema, { intent: "refund" }).ok).toBe(false);
    expect(parseValues(schema, {}).ok).toBe(false);
  });
});
