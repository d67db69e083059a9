import { expect as baseExpect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/**
 * /haz-tu-portabilidad (docs/prospect.md "Portability"), with JavaScript; the accepted request, the
 * prospects' primary journey, without it too (@no-js); the other answers to a browser without it are
 * proved at the HTTP level (tests/http/prospect.test.ts). Each
 * project ports its own number with its own SIM (the mock refuses a second request for a number
 * or a SIM), reset before and after (POST /__mocks/reset-lines). DEMO-DATA.md › Prospects: NIP
 * 1234 is right; 5512345678 is already Bait; the SIM 8952140000000000054 comes from a portability.
 */
const expect = baseExpect.configure({ timeout: 10_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const numberOf = () => (jsOn() ? "5590000001" : "5590000011");
const iccidOf = () => (jsOn() ? "0000000000062" : "0000000000070");

const reset = async (page: Page) => expect((await page.request.post("/__mocks/reset-lines", { data: { numbers: [numberOf()] }, headers: FRESH_CONNECTION })).ok()).toBe(true);

/** A SIM no request of these tests takes: the refusals never depend on the order the tests run in. */
const FREE_ICCID = "0000000000088";

// The tests of a project share its number: one at a time, in order (a request accepted by one
// test is "already in process" for another running beside it until the reset).
test.describe.configure({ mode: "default" });

test.beforeEach(async ({ context, baseURL, page }) => {
  await acceptCookies(context, baseURL);
  await reset(page);
});

async function fill(page: Page, values: { number: string; nip: string; iccid: string }) {
  await page.goto("/haz-tu-portabilidad");
  // A person types after the page has loaded: with JavaScript, the form is React's by then.
  await waitForHydration(page);
  await page.getByLabel("Número que quieres traer a Bait", { exact: true }).fill(values.number);
  await page.getByLabel("NIP de portabilidad", { exact: true }).fill(values.nip);
  await page.getByLabel("ICCID de tu SIM Bait", { exact: true }).fill(values.iccid);
  await page.getByLabel("Nombre completo", { exact: true }).fill("Rosa Pérez");
  await page.getByLabel("Correo electrónico", { exact: true }).fill("rosa@example.com");
  await page.getByLabel("Número de contacto", { exact: true }).fill("5511112222");
  await page.getByRole("button", { name: "Solicitar portabilidad", exact: true }).click();
}

test("a portability request is accepted and the confirmation says what happens next and when", { tag: "@no-js" }, async ({ auditedPage: page }) => {
  await fill(page, { number: numberOf(), nip: "1234", iccid: iccidOf() });
  await expect(page.getByRole("heading", { name: "Recibimos tu solicitud de portabilidad", exact: true })).toBeVisible();
  await expect(page.getByText(/^PORT-/)).toBeVisible();
  await expect(page.getByText("Te enviamos el folio a rosa@example.com. Guárdalo: te lo pediremos si necesitas ayuda.", { exact: true })).toBeVisible();
  await expect(page.getByText(/En un máximo de 24 horas tu número \(55\) 90 00 00 \d\d pasará a Bait/)).toBeVisible();
  await expectNoAxeViolations(page, "the confirmation");
  await reset(page);
});

test("a wrong NIP is refused and the form keeps what was typed, except the NIP", async ({ page }) => {
  await fill(page, { number: numberOf(), nip: "9999", iccid: FREE_ICCID });
  await expect(page.getByRole("alert").filter({ hasText: "El NIP que ingresaste no es correcto. Solicítalo de nuevo marcando 051 desde tu línea actual." })).toBeVisible();
  await expect(page.getByLabel("Número que quieres traer a Bait", { exact: true })).toHaveValue(numberOf());
  await expect(page.getByLabel("Nombre completo", { exact: true })).toHaveValue("Rosa Pérez");
  if (!jsOn()) await expect(page.getByLabel("NIP de portabilidad", { exact: true })).toHaveValue("");
});

test("a number that is already Bait is refused", async ({ page }) => {
  await fill(page, { number: "5512345678", nip: "1234", iccid: FREE_ICCID });
  await expect(page.getByRole("alert").filter({ hasText: "Este número ya es Bait, no necesitas hacer una portabilidad." })).toBeVisible();
});

test("a SIM that comes from a portability gets the portability-from-ICCID message", async ({ page }) => {
  await fill(page, { number: numberOf(), nip: "1234", iccid: "0000000000054" });
  await expect(page.getByRole("alert").filter({ hasText: "La SIM que capturaste proviene de una portabilidad. Tu número (55) 90 00 00 54 se activará en cuanto termine el proceso" })).toBeVisible();
});

test("every field's rule has its message, listed in the summary", async ({ auditedPage: page }) => {
  await page.goto("/haz-tu-portabilidad");
  await page.getByRole("button", { name: "Solicitar portabilidad", exact: true }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Revisa los siguientes datos:" });
  for (const text of [
    "Número que quieres traer a Bait: Escribe el número que quieres traer",
    "NIP de portabilidad: Escribe tu NIP de portabilidad",
    "ICCID de tu SIM Bait: Escribe el ICCID de tu SIM Bait",
    "Nombre completo: Escribe tu nombre",
    "Correo electrónico: Escribe tu correo electrónico",
    "Número de contacto: Escribe un número de contacto",
  ]) {
    await expect(summary.getByRole("link", { name: text, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, "the refused form");
});

test("axe: the page", async ({ auditedPage: page }) => {
  await page.goto("/haz-tu-portabilidad");
  await expectNoAxeViolations(page);
});
