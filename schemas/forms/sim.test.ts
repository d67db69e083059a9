import { describe, expect, it } from "vitest";
import { parseValues } from "./parse-values.testing";
import { simDeliverySchema } from "./sim";
import { translate } from "~/lib/i18n/i18n.server";

const valid = {
  offerId: "SIM200",
  contactName: "María José",
  contactLastName: "Núñez Peña",
  email: "maria@example.com",
  contactNumber: "55 1234 5678",
  postalCode: "06600",
  address: "Calle de Londres",
  exteriorNumber: "12",
  colony: "660001",
};

const check = (fields: Record<string, string>) => parseValues(simDeliverySchema, fields);
/** Each field's first message, in Spanish. */
const messagesOf = (fields: Record<string, string>) => {
  const result = check(fields);
  return result.ok ? {} : Object.fromEntries(Object.entries(result.errors).map(([name, keys]) => [name, translate(keys[0]!)]));
};

describe("the SIM delivery form (docs/sim.md, spec §5)", () => {
  it("empty: 'Campo requerido' on every field but the interior number, and 'Selecciona tu colonia'", () => {
    expect(messagesOf({ offerId: "SIM200" })).toEqual({
      contactName: "Campo requerido",
      contactLastName: "Campo requerido",
      email: "Campo requerido",
      contactNumber: "Campo requerido",
      postalCode: "Campo requerido",
      address: "Campo requerido",
      exteriorNumber: "Campo requerido",
      colony: "Selecciona tu colonia",
    });
  });

  it("accepts a complete form, without the interior number, with spaces removed from the phone", () => {
    const result = check(valid);
    expect(result).toMatchObject({ ok: true, value: { contactNumber: "5512345678", contactName: "María José", postalCode: "06600" } });
    expect(result.ok && result.value.interiorNumber).toBeUndefined();
    expect(check({ ...valid, interiorNumber: " Depto 4 " })).toMatchObject({ ok: true, value: { interiorNumber: "Depto 4" } });
  });

  it("a malformed e-mail: 'Correo inválido'", () => {
    for (const email of ["maria", "maria@", "maria@example", "ma ria@example.com"]) expect(messagesOf({ ...valid, email })).toEqual({ email: "Correo inválido" });
  });

  it("a phone of other than 10 digits, or with letters: 'Número de teléfono inválido'", () => {
    for (const contactNumber of ["551234567", "55123456789", "55abc45678"]) expect(messagesOf({ ...valid, contactNumber })).toEqual({ contactNumber: "Número de teléfono inválido" });
  });

  it("a postal code of other than 5 digits: 'El código postal debe tener 5 dígitos'", () => {
    for (const postalCode of ["0660", "066000", "06a00"]) expect(messagesOf({ ...valid, postalCode })).toEqual({ postalCode: "El código postal debe tener 5 dígitos" });
  });

  it("the select's first option (00) is no colonia: 'Selecciona tu colonia'", () => {
    expect(messagesOf({ ...valid, colony: "00" })).toEqual({ colony: "Selecciona tu colonia" });
  });

  it("names take letters with Spanish accents and spaces, nothing else: 'Escribe solo letras'", () => {
    expect(check({ ...valid, contactName: "  Ángel   Ñandú ", contactLastName: "Güemes Ibáñez" })).toMatchObject({ ok: true, value: { contactName: "Ángel Ñandú" } });
    expect(messagesOf({ ...valid, contactName: "Ana2", contactLastName: "López <b>" })).toEqual({ contactName: "Escribe solo letras", contactLastName: "Escribe solo letras" });
  });

  it("a street longer than 120 characters: 'Este dato es demasiado largo'", () => {
    expect(messagesOf({ ...valid, address: "a".repeat(121) })).toEqual({ address: "Este dato es demasiado largo" });
  });
});
