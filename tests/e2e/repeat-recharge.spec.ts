import { expect as baseExpect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO_KEPT_CARDS } from "../../mocks/world-sales";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { confirmAndPay, fillCardForm } from "./support/card";
import { acceptCookies } from "./support/cookies";
import { waitForHydration } from "./support/hydration";
import { loginAs, type Customer } from "./support/session";
import { FRESH_CONNECTION } from "./support/fresh-connection";

/**
 * 'Recargar de nuevo' with the kept card (docs/payment.md "Repeat with the kept card"), with and
 * without JavaScript: from /home's history to one button, 'Pagar $150.00', paid with the card the
 * provider keeps for the customer (approved, declined, expired), once for a double tap; another
 * customer's card refused; the card kept with the checkout's checkbox, then forgotten on
 * /editar-perfil, after which 'Recargar de nuevo' is today's prefilled checkout.
 *
 * What the server answers without JavaScript (the page, approved, declined, expired, another
 * customer's card, a repeated post) is proved in tests/http/repeat-recharge.test.ts; without
 * JavaScript here: Jorge's whole journey (tagged @no-js; each project has a mock world of its own).
 *
 * Demo customers (docs/demo-data.md "Kept cards"): Ana (5512345678) keeps her recurring recharge's Visa ending
 * 1111 (approved); Marta (5556789012) keeps a Visa ending 0002 (declined) and a Mastercard ending
 * 4444 that expired; Jorge (5566666666) keeps nothing until this spec ticks the checkbox for him.
 */

const expect = baseExpect.configure({ timeout: 10_000 });
test.describe.configure({ timeout: 90_000 });

const APPROVED = "Felicidades, se ha completado tu pago.";
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
const EXPIRED = "Lo sentimos, tu tarjeta guardada está vencida. Paga con otra tarjeta.";
/** Our server's refusal: the token is not among the customer's cards at the provider, so no charge is sent. */
const NOT_YOURS = "Esa tarjeta no está guardada en tu cuenta. Elige una de tus tarjetas o paga con otra.";
const KEEP = "Guardar esta tarjeta con el procesador de pagos para mis próximas recargas";

const customer = (number: string, name: string, email: string): Customer => ({ name, email, number, userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true });
const ana = customer("5512345678", "Ana", "demo.mbb@example.com");
const marta = customer("5556789012", "Marta", "marta.pendiente@example.com");
const jorge = customer("5566666666", "Jorge", "jorge.bloqueo@example.com");

type Charge = { orderId: string; approved: boolean; amount: number; saleUuid: string; phone: string };
const chargesOf = async (request: APIRequestContext, saleUuid: string) => ((await (await request.get("/__mocks/charges", { headers: FRESH_CONNECTION })).json()) as Charge[]).filter((charge) => charge.saleUuid === saleUuid);

async function signIn(page: Page, who: Customer) {
  await acceptCookies(page.context(), test.info().project.use.baseURL);
  await loginAs(page.context(), who);
}

/** /home's history row of an applied `name`, and its 'Recargar de nuevo' (the accessible name says which recharge). */
function repeatLink(page: Page, name: string): Locator {
  const rows = page.getByRole("list", { name: "Tus últimas recargas" }).getByRole("listitem").filter({ hasText: name }).filter({ hasText: "Aplicada" });
  return rows.first().getByRole("link", { name: `Recargar de nuevo ${name}`, exact: true });
}

/**
 * From /home, 'Recargar de nuevo' of the newest applied `name`. /home is asked again while its
 * history is not there: a spec beside this one may bend a demo line's history for a few seconds.
 */
async function repeatFromHome(page: Page, name: string) {
  await expect(async () => {
    // The longest history /home shows: the suite's other specs recharge the demo lines too, and a
    // seeded recharge two days old falls out of the default 10 rows late in a run.
    await page.goto("/home?historial=20");
    await expect(repeatLink(page, name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await waitForHydration(page);
  // What the eye reads is 'Recargar de nuevo'; a screen reader hears which recharge.
  const shown = await repeatLink(page, name).evaluate((link) =>
    Array.from(link.childNodes)
      .filter((node) => !(node instanceof HTMLElement && node.classList.contains("visually-hidden")))
      .map((node) => node.textContent)
      .join("")
      .replace(/\s+/g, " ")
      .trim(),
  );
  expect(shown).toBe("Recargar de nuevo");
  await repeatLink(page, name).click();
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar \$/ });
const offerHeading = (page: Page) => page.locator("#repeat-offer");
const answer = (page: Page) => page.locator(".repeat-answer");

/** The repeat page's pay form, as its hidden fields carry it (for a replayed post). */
async function payForm(page: Page) {
  const form = page.locator("form.repeat-form");
  const value = (name: string) => form.locator(`input[name="${name}"]`).first().inputValue();
  return { intent: "repeat-pay", saleId: await value("saleId"), paymentKey: await value("paymentKey"), keptCard: await form.locator('input[name="keptCard"][type="hidden"], input[name="keptCard"]:checked').first().inputValue() };
}

test("Ana: 'Recargar de nuevo' on /home, her recurring recharge's Visa and one button; a double tap charges once and ends on the receipt", async ({ auditedPage: page, request, javaScriptEnabled, baseURL }) => {
  await signIn(page, ana);
  await repeatFromHome(page, "Bait 150");

  await expect(page).toHaveURL((url) => url.pathname === "/recargar-de-nuevo" && /^ORD-/.test(url.searchParams.get("folio") ?? ""));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recargar de nuevo");
  await expect(offerHeading(page)).toHaveText("Bait 150 $150.00");
  await expect(offerHeading(page)).toBeFocused();
  await expect(page.getByText("(55) 12 34 56 78", { exact: true })).toBeVisible();
  await expect(page.getByText("Visa •••• 1111 (la de tu recarga recurrente)", { exact: true })).toBeVisible();
  // One button, the price as the site writes it; no card field anywhere.
  await expect(payButton(page)).toHaveCount(1);
  await expect(payButton(page)).toHaveText("Pagar $150.00");
  await expect(page.locator("form.repeat-form").getByRole("textbox")).toHaveCount(0);
  await expectNoAxeViolations(page, "/recargar-de-nuevo");
  const response = await page.request.get(page.url());
  expect(response.headers()["cache-control"]).toBe("private, no-store");

  const fields = await payForm(page);
  expect(fields.keptCard).toBe(DEMO_KEPT_CARDS.anaVisa);
  if (javaScriptEnabled) {
    // The provider holds Ana's charges until the test has seen the button wait, disabled, with the progress.
    await request.post("/__mocks/switches", { data: { "payments.chargeLine:5512345678": { hold: true } }, headers: FRESH_CONNECTION });
  }
  try {
    await payButton(page).dblclick();
    if (javaScriptEnabled) {
      await expect(payButton(page)).toBeDisabled();
      await expect(page.getByRole("status").filter({ hasText: "Se esta procesando tu pago" })).toBeVisible();
      await request.post("/__mocks/release", { headers: FRESH_CONNECTION });
    }
    await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  } finally {
    if (javaScriptEnabled) await request.post("/__mocks/release", { headers: FRESH_CONNECTION });
  }
  await expect(page.getByText(APPROVED)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago completado!" })).toBeFocused();

  // A late repeat of the same post (a third tap, a reload of the POST): the receipt again, never a second charge.
  const replay = await page.request.post(`/recargar-de-nuevo?folio=${new URL(response.url()).searchParams.get("folio")}`, { form: fields, headers: { Origin: baseURL ?? "" }, maxRedirects: 0 });
  expect([replay.status(), replay.headers()["location"]]).toEqual([303, "/pago/completado"]);
  const charges = await chargesOf(request, fields.saleId);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ approved: true, amount: 15000, phone: "5512345678" });
});

test("Marta: her Visa ending 0002 is declined and her expired Mastercard refused, each in the provider's words, with another card at hand", async ({ auditedPage: page, request }) => {
  await signIn(page, marta);
  await repeatFromHome(page, "Bait 100");
  await expect(offerHeading(page)).toHaveText("Bait 100 $100.00");
  // Her newest recharge is still being applied: said before she pays.
  await expect(page.getByRole("alert").filter({ hasText: "Aún tienes una recarga en proceso sin aplicarse." })).toBeVisible();
  const cards = page.getByRole("group", { name: "Paga con" });
  await expect(cards.getByRole("radio")).toHaveCount(2);
  await expect(cards.getByRole("radio", { name: "Visa •••• 0002" })).toBeChecked();
  const { saleId } = await payForm(page);

  await payButton(page).click();
  await expect(answer(page)).toContainText(DECLINED);
  await expect(answer(page)).toContainText("Te quedan 2 intentos antes de que el pago se reinicie.");
  await expect(answer(page)).toBeFocused();
  await expect(answer(page).getByRole("link", { name: "Pagar con otra tarjeta" })).toHaveAttribute("href", "/recargas?recarga=BAIT100&numero=5556789012");
  await expectNoAxeViolations(page, "/recargar-de-nuevo declined");

  await cards.getByRole("radio", { name: "Mastercard •••• 4444" }).check();
  await payButton(page).click();
  await expect(answer(page)).toContainText(EXPIRED);
  await expect(answer(page)).toContainText("Te queda 1 intento antes de que el pago se reinicie.");
  expect((await chargesOf(request, saleId)).map((charge) => charge.approved)).toEqual([false, false]);
});

test("another customer's card: Ana's token posted from Marta's page is refused in Spanish before any charge, and nothing is charged", async ({ auditedPage: page, request }) => {
  await signIn(page, marta);
  await repeatFromHome(page, "Bait 100");
  await expect(payButton(page)).toBeVisible();
  // A forged page: the chosen card's token swapped for Ana's (the driver's script; the page's own may be off).
  await page.locator('input[name="keptCard"]:checked').evaluate((input, token) => ((input as HTMLInputElement).value = token), DEMO_KEPT_CARDS.anaVisa);
  const { saleId } = await payForm(page);
  await payButton(page).click();
  await expect(answer(page)).toContainText(NOT_YOURS);
  expect(await chargesOf(request, saleId)).toEqual([]);
});

test("Jorge keeps his card with the checkout's checkbox, repeats with it in two taps, forgets it on /editar-perfil; then 'Recargar de nuevo' is the prefilled checkout", { tag: "@no-js" }, async ({ auditedPage: page, request }) => {
  await signIn(page, jorge);
  // A card kept by an earlier run that stopped halfway is forgotten first.
  await page.goto("/editar-perfil");
  const forget = page.getByRole("region", { name: "Tarjetas guardadas" }).getByRole("button", { name: /^Olvidar tarjeta/ });
  while ((await forget.count()) > 0) {
    await forget.first().click();
    await expect(page.getByText("Listo: el procesador de pagos olvidó tu tarjeta.", { exact: false })).toBeVisible();
  }

  // Without a kept card, 'Recargar de nuevo' is today's checkout: the modal of that offer, the line prefilled.
  await repeatFromHome(page, "Bait 100");
  await expect(page).toHaveURL((url) => url.pathname === "/recargas" && url.searchParams.get("recarga") === "BAIT100" && url.searchParams.get("numero") === jorge.number);
  const dialog = page.getByRole("dialog", { name: "Bait 100", exact: true });
  await expect(dialog.getByLabel("Número Bait a recargar", { exact: true })).toHaveValue(jorge.number);
  await waitForHydration(page);
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(jorge.email);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");

  // The checkout offers a signed-in customer to keep the card with the provider; ticked, and paid.
  const keep = page.locator("form#card").getByLabel(KEEP);
  await expect(keep).not.toBeChecked();
  await keep.check();
  await fillCardForm(page, "2223003122003222", { holder: "Jorge" });
  await confirmAndPay(page);
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByText(APPROVED)).toBeVisible();

  // Two taps: 'Recargar de nuevo', then 'Pagar $150.00' with the card just kept.
  await repeatFromHome(page, "Bait 150");
  await expect(page).toHaveURL((url) => url.pathname === "/recargar-de-nuevo");
  await expect(page.getByText("Mastercard •••• 3222", { exact: true })).toBeVisible();
  const { saleId } = await payForm(page);
  await payButton(page).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByText(APPROVED)).toBeVisible();
  expect(await chargesOf(request, saleId)).toMatchObject([{ approved: true, amount: 15000, phone: jorge.number }]);

  // 'Olvidar tarjeta' on /editar-perfil: a plain form, and the page says it is done.
  await page.goto("/editar-perfil");
  const region = page.getByRole("region", { name: "Tarjetas guardadas" });
  await expect(region).toContainText("Mastercard •••• 3222");
  await expectNoAxeViolations(page, "/editar-perfil with a kept card");
  await region.getByRole("button", { name: "Olvidar tarjeta Mastercard •••• 3222" }).click();
  await expect(page.getByText("Listo: el procesador de pagos olvidó tu tarjeta. Ya no te la ofreceremos para recargar.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Tarjetas guardadas" })).toContainText("No tienes tarjetas guardadas.");

  // The kept card is no longer offered: 'Recargar de nuevo' is the prefilled checkout again.
  await repeatFromHome(page, "Bait 150");
  await expect(page).toHaveURL((url) => url.pathname === "/recargas" && url.searchParams.get("recarga") === "BAIT150" && url.searchParams.get("numero") === jorge.number);
  await expect(page.getByRole("dialog", { name: "Bait 150", exact: true })).toBeVisible();
});
