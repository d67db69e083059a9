import { describe, expect, it } from "vitest";
import { optionValue, startRecharge, submit, textOf } from "./support/payments";
import { useSite } from "./support/site";

/**
 * No dead end on the card step without JavaScript (docs/payment.md "billing address"): 'Continuar a
 * la página segura de pago' with a valid postal code and no colonia (nobody pressed 'Buscar
 * colonias') answers the catalogue's message with the code's colonias listed, the only one chosen
 * when there is one. The page in the browser without JavaScript (its audit, the way on to the
 * provider's page) is in tests/e2e/payment-colonias.spec.ts.
 */
const site = useSite();

async function cardStepWithout(postalCode: string, email: string) {
  const visitor = site.visitor();
  const checkout = await startRecharge(visitor, email);
  const answer = await submit(visitor, checkout, checkout.url, "form#card", { firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode }, "Continuar a la página segura de pago");
  return { visitor, answer };
}

describe("the card step without a colonia", () => {
  it("with 06600 lists its colonias with the message and keeps what was typed; choosing one goes on to the provider's page", async () => {
    const { visitor, answer } = await cardStepWithout("06600", "colonias.varias@example.com");
    expect(answer.url.split("?")[0]).toBe("/pago");
    expect(textOf(answer, "form#card")).toContain("Lo sentimos, es necesario seleccionar tu colonia.");
    const options = answer.$('form#card select[name="colonia"] option').map((_, option) => answer.$(option).text().trim()).get();
    expect(options).toEqual(expect.arrayContaining(["Juárez", "Roma Norte"]));
    expect(answer.$('form#card input[name="postalCode"]').attr("value")).toBe("06600");
    expect(answer.$('form#card input[name="address"]').attr("value")).toBe("Av. Juárez 10");
    const onward = await submit(visitor, answer, answer.url, "form#card", { colonia: optionValue(answer, "form#card", "colonia", "Juárez") }, "Continuar a la página segura de pago");
    expect(onward.url.split("?")[0]).toBe("/__mocks/proveedor/pago");
  });

  it("a postal code with one colonia (64000) comes back with it chosen", async () => {
    const { answer } = await cardStepWithout("64000", "colonia.unica@example.com");
    expect(textOf(answer, "form#card")).toContain("Lo sentimos, es necesario seleccionar tu colonia.");
    expect(answer.$('form#card select[name="colonia"] option[selected]').text().trim()).toBe("Monterrey Centro");
  });
});
