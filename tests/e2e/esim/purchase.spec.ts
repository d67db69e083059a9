import { randomUUID } from "node:crypto";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { fillCardForm } from "../support/card";
import { acceptCookies } from "../support/cookies";
import { waitForHydration } from "../support/hydration";
import { DEVICES, LABEL, OFFER, expect, field, fillForm, openModal, payButton } from "./support";

/**
 * The eSIM purchase end to end (docs/esim.md, spec §4 eSIM flow and payment, §8 eSIM messages):
 * the per-e-mail limit closes the modal with its message; a compatible device and the demo
 * card 4111111111111111 pay on /pago (channel esim) and reach the confirmation, which says the
 * QR goes by e-mail and shows the activation code as a QR. The purchase also runs without
 * JavaScript (@no-js); the limit's answer without JavaScript is proved in tests/http/esim.test.ts.
 */

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const project = () => (jsOn() ? "js" : "nojs");

test("limite@example.com: 'Lo sentimos, has excedido el número de compras de ESIM por usuario.', the modal closed and the form reset", async ({ page }) => {
  const dialog = await openModal(page);
  await fillForm(dialog, { email: "limite@example.com", imei: DEVICES.esim.imei }, jsOn());
  await expect(dialog.locator(".device-check")).toContainText(DEVICES.esim.text);
  await payButton(dialog).click();
  await expect(page.getByText("Lo sentimos, has excedido el número de compras de ESIM por usuario.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/e-sim" && !url.searchParams.has("oferta"));
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Opened again, the form starts empty of what was refused.
  await page.goto(`/e-sim?oferta=${OFFER.id}`);
  await expect(field(page.getByRole("dialog"), LABEL.email)).not.toHaveValue("limite@example.com");
});

test("356938035643809 and the card 4111111111111111 buy the eSIM: the confirmation says the QR goes by e-mail and shows it", { tag: "@no-js" }, async ({ page }) => {
  const email = `esim.${project()}.${randomUUID().slice(0, 8)}@example.com`;
  const dialog = await openModal(page, `/cambiate-a-bait?section=e-sim&oferta=${OFFER.id}`);
  await fillForm(dialog, { email, imei: DEVICES.esim.imei }, jsOn());
  await field(dialog, LABEL.isBait).check();
  await expect(dialog.locator(".device-check")).toContainText(DEVICES.esim.text);
  await payButton(dialog).click();

  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago" })).toBeVisible();
  const order = page.getByRole("complementary", { name: "Tu compra", exact: true });
  await expect(order.getByText("E-SIM", { exact: true })).toBeVisible();
  await expect(order.getByText(OFFER.name, { exact: true })).toBeVisible();
  await expect(order.getByText("356938035643809", { exact: true })).toBeVisible();
  await expect(order.getByText("Reemplazo: conservas tu número Bait", { exact: true })).toBeVisible();
  await waitForHydration(page);

  await fillCardForm(page, "4111111111111111");
  // Without JavaScript the card is typed on the provider's page, and the consents come with the summary after it.
  const form = page.locator(jsOn() ? "form#card" : "form#pay");
  await form.getByLabel(/Aviso de Privacidad/).check();
  await form.getByLabel(/Términos y Condiciones/).check();
  await form.getByRole("button", { name: /^Pagar/ }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(page.getByText("Felicidades, se ha completado tu pago.", { exact: true })).toBeVisible();
  await expect(page.getByText(`Te enviamos el código QR de tu E-SIM a ${email}. Si no lo encuentras en unos minutos, revisa tu carpeta de correo no deseado.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Activa tu E-SIM ahora" })).toBeVisible();
  const qr = page.getByRole("img", { name: "Código QR de activación de tu E-SIM", exact: true });
  await expect(qr).toBeVisible();
  await expect(qr.locator("path")).toHaveAttribute("d", /^M\d+ \d+h1v1h-1z/);
  await expect(page.locator(".receipt__qr-code code")).toHaveText(/^LPA:1\$smdp\.esim\.bait\.mock\$[0-9A-F]{24}$/);
  // The card never comes back, not even in the confirmation's HTML.
  expect(await page.content()).not.toContain("4111111111111111");
});

test("the confirmation of an eSIM has no axe violations", async ({ auditedPage: page }) => {
  const email = `esim.axe.${project()}.${randomUUID().slice(0, 8)}@example.com`;
  const dialog = await openModal(page);
  await fillForm(dialog, { email, imei: DEVICES.esim.imei }, jsOn());
  await expect(dialog.locator(".device-check")).toContainText(DEVICES.esim.text);
  await payButton(dialog).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(page);
  await page.waitForLoadState("load");
  await expectNoAxeViolations(page, "pago E-SIM");
  await fillCardForm(page, "4111111111111111");
  const form = page.locator(jsOn() ? "form#card" : "form#pay");
  await form.getByLabel(/Aviso de Privacidad/).check();
  await form.getByLabel(/Términos y Condiciones/).check();
  await form.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await page.waitForLoadState("load");
  await expectNoAxeViolations(page, "confirmación E-SIM");
});
