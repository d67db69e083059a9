import { describe, expect, it } from "vitest";
import { codeSchema, loginSchema } from "./auth";
import { contactSchema } from "./contact";
import { coverageSchema } from "./coverage";
import { esimSchema, imeiSchema } from "./esim";
import { portabilitySchema } from "./portability";
import { parseValues } from "./parse-values.testing";

/**
 * A field of spaces alone was left empty: it gets its "required" message, never its format one
 * ("El IMEI es obligatorio", not "El formato del IMEI es inválido"), and a name of spaces is no name.
 */
const errorsOf = (result: ReturnType<typeof parseValues>) => (result.ok ? {} : result.errors);

describe("a field of spaces alone is an empty field", () => {
  it.each([
    ["the lead's name", contactSchema, { nombre: "   " }, "nombre", "leads:form.nameRequired"],
    ["the lead's phone", contactSchema, { telefono: "   " }, "telefono", "leads:form.required"],
    ["the login's number", loginSchema("mbb"), { number: "  " }, "number", "auth:login.numberRequired"],
    ["the SMS code", codeSchema, { code: "    " }, "code", "auth:code.required"],
    ["the IMEI", imeiSchema, { imei: "     " }, "imei", "esim:form.imeiRequired"],
    ["the eSIM's e-mail", esimSchema, { email: "   " }, "email", "esim:form.email"],
    ["the postal code of the coverage check", coverageSchema, { cp: "   " }, "cp", "coverage:postalCodeRequired"],
    ["the portability NIP", portabilitySchema, { nip: "  " }, "nip", "portability:nipRequired"],
    ["the portability name", portabilitySchema, { nombre: "   " }, "nombre", "portability:nameRequired"],
    ["the portability e-mail", portabilitySchema, { correo: "   " }, "correo", "portability:emailRequired"],
    ["the portability ICCID", portabilitySchema, { iccid: "  " }, "iccid", "portability:iccidRequired"],
  ] as const)("%s", (_name, schema, values, field, message) => {
    expect(errorsOf(parseValues(schema, values))[field]).toEqual([message]);
  });

  it("the same fields with their values still pass their format checks", () => {
    expect(errorsOf(parseValues(imeiSchema, { imei: "12 34" })).imei).toEqual(["esim:form.imeiFormat"]);
    expect(parseValues(imeiSchema, { imei: "35 693803 5643809" })).toEqual({ ok: true, value: { imei: "356938035643809" } });
  });
});
