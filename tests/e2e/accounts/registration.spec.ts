import { expect, type Page } from "@playwright/test";
import { auditedTest, expectNoAxeViolations } from "../support/axe";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/**
 * Registration (docs/accounts.md, spec §2 "Register screen", "Complete-registration screen"; §4; §5; §8) against
 * the mock world of DEMO-DATA.md, with JavaScript: /registro step 0 and step 1 (?verification=1),
 * /completar-registro, then the login with the new password. The mobile line's journey and the
 * lockout page also run without JavaScript (@no-js). What the server answers each step's post
 * (redirects, messages, values kept, the lockout, the pages that need an earlier step) is proved at
 * the HTTP level: tests/http/registration.test.ts.
 *
 * The project's mock world is shared by its tests. Each test that changes it has a line of its own
 * (5523456789 mbb, 5587654321 hbb, 5571234567 mifi for the lockout) and restores just that line
 * before and after (POST /__mocks/reset-lines), never the whole world, which would undo the
 * steps of the tests running beside it. 5512345678 and 5566666666 are only read: a code is sent and
 * checked, no account or lockout changes.
 */
const test = auditedTest.extend<{ freshLines: (...numbers: string[]) => Promise<void> }>({
  freshLines: async ({ request }, use) => {
    const used = new Set<string>();
    const reset = async (numbers: string[]) => expect((await request.post("/__mocks/reset-lines", { data: { numbers }, headers: FRESH_CONNECTION })).ok()).toBe(true);
    await use(async (...numbers) => {
      for (const number of numbers) used.add(number);
      await reset(numbers);
    });
    if (used.size) await reset([...used]);
  },
});

test.describe.configure({ timeout: 90_000 });

/**
 * axe on the page as it is. Without JavaScript the audit runs in the scriptless audited page
 * (support/axe.ts), which gets the flow's cookies and opens the same address, and only where the
 * page without JavaScript is other markup (`noJsToo`): elsewhere the js run's audit is the page's.
 */
async function audit(page: Page, audited: Page, what: string, { noJsToo = false } = {}) {
  if (audited !== page) {
    if (!noJsToo) return;
    await audited.context().addCookies(await page.context().cookies());
    await audited.goto(page.url());
  }
  await expectNoAxeViolations(audited, what);
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const fieldError = (page: Page, text: string) => page.locator(".field__error").getByText(text, { exact: true });
const NEW_PASSWORD = "Nueva2024!";

async function verifyCode(page: Page, code: string) {
  await page.getByLabel("Código de verificación", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verificar número", exact: true }).click();
}

async function completeRegistration(page: Page, data: { name: string; email?: string }) {
  await page.getByLabel("Nombre o alias", { exact: true }).fill(data.name);
  if (data.email) await page.getByLabel("Correo electrónico", { exact: true }).fill(data.email);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirma tu contraseña", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Quiero recibir promociones y novedades de Bait.", { exact: true }).check();
  await page.getByRole("button", { name: "Completar registro", exact: true }).click();
}

async function logIn(page: Page, numberLabel: string, number: string) {
  await expect(page.getByText("¡Listo! Tu cuenta Bait quedó registrada. Ya puedes iniciar sesión.", { exact: true })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel(numberLabel, { exact: true }).fill(number);
  await page.getByLabel("Contraseña", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expectPath(page, "/home");
}

test.describe("registration", () => {
  test("a mobile line (5523456789): number twice, code 1234, '¡Teléfono Verificado!', then the login with the new password", { tag: "@no-js" }, async ({ page, auditedPage, freshLines }) => {
    await freshLines("5523456789");
    await page.goto("/registro?type=mbb");
    await expect(heading(page)).toHaveText("Crea tu cuenta Bait");
    await audit(page, auditedPage, "step 0 (mbb)");
    await waitForHydration(page);
    await page.getByLabel("Número Bait", { exact: true }).fill("5523456789");
    await page.getByLabel("Confirma tu número", { exact: true }).fill("5523456789");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();

    await expectPath(page, "/registro", "?type=mbb&verification=1");
    await expect(heading(page)).toHaveText("Verifica tu número");
    await expect(page.getByText("Enviamos un código de 4 dígitos por SMS al (55) 23 45 67 89.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar nuevamente", exact: true })).toBeVisible();
    // Without JavaScript the code is a plain field, not the cells.
    await audit(page, auditedPage, "step 1", { noJsToo: true });
    await waitForHydration(page);
    await verifyCode(page, "1234");

    await expectPath(page, "/completar-registro");
    await expect(heading(page)).toHaveText("¡Teléfono Verificado!");
    await audit(page, auditedPage, "completar-registro");
    await waitForHydration(page);
    // The spec's messages first: nothing but a weak password, then a bad e-mail and another confirmation.
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("debil");
    await page.getByLabel("Confirma tu contraseña", { exact: true }).fill("otra");
    await page.getByRole("button", { name: "Completar registro", exact: true }).click();
    await expect(fieldError(page, "El nombre/alias es obligatorio")).toBeVisible();
    await expect(fieldError(page, "El correo electrónico es obligatorio")).toBeVisible();
    await expect(fieldError(page, "La contraseña ingresada es inválida")).toBeVisible();
    await page.getByLabel("Nombre o alias", { exact: true }).fill("Nuevo");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("nuevo@");
    await page.getByLabel("Nueva contraseña", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirma tu contraseña", { exact: true }).fill("Nueva2024?");
    await page.getByRole("button", { name: "Completar registro", exact: true }).click();
    await expect(fieldError(page, "Ingresa un correo electrónico válido")).toBeVisible();
    await expect(fieldError(page, "La contraseña no coincide")).toBeVisible();
    await expect(fieldError(page, "El nombre/alias es obligatorio")).toHaveCount(0);
    await completeRegistration(page, { name: "Nuevo", email: "nuevo@example.com" });

    await expectPath(page, "/login", "?type=mbb");
    await logIn(page, "Número Bait", "5523456789");
  });

  test("a home-internet line (5587654321): phone, e-mail, service number and ICCID, then the login by service number", async ({ page, auditedPage, freshLines }) => {
    await freshLines("5587654321");
    await page.goto("/registro");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Tipo de línea" }).getByRole("link", { name: "Internet en Casa", exact: true }).click();
    await expectPath(page, "/registro", "?type=hbb");
    await expect(page.getByText("895214", { exact: true })).toBeVisible();
    await page.getByText("¿Dónde encuentro el ICCID?", { exact: true }).click();
    await expect(page.getByRole("img", { name: "Tarjeta SIM Bait: el ICCID es el número de 19 dígitos impreso debajo del chip." })).toBeVisible();
    await audit(page, auditedPage, "step 0 (hbb)");
    await waitForHydration(page);

    await page.getByLabel("Número de teléfono", { exact: true }).fill("5522223333");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("casa@example.com");
    await page.getByLabel("Número de servicio", { exact: true }).fill("5587654321");
    await page.getByLabel("ICCID de tu SIM", { exact: true }).fill("0000000000013");
    // The live check, 500 ms after typing stops.
    await expect(page.getByText("ICCID verificado: corresponde a tu servicio.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Continuar", exact: true }).click();

    await expectPath(page, "/registro", "?type=hbb&verification=1");
    await expect(page.getByText("Enviamos un código de 4 dígitos por SMS al (55) 22 22 33 33.", { exact: true })).toBeVisible();
    await waitForHydration(page);
    await verifyCode(page, "1234");

    await expectPath(page, "/completar-registro");
    await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue("casa@example.com");
    await waitForHydration(page);
    await completeRegistration(page, { name: "Casa" });

    await expectPath(page, "/login", "?type=hbb");
    await logIn(page, "Número de servicio", "5587654321");
  });

  test("the ICCID of another service, or of another service number, is refused with its message", async ({ page }) => {
    await page.goto("/registro?type=hbb");
    await waitForHydration(page);
    await page.getByLabel("Número de teléfono", { exact: true }).fill("5522223333");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("casa@example.com");
    await page.getByLabel("Número de servicio", { exact: true }).fill("5587654321");
    await page.getByLabel("ICCID de tu SIM", { exact: true }).fill("0000000000021");
    const otherProfile = "El ICCID ingresado no pertenece a un servicio de Internet en Casa. Revisa que esté bien escrito.";
    await expect(page.getByText(otherProfile, { exact: true })).toBeVisible();
    // The live check already shows the message beside the field. The post's own answer is applied
    // once the error summary shows it and takes the focus (after the post and the page's
    // revalidation): the fields typed next must come after that, or the answer puts back what was posted.
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    const summary = page.locator(".error-summary");
    await expect(summary).toContainText(otherProfile);
    await expect(summary).toBeFocused();
    await expect(fieldError(page, otherProfile)).toBeVisible();
    await expectPath(page, "/registro", "?type=hbb");

    await page.getByLabel("Número de servicio", { exact: true }).fill("5598765432");
    await page.getByLabel("ICCID de tu SIM", { exact: true }).fill("0000000000013");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "El ICCID ingresado no corresponde al número de servicio que escribiste. Revisa tus datos.")).toBeVisible();
  });

  test("a number that already has an account (5512345678): 'Enviar nuevamente', then the code goes to /recuperacion?exist=1", async ({ page }) => {
    await page.goto("/registro?type=mbb");
    await waitForHydration(page);
    await page.getByLabel("Número Bait", { exact: true }).fill("5512345678");
    await page.getByLabel("Confirma tu número", { exact: true }).fill("5512345678");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expectPath(page, "/registro", "?type=mbb&verification=1");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Enviar nuevamente", exact: true }).click();
    await expect(page.getByText("Te enviamos un nuevo código.", { exact: true })).toBeVisible();
    await expectPath(page, "/registro", "?type=mbb&verification=1");
    await waitForHydration(page);
    await verifyCode(page, "1234");
    await expectPath(page, "/recuperacion", "?exist=1&type=mbb");
    await expect(page.getByText("el número Bait ingresado ya tiene una cuenta registrada", { exact: false })).toBeVisible();
  });

  test("three wrong codes (portable internet, 5571234567): 'El código ingresado es incorrecto.', then the lockout with its countdown", async ({ page, auditedPage, freshLines }) => {
    await freshLines("5571234567");
    await page.goto("/registro?type=mifi");
    await waitForHydration(page);
    await page.getByLabel("Número de teléfono", { exact: true }).fill("5544445555");
    await page.getByLabel("Correo electrónico", { exact: true }).fill("mifi@example.com");
    await page.getByLabel("Número de servicio", { exact: true }).fill("5571234567");
    await page.getByLabel("ICCID de tu SIM", { exact: true }).fill("0000000000021");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expectPath(page, "/registro", "?type=mifi&verification=1");
    await expect(page.getByText("Enviamos un código de 4 dígitos por SMS al (55) 44 44 55 55.", { exact: true })).toBeVisible();

    await waitForHydration(page);
    await verifyCode(page, "0000");
    await expect(fieldError(page, "El código ingresado es incorrecto. Te quedan 2 intentos.")).toBeVisible();
    await expect(page.getByLabel("Código de verificación", { exact: true })).toHaveValue(/^(|0000)$/);
    await audit(page, auditedPage, "step 1 with a wrong code");
    await waitForHydration(page);
    await verifyCode(page, "1111");
    await expect(page.locator(".field__error").getByText("El código ingresado es incorrecto. Te queda 1 intento", { exact: false })).toBeVisible();
    await verifyCode(page, "2222");

    await expect(heading(page)).toHaveText("Demasiados intentos");
    await expect(page.getByText("iUps! Parece que has alcanzado el número máximo de intentos... vuelve a intentarlo en una hora", { exact: true })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^(59 minutos \d+ segundos?|1 hora 0 minutos 0 segundos)$/);
    await expect(page.getByRole("button", { name: "Verificar número" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Enviar nuevamente" })).toHaveCount(0);
    await audit(page, auditedPage, "lockout");
  });

  test("a number already locked out (5566666666) goes straight to the lockout", { tag: "@no-js" }, async ({ page, auditedPage }) => {
    await page.goto("/registro?type=mbb");
    await waitForHydration(page);
    await page.getByLabel("Número Bait", { exact: true }).fill("5566666666");
    await page.getByLabel("Confirma tu número", { exact: true }).fill("5566666666");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expectPath(page, "/registro", "?type=mbb&verification=1");
    await expect(heading(page)).toHaveText("Demasiados intentos");
    await expect(page.getByRole("timer")).toContainText("minuto");
    // Without JavaScript the countdown stands still and 'Actualizar' reloads it: other markup. (With
    // JavaScript the lockout is audited by the test above.)
    if (auditedPage !== page) await audit(page, auditedPage, "lockout", { noJsToo: true });
  });
});

test.describe("registration without the state of an earlier step", () => {
  test("step 0 says what is missing or wrong, with the spec's texts", async ({ page }) => {
    await page.goto("/registro?type=mbb");
    await waitForHydration(page);
    await page.getByLabel("Número Bait", { exact: true }).fill("5523456789");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "La confirmación de número es obligatoria")).toBeVisible();
    await page.getByLabel("Confirma tu número", { exact: true }).fill("5523456780");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "El número no coincide")).toBeVisible();
    await expectPath(page, "/registro", "?type=mbb");

    await page.goto("/registro?type=mifi");
    await waitForHydration(page);
    await page.getByLabel("Correo electrónico", { exact: true }).fill("mifi@example");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "Ingresa un correo electrónico válido")).toBeVisible();
    await expect(fieldError(page, "El ICCID es obligatorio")).toBeVisible();
    await expect(fieldError(page, "El número telefónico es obligatorio")).toBeVisible();
    await page.getByLabel("Correo electrónico", { exact: true }).fill("");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "El correo electrónico es obligatorio")).toBeVisible();
  });

  test("step 0 with errors has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/registro?type=hbb");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(fieldError(page, "El ICCID es obligatorio")).toBeVisible();
    await expectNoAxeViolations(page, "step 0 (hbb) with errors");
  });
});
