import { expect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { logIn, resetLines } from "./support";

/**
 * SIM replacement (docs/profile.md) for Marta, 5556789012: the new SIM's ICCID (typed after
 * 895214), the code 1234, the refusals of the ICCID catalogue, and the lockout after three wrong
 * codes. The tests change the same line, so they run one after the other. With JavaScript; what
 * the server answers without it (the refusals with the ICCID kept, the code step, the lockout's
 * 'Actualizar' link, the anonymous visit) is proved at the HTTP level: tests/http/replacement.test.ts.
 */
const MARTA = "5556789012";
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ request }) => {
  await resetLines(request, [MARTA]);
});

async function start(page: Page, iccid: string) {
  await page.goto("/reposicion-sim");
  await waitForHydration(page);
  await page.getByLabel("ICCID de tu nueva SIM").fill(iccid);
  await page.getByLabel("Motivo de la reposición").selectOption({ label: "Extravío" });
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
}

async function typeCode(page: Page, code: string) {
  await waitForHydration(page);
  await page.getByLabel("Código de verificación", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Confirmar reposición", exact: true }).click();
}

test("a replacement with the free SIM 8952140000000000039 goes ahead after a wrong code and then 1234", async ({ auditedPage: page }) => {
  test.slow();
  await logIn(page, MARTA);
  await page.goto("/reposicion-sim");
  await expect(page).toHaveTitle("Reposición de SIM");
  await expect(page.getByText("(55) 56 78 90 12")).toBeVisible();
  await expect(page.getByLabel("Correo para la confirmación")).toHaveValue("marta.pendiente@example.com");
  await expectNoAxeViolations(page, "/reposicion-sim");

  await start(page, "0000000000039");
  await expectPath(page, "/reposicion-sim", "?paso=2");
  await expect(page.getByText("Te enviamos un código de verificación de 4 dígitos. Escríbelo para continuar.")).toBeVisible();
  await expectNoAxeViolations(page, "/reposicion-sim?paso=2");

  await typeCode(page, "1111");
  await expect(page.getByText("El código ingresado es incorrecto. Te quedan 2 intentos.")).toBeVisible();
  await expectNoAxeViolations(page, "/reposicion-sim?paso=2 with a wrong code");

  await typeCode(page, "1234");
  await expectPath(page, "/reposicion-sim", "?paso=3");
  await expect(page.getByRole("heading", { name: "¡Reposición confirmada!" })).toBeVisible();
  await expect(page.getByText("Tu línea (55) 56 78 90 12 ya está asignada a la SIM con ICCID 8952140000000000039.")).toBeVisible();
  await expectNoAxeViolations(page, "/reposicion-sim?paso=3");
});

test("the ICCID catalogue: a SIM of another line, a SIM from a portability, a short ICCID", async ({ auditedPage: page }) => {
  await logIn(page, MARTA);
  await start(page, "0000000000047");
  await expect(page.getByText("Esta SIM ya está asignada a otro número. Revisa el ICCID o usa otra SIM.")).toBeVisible();
  await expect(page.getByLabel("ICCID de tu nueva SIM")).toHaveValue("0000000000047");

  await start(page, "0000000000054");
  await expect(page.getByText("La SIM que capturaste proviene de una portabilidad y no puede usarse para una reposición. Usa otra SIM Bait.")).toBeVisible();

  await start(page, "12345");
  await expect(page.getByText("Ingresa los 13 dígitos restantes del ICCID").first()).toBeVisible();
  await expectNoAxeViolations(page, "/reposicion-sim with errors");
});

test("three wrong codes lock the replacement for an hour, with a countdown", async ({ auditedPage: page, baseURL }) => {
  // The step itself, with consent given (the notice's own audit: cookie-banner-room.spec.ts).
  await acceptCookies(page.context(), baseURL);
  await logIn(page, MARTA);
  await start(page, "0000000000062");
  await expectPath(page, "/reposicion-sim", "?paso=2");
  await typeCode(page, "1111");
  await expect(page.getByText("El código ingresado es incorrecto. Te quedan 2 intentos.")).toBeVisible();
  await typeCode(page, "2222");
  await expect(page.getByText("El código ingresado es incorrecto. Te queda 1 intento antes de que bloqueemos tu número por una hora.")).toBeVisible();
  await typeCode(page, "3333");
  await expect(page.getByRole("heading", { name: "Espera para intentarlo de nuevo" })).toBeVisible();
  await expect(page.getByText("Superaste el número de intentos permitidos. Por seguridad, tu línea quedó bloqueada una hora para esta reposición.")).toBeVisible();
  const timer = page.locator(".countdown__time");
  // The server rounds the hour up: "1 hora 0 minutos 0 segundos", or "59 minutos …" a second later.
  await expect(timer).toContainText(/1 hora 0 minutos|59 minutos/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? "");
  await expectNoAxeViolations(page, "/reposicion-sim?paso=2 locked");
});
