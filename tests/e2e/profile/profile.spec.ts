import { expect } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { SESSION_COOKIE } from "../support/session";
import { logIn, logInAgain, PASSWORD, resetLines } from "./support";

/**
 * 'Actualizar Datos' (docs/profile.md) for Jorge, 5566666666, whose profile the demo world lets
 * anyone edit. The tests change the same account, so they run one after the other. With
 * JavaScript; the change of name, e-mail and opt-in also without it (@no-js). What the server
 * answers each post (the refusals, the values kept, the redirects, the session the password change
 * ends, the WhatsApp confirmation as a page, the anonymous visit) is proved at the HTTP level:
 * tests/http/profile.test.ts.
 */
const JORGE = "5566666666";
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ request }) => {
  await resetLines(request, [JORGE]);
});

test("the name, e-mail and promotions opt-in change at once and are there after a new login", { tag: "@no-js" }, async ({ auditedPage: page, javaScriptEnabled }) => {
  await logIn(page, JORGE);
  await page.goto("/editar-perfil");
  await expect(page).toHaveTitle("Actualizar Datos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actualizar Datos");
  await expect(page.getByLabel("Nombre o alias", { exact: true })).toHaveValue("Jorge");
  // Audited once, in the js run: without JavaScript the page is the same markup.
  if (javaScriptEnabled) await expectNoAxeViolations(page, "/editar-perfil");

  await waitForHydration(page);
  await page.getByLabel("Nombre o alias", { exact: true }).fill("Jorge Luis");
  await page.getByLabel("Correo electrónico", { exact: true }).fill("jorge.nuevo@example.com");
  await page.getByLabel("Quiero recibir promociones y novedades de Bait.").check();
  await page.getByRole("button", { name: "Guardar cambios", exact: true }).click();
  await expect(page.getByText("Tus datos se actualizaron correctamente.")).toBeVisible();
  await expect(page.locator("header").getByText("Hola, Jorge Luis", { exact: true })).toBeVisible();

  await logInAgain(page, JORGE);
  await expect(page.locator("main").getByText("Hola, Jorge Luis", { exact: true })).toBeVisible();
  await page.goto("/editar-perfil");
  await expect(page.getByLabel("Nombre o alias", { exact: true })).toHaveValue("Jorge Luis");
  await expect(page.getByLabel("Correo electrónico", { exact: true })).toHaveValue("jorge.nuevo@example.com");
  await expect(page.getByLabel("Quiero recibir promociones y novedades de Bait.")).toBeChecked();
});

test("a bad e-mail and an empty name are refused in Spanish beside the fields", async ({ auditedPage: page }) => {
  await logIn(page, JORGE);
  await page.goto("/editar-perfil");
  await waitForHydration(page);
  await page.getByLabel("Nombre o alias", { exact: true }).fill("");
  await page.getByLabel("Correo electrónico", { exact: true }).fill("jorge@");
  await page.getByRole("button", { name: "Guardar cambios", exact: true }).click();
  await expect(page.getByText("El nombre/alias es obligatorio").first()).toBeVisible();
  await expect(page.getByText("Ingresa un correo electrónico válido").first()).toBeVisible();
  await expectNoAxeViolations(page, "/editar-perfil with errors");
});

test("the password changes with the current one, ends the session (the old cookie opens nothing), and the new one logs in", async ({ auditedPage: page }) => {
  await logIn(page, JORGE);
  await page.goto("/editar-perfil");
  await waitForHydration(page);
  const form = page.locator("#profile-password");
  await form.getByLabel("Contraseña actual", { exact: true }).fill("Otra2024!");
  await form.getByLabel("Nueva contraseña", { exact: true }).fill("Nueva2025!");
  await form.getByLabel("Confirma tu contraseña", { exact: true }).fill("Nueva2025!");
  await page.getByRole("button", { name: "Cambiar contraseña", exact: true }).click();
  await expect(page.getByText("La contraseña actual no es correcta.")).toBeVisible();

  await waitForHydration(page);
  await form.getByLabel("Contraseña actual", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Nueva contraseña", { exact: true }).fill("Nueva2025!");
  await form.getByLabel("Confirma tu contraseña", { exact: true }).fill("Nueva2025!");
  const before = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  await page.getByRole("button", { name: "Cambiar contraseña", exact: true }).click();
  await expectPath(page, "/login", "?type=mbb");
  await expect(page.getByText("Tu contraseña se cambió correctamente. Ya puedes iniciar sesión con ella.")).toBeVisible();
  // The session that changed it ended: its cookie, put back, gets the login page.
  await page.context().addCookies([before!]);
  await page.goto("/editar-perfil");
  await expectPath(page, "/login");

  await logInAgain(page, JORGE, "Nueva2025!");
  await expect(page.locator("main").getByText("Hola, Jorge", { exact: true })).toBeVisible();
});

test("the WhatsApp opt-in asks for confirmation, then shows at once and after a new login", async ({ auditedPage: page }) => {
  await logIn(page, JORGE);
  await page.goto("/editar-perfil");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Quiero recibir avisos por WhatsApp", exact: true }).click();
  await expectPath(page, "/editar-perfil", "?confirmar=whatsapp");
  const dialog = page.getByRole("alertdialog", { name: "Avisos por WhatsApp" });
  await expect(dialog).toContainText("¿Deseas recibir los avisos de tu línea (55) 66 66 66 66 por WhatsApp?");
  await expectNoAxeViolations(page, "/editar-perfil?confirmar=whatsapp");

  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expectPath(page, "/editar-perfil");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await page.goto("/editar-perfil?confirmar=whatsapp");
  await waitForHydration(page);
  await page.getByRole("alertdialog").getByRole("button", { name: "Sí, quiero recibirlos", exact: true }).click();
  await expect(page.getByText("¡Listo! Te enviaremos los avisos de tu línea por WhatsApp.")).toBeVisible();
  await expect(page.getByText("Ya recibes los avisos de tu línea por WhatsApp.")).toBeVisible();

  await logInAgain(page, JORGE);
  await page.goto("/editar-perfil");
  await expect(page.getByText("Ya recibes los avisos de tu línea por WhatsApp.")).toBeVisible();
});

test("a single-sign-on session manages password, phone and account on the SSO server's pages, not with a password form", async ({ auditedPage: page }) => {
  await page.goto("/sso?numero=5512345678");
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expectPath(page, "/home");
  await page.goto("/editar-perfil");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Tu Cuenta Bait", exact: true }) });
  await expect(card.getByText("Tu contraseña, tu teléfono y tu cuenta se administran en Cuenta Bait.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Contraseña actual", { exact: true })).toHaveCount(0);
  await expect(card.getByRole("link", { name: "Actualizar teléfono", exact: true })).toHaveAttribute("href", "/__mocks/sso/cuenta/telefono");
  await expect(card.getByRole("link", { name: "Eliminar cuenta", exact: true })).toHaveAttribute("href", "/__mocks/sso/cuenta/eliminar");
  await expectNoAxeViolations(page, "/editar-perfil, single sign-on");
  await card.getByRole("link", { name: "Cambiar contraseña", exact: true }).click();
  await expectPath(page, "/__mocks/sso/cuenta/contrasena");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cambia tu contraseña");
});
