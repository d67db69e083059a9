import { describe, expect, it } from "vitest";
import { chargeData } from "~/upstream/payments/charge.schemas";
import { cardFieldsOf, chargePayload, NO_BILLING } from "./charge-payload";

describe("the card provider's data, as the browser and the server build it", () => {
  it("is what the payments upstream's schema expects, with and without a card", () => {
    const card = cardFieldsOf({ cardNumber: "4111 1111 1111 1111", expiry: { month: 3, year: 2031 }, cvv: " 123 " });
    expect(card).toEqual({ number: "4111111111111111", month: "03", year: "31", cvv: "123" });
    const billing = { address: "Av. Juárez 10", colonia: "660001", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" };
    expect(chargeData.parse(chargePayload({ firstName: "Ana", lastName: "Pérez" }, billing, card))).toMatchObject({ colonia: "660001", tarjeta: { numero: "4111111111111111", mes: "03", anio: "31" } });
    expect(chargeData.safeParse(chargePayload({ firstName: "Ana", lastName: "Pérez" }, NO_BILLING)).success).toBe(true);
  });

  it("no colonia is '00' (docs/payment.md default)", () => {
    expect(chargePayload({ firstName: "A", lastName: "B" }, { ...NO_BILLING, colonia: "" }).colonia).toBe("00");
  });
});
