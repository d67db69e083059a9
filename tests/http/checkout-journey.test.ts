import { describe, expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { startRecharge, submit } from "./support/payments";
import { useSite } from "./support/site";

/**
 * The checkout's answers that keep the visitor, without JavaScript (docs/payment.md "Steps"): a
 * postal code with one colonia chooses it, one with several asks; a signed-in customer finds their
 * number and e-mail filled in. Each step's focus at 375 and 1280 px, a decline, PayPal and the same
 * with JavaScript are in tests/e2e/checkout-journey.spec.ts.
 */
const site = useSite();

describe("the checkout without JavaScript", () => {
  it("'Buscar colonias' with a postal code of a single colonia chooses it; one with several asks", async () => {
    const visitor = site.visitor();
    const checkout = await startRecharge(visitor, "colonia@example.com");
    const single = await submit(visitor, checkout, checkout.url, "form#card", { postalCode: "64000" }, "Buscar colonias");
    expect(single.$('form#card select[name="colonia"] option[selected]').text().trim()).toBe("Monterrey Centro");
    const several = await submit(visitor, single, single.url, "form#card", { postalCode: "06600" }, "Buscar colonias");
    expect(several.$('form#card select[name="colonia"]').text()).toContain("Roma Norte");
    expect(several.$('form#card select[name="colonia"] option[selected]').attr("value")).toBe("00");
  });

  it("signed in, the recharge modal comes with the customer's number and e-mail", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const modal = await visitor.get("/recargas?recarga=BAIT50");
    expect(modal.$('form#recarga-BAIT50 input[name="phone"]').attr("value")).toBe(ana.number);
    expect(modal.$('form#recarga-BAIT50 input[name="email"]').attr("value")).toBe(ana.email);
  });
});
