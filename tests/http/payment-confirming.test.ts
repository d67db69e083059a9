import { expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { cardOnProviderPage, cardStep, consentAndPay, startRecharge, textOf } from "./support/payments";
import { useSite } from "./support/site";

/**
 * A payment whose verdict the site did not hear (docs/payment.md "States of a payment"), as a
 * signed-in customer's /home tells it without JavaScript: the provider holds the charge (the mock's
 * hold, until the test releases it) past the charge's timeout (UPSTREAM_TIMEOUT_MS=1000: the charge
 * gives up after 3 s); /home says the payment is being confirmed, then, once the provider decided,
 * that it went through, with the link to the confirmation, once. The checkout's 'Estamos confirmando tu pago…' in the browser (focus, layout,
 * axe, the page turning into the confirmation) is in tests/e2e/payment-confirming.spec.ts.
 */
const site = useSite({ UPSTREAM_TIMEOUT_MS: "1000" });

const CONFIRMING = "Estamos confirmando tu pago…";
/** The provider holds every charge until `releaseCharges` (docs/configuration.md "The mock world's routes"). */
const holdCharges = () => site.fetch("/__mocks/switches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ "payments.charge": { hold: true } }) });
const releaseCharges = () => site.fetch("/__mocks/release", { method: "POST" });
const chargesOf = async (phone: string) => ((await (await site.fetch("/__mocks/charges")).json()) as { phone: string; approved: boolean }[]).filter((charge) => charge.phone === phone);

it("a signed-in customer's /home says the payment is being confirmed, then that it went through, with the link to the confirmation", async () => {
  const visitor = site.visitor();
  await visitor.signIn(ana);
  const summary = await cardOnProviderPage(visitor, await cardStep(visitor, await startRecharge(visitor, ana.email, { offerId: "BAIT150", number: ana.number })), "4111111111111111");
  await holdCharges();
  try {
    const held = await consentAndPay(visitor, summary);
    expect(held.$("h3").filter((_, heading) => held.$(heading).text().trim() === CONFIRMING).length).toBe(1);

    const home = await visitor.get("/home");
    const notice = home.$('main [role="status"]').filter((_, status) => home.$(status).text().includes("Estamos confirmando tu pago de Bait 150."));
    expect(notice.length).toBe(1);
    expect(notice.find("a").filter((_, a) => home.$(a).text().trim() === "Ver el estado").attr("href")).toBe("/pago");
  } finally {
    await releaseCharges();
  }

  // The provider decides once released: its charge is recorded.
  await expect.poll(async () => (await chargesOf(ana.number)).length, { timeout: 20_000, interval: 100 }).toBe(1);
  const after = await visitor.get("/home");
  const done = after.$('main [role="status"]').filter((_, status) => after.$(status).text().includes("Tu pago de Bait 150 se completó."));
  expect(done.length).toBe(1);
  const receipt = await visitor.follow(done.find("a").filter((_, a) => after.$(a).text().trim() === "Ver comprobante").attr("href")!);
  expect(textOf(receipt)).toContain("Felicidades, se ha completado tu pago.");
  // Told once: /home has nothing more to say about it.
  expect(textOf(await visitor.get("/home"))).not.toContain("Tu pago de Bait 150 se completó.");
});
