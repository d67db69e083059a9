import { describe, expect, it } from "vitest";
import { parseValues } from "./parse-values.testing";
import { lineCategoryForType, lineNumberOf, needsServiceNumber, profileForType, rechargeLineSchema } from "./recharge";

const check = (type: number, fields: Record<string, string>, captcha = false) => parseValues(rechargeLineSchema({ type, captcha }), fields);
const errorsOf = (type: number, fields: Record<string, string>, captcha = false) => {
  const result = check(type, fields, captcha);
  return result.ok ? {} : result.errors;
};

describe("the recharge modal's form (docs/recharge.md)", () => {
  it("empty: 'Campo requerido' on the phone and the e-mail", () => {
    expect(errorsOf(1, { offerId: "BAIT100" })).toEqual({ phone: ["recharge:form.required"], email: ["recharge:form.required"] });
  });

  it("a phone of other than 10 digits, or with letters: 'Número de teléfono inválido'", () => {
    for (const phone of ["551234567", "55123456789", "55abc45678"]) {
      expect(errorsOf(1, { offerId: "BAIT100", phone, email: "a@b.mx" })).toEqual({ phone: ["recharge:form.phone"] });
    }
  });

  it("removes spaces from the phone before checking it", () => {
    const result = check(1, { offerId: "BAIT100", phone: " 55 1234 5678 ", email: "ana@example.com" });
    expect(result).toMatchObject({ ok: true, value: { phone: "5512345678" } });
  });

  it("a malformed e-mail: 'Correo inválido'", () => {
    for (const email of ["ana", "ana@", "ana@example", "a b@example.com"]) {
      expect(errorsOf(1, { offerId: "BAIT100", phone: "5512345678", email })).toEqual({ email: ["recharge:form.email"] });
    }
  });

  it("types 3 and 8 also ask for the service number: 'Campo requerido', 'Número de servicio inválido'", () => {
    expect(errorsOf(3, { offerId: "MIFI200", phone: "5533334444", email: "a@b.mx" })).toEqual({ serviceNumber: ["recharge:form.required"] });
    expect(errorsOf(8, { offerId: "EMPMIFI399", phone: "5533334444", serviceNumber: "557654", email: "a@b.mx" })).toEqual({ serviceNumber: ["recharge:form.serviceNumber"] });
    expect(check(3, { offerId: "MIFI200", phone: "5533334444", serviceNumber: "55 7654 3210", email: "a@b.mx" })).toMatchObject({ ok: true, value: { serviceNumber: "5576543210" } });
  });

  it("type 2 (home internet) asks the modem's service number in its one number field", () => {
    expect(errorsOf(2, { offerId: "HBB349", phone: "123", email: "a@b.mx" })).toEqual({ phone: ["recharge:form.serviceNumber"] });
    expect(errorsOf(2, { offerId: "HBB349", phone: "5598765432", email: "a@b.mx", serviceNumber: "" })).toEqual({});
  });

  it("the WhatsApp opt-in is optional and read as a boolean", () => {
    expect(check(1, { offerId: "BAIT100", phone: "5512345678", email: "a@b.mx" })).toMatchObject({ value: { whatsapp: false } });
    expect(check(1, { offerId: "BAIT100", phone: "5512345678", email: "a@b.mx", whatsapp: "on" })).toMatchObject({ value: { whatsapp: true } });
  });

  it("asks for the captcha token only when the captcha is on", () => {
    expect(errorsOf(1, { offerId: "BAIT100", phone: "5512345678", email: "a@b.mx" }, true)).toEqual({ captchaToken: ["recharge:form.captcha"] });
    expect(errorsOf(1, { offerId: "BAIT100", phone: "5512345678", email: "a@b.mx", captchaToken: "tok" }, true)).toEqual({});
  });
});

describe("offer types (docs/recharge.md, spec §3)", () => {
  it("types 3 and 8 need a service number, no other", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 99].filter(needsServiceNumber)).toEqual([3, 8]);
  });

  it("the profile each type recharges: 2 hbb, 3 and 8 mifi, the rest mbb", () => {
    expect(Object.fromEntries([1, 2, 3, 4, 5, 6, 8, 9].map((type) => [type, profileForType(type)]))).toEqual({
      1: "mbb", 2: "hbb", 3: "mifi", 4: "mbb", 5: "mbb", 6: "mbb", 8: "mifi", 9: "mbb",
    });
  });

  it("reference 4 follows §3's type codes: 2 hbb, 3 and 8 mifi, the rest mbb", () => {
    expect(Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 99].map((type) => [type, lineCategoryForType(type)]))).toEqual({
      1: "mbb", 2: "hbb", 3: "mifi", 4: "mbb", 5: "mbb", 6: "mbb", 7: "mbb", 8: "mifi", 9: "mbb", 99: "mbb",
    });
  });

  it("the line recharged is the service number for types 3 and 8, the phone otherwise", () => {
    expect(lineNumberOf({ phone: "5533334444", serviceNumber: "5576543210" }, 3)).toBe("5576543210");
    expect(lineNumberOf({ phone: "5598765432" }, 2)).toBe("5598765432");
  });
});
