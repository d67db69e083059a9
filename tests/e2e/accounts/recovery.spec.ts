import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/**
 * /recuperacion (docs/accounts.md, spec §2 "Recovery screen", §5, §8) in the browser: the line's data,
 * the 4-digit code, the new password, checked in the page as they are typed; the lockout's countdown.
 * What the server answers each step's post without JavaScript (redirects, messages, the lockout after
 * three wrong codes) is proved in tests/http/recovery.test.ts; here, without JavaScript, the journey
 * end to end and the lockout's 'Actualizar' (@no-js).
 *
 * The mock world is shared by every test of a project: so that no test can break another mid-flow,
 * each scenario that changes the world uses its own line per project, and none resets the world.
 * The password change puts the demo password back itself when it ends.
 */

const DEMO_PASSWORD = "Bait2024!";
const NEW_PASSWORD = "Nueva2024!";

const STEP2 = (type = "mbb") => `?type=${type}&verification=2`;
const STEP3 = (type = "mbb") => `?type=${type}&verification=3`;

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Step 2 is the code, or the lockout. */
const STEP2_HEADINGS = /^(Verifica tu número|Demasiados intentos)$/;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Step 1 of a mobile line, ending on step 2 (the code, or the lockout). */
async function startMobile(page: Page, number: string) {
  await open(page, "/recuperacion");
  await field(page, "Número Bait").fill(number);
  await field(page, "Confirma tu número").fill(number);
  await button(page, "Verificar").click();
  await expectPath(page, "/recuperacion", STEP2());
  await expect(heading(page)).toHaveText(STEP2_HEADINGS);
}

/** Step 1 of a home-internet (hbb) or portable-internet (mifi) line, ending on step 2. */
async function startService(page: Page, type: "hbb" | "mifi", serviceNumber: string, phone: string) {
  await open(page, `/recuperacion?type=${type}`);
  await field(page, "Número de servicio").fill(serviceNumber);
  await field(page, "Número de teléfono").fill(phone);
  await button(page, "Verificar").click();
  await expectPath(page, "/recuperacion", STEP2(type));
  await expect(heading(page)).toHaveText(STEP2_HEADINGS);
}

async function enterCode(page: Page, code: string) {
  await field(page, "Código de verificación").fill(code);
  // Each code's answer arrives before the next code is typed: the page still shows the last answer's
  // message, and a click while a post is on its way cancels that post (then the line counts one
  // wrong code fewer, and the third does not lock it).
  await Promise.all([page.waitForResponse((response) => response.request().method() === "POST"), button(page, "Verificar").click()]);
}

/** Puts a line's password back to the demo one, through the recovery itself, in a browser of its own. */
async function restorePassword(browser: Browser, baseURL: string | undefined, number: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await startMobile(page, number);
    await enterCode(page, "1234");
    await expectPath(page, "/recuperacion", STEP3());
    await field(page, "Nueva contraseña").fill(DEMO_PASSWORD);
    await field(page, "Confirma tu contraseña").fill(DEMO_PASSWORD);
    await button(page, "Comenzar").click();
    await expectPath(page, "/login", "?type=mbb");
  } finally {
    await context.close();
  }
}

test.describe("recovery of a mobile line, through the three steps", () => {
  // Ana (5512345678) with JavaScript; Luis (5545678901) without, so the two projects never
  // change the same password at the same time.
  const numberFor = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "5512345678" : "5545678901");

  test.afterEach(async ({ browser, baseURL, javaScriptEnabled }) => {
    await restorePassword(browser, baseURL, numberFor(javaScriptEnabled));
  });

  test("data, code 1234 and a new password; then /login with the new password lands on /home @no-js", async ({ page, javaScriptEnabled }) => {
    // Two flows (this one and putting the password back) in one test.
    test.slow();
    const number = numberFor(javaScriptEnabled);
    await open(page, "/recuperacion");
    await expect(page).toHaveTitle("Cambio de contraseña");
    await expect(heading(page)).toHaveText("Cambio de contraseña");
    await expect(page.getByText("Paso 1 de 3", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "¿Ya tienes cuenta Bait? Inicia sesión" })).toHaveAttribute("href", "/login?type=mbb");

    await startMobile(page, number);
    await expect(heading(page)).toHaveText("Verifica tu número");
    await expect(page.getByText("Paso 2 de 3", { exact: true })).toBeVisible();
    await expect(button(page, "Enviar nuevamente")).toBeVisible();

    await enterCode(page, "1234");
    await expectPath(page, "/recuperacion", STEP3());
    await expect(heading(page)).toHaveText("¡Teléfono verificado!");
    await expect(page.getByText("Paso 3 de 3", { exact: true })).toBeVisible();

    await field(page, "Nueva contraseña").fill(NEW_PASSWORD);
    await field(page, "Confirma tu contraseña").fill(NEW_PASSWORD);
    await button(page, "Comenzar").click();

    await expectPath(page, "/login", "?type=mbb");
    await expect(page.getByText("Tu contraseña se cambió correctamente. Ya puedes iniciar sesión con ella.", { exact: true })).toBeVisible();
    await waitForHydration(page);
    await field(page, "Número Bait").fill(number);
    await field(page, "Contraseña").fill(NEW_PASSWORD);
    await button(page, "Ingresar").click();
    await expectPath(page, "/home");
  });
});

test.describe("lockout", () => {
  test("5566666666 starts locked: the countdown runs, and 'Enviar nuevamente' appears when it ends @no-js", async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) await page.clock.install();
    await startMobile(page, "5566666666");
    await expect(heading(page)).toHaveText("Demasiados intentos");
    await expect(page.getByText("iUps! Parece que has alcanzado el número máximo de intentos... vuelve a intentarlo en una hora", { exact: true })).toBeVisible();
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/minutos? \d+ segundos?$/);
    await expect(button(page, "Enviar nuevamente")).toHaveCount(0);

    if (!javaScriptEnabled) {
      // Without JavaScript the time left is the page's, counted by the server at each answer
      // (its fresh, uncached answer: tests/http/recovery.test.ts): 'Actualizar' asks the server again.
      await page.getByRole("link", { name: "Actualizar", exact: true }).click();
      await expectPath(page, "/recuperacion", STEP2());
      await expect(timer).toHaveText(/minutos? \d+ segundos?$/);
      return;
    }
    // With JavaScript it counts down every second…
    const before = await timer.textContent();
    await page.clock.fastForward(2000);
    await expect(timer).not.toHaveText(before ?? "");
    // …and at zero offers a new code.
    await page.clock.fastForward("01:00:00");
    await expect(page.getByText("Ya puedes solicitar un nuevo código.", { exact: true })).toBeVisible();
    await expect(button(page, "Enviar nuevamente")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
  });
});

test.describe("home and portable internet", () => {
  test("hbb: service number 5598765432 and phone 5511112222 reach step 2; a wrong code says so, 1234 verifies", async ({ page }) => {
    await open(page, "/recuperacion");
    await page.getByRole("link", { name: "Internet en Casa", exact: true }).click();
    await expectPath(page, "/recuperacion", "?type=hbb");
    await expect(page.getByRole("link", { name: "Internet en Casa", exact: true })).toHaveAttribute("aria-current", "page");
    await startService(page, "hbb", "5598765432", "5511112222");
    await expect(heading(page)).toHaveText("Verifica tu número");
    await expect(page.getByText("Enviamos un código de 4 dígitos por SMS al (55) 11 11 22 22.", { exact: true })).toBeVisible();

    await enterCode(page, "9999");
    await expect(page.getByText("Lo sentimos, ha superado los cambios de número permitidos", { exact: true })).toBeVisible();
    await expect(field(page, "Código de verificación")).toHaveValue("");

    await enterCode(page, "1234");
    await expectPath(page, "/recuperacion", STEP3("hbb"));
    await expect(heading(page)).toHaveText("¡Teléfono verificado!");
  });

  test("'Enviar nuevamente' sends a new code and says so", async ({ page }) => {
    await startService(page, "mifi", "5576543210", "5533334444");
    await button(page, "Enviar nuevamente").click();
    await expect(page.getByText("Te enviamos un nuevo código.", { exact: true })).toBeVisible();
    await expectPath(page, "/recuperacion", STEP2("mifi"));
    await expect(field(page, "Código de verificación")).toBeVisible();
  });
});

test.describe("messages", () => {
  test("step 1 (mobile): required numbers and 'El número no coincide.'", async ({ page }) => {
    await open(page, "/recuperacion");
    await button(page, "Verificar").click();
    await expect(page.getByText("El número Bait es obligatorio", { exact: true })).toBeVisible();
    await expect(page.getByText("La confirmación de número es obligatoria", { exact: true })).toBeVisible();
    await expect(field(page, "Número Bait")).toHaveAttribute("aria-invalid", "true");

    await field(page, "Número Bait").fill("551234");
    await field(page, "Confirma tu número").fill("551234");
    await button(page, "Verificar").click();
    await expect(page.getByText("Ingresa los 10 dígitos de tu número Bait", { exact: true })).toBeVisible();

    await field(page, "Número Bait").fill("5512345678");
    await field(page, "Confirma tu número").fill("5512345679");
    await button(page, "Verificar").click();
    await expect(page.getByText("El número no coincide.", { exact: true })).toBeVisible();
    await expect(heading(page)).toHaveText("Cambio de contraseña");
  });

  test("step 1 (home internet): 'El número telefónico es obligatorio' and 'Ingresa los 10 dígitos de tu número telefónico'", async ({ page }) => {
    await open(page, "/recuperacion?type=hbb");
    await button(page, "Verificar").click();
    await expect(page.getByText("El número de servicio es obligatorio", { exact: true })).toBeVisible();
    await expect(page.getByText("El número telefónico es obligatorio", { exact: true })).toBeVisible();

    await field(page, "Número de servicio").fill("5598765432");
    await field(page, "Número de teléfono").fill("55111");
    await button(page, "Verificar").click();
    await expect(page.getByText("Ingresa los 10 dígitos de tu número telefónico", { exact: true })).toBeVisible();
  });

  test("a line without an account (code 0) goes to its registration, which says why", async ({ page }) => {
    // 5534567890 has no account and no other account journey registers it.
    await startMobileExpectingRegistration(page, "5534567890");
    await expect(page.getByText("Tu número aún no tiene una cuenta Bait. Regístrate para crearla y después podrás iniciar sesión.")).toBeVisible();
  });

  test("?exist=1 (from the registration) warns that the number already has an account", async ({ page }) => {
    await open(page, "/recuperacion?type=mbb&exist=1");
    await expect(
      page.getByText("Lo sentimos, el número Bait ingresado ya tiene una cuenta registrada. Si no recuerdas tu contraseña, puedes solicitar la recuperación.", { exact: true }),
    ).toBeVisible();
  });

  test("step 2: the code is required; step 3: 'La contraseña es obligatoria' and 'La contraseña no coincide.'", async ({ page }) => {
    await startService(page, "mifi", "5576543210", "5533334444");
    await button(page, "Verificar").click();
    await expect(page.getByText("Ingresa el código de verificación", { exact: true })).toBeVisible();

    await enterCode(page, "1234");
    await expectPath(page, "/recuperacion", STEP3("mifi"));
    await button(page, "Comenzar").click();
    await expect(page.getByText("La contraseña es obligatoria", { exact: true })).toHaveCount(2);

    await field(page, "Nueva contraseña").fill(NEW_PASSWORD);
    await field(page, "Confirma tu contraseña").fill("Otra2024!");
    await button(page, "Comenzar").click();
    await expect(page.getByText("La contraseña no coincide.", { exact: true })).toBeVisible();
    // The client check stopped the post: what was typed stays.
    await expect(field(page, "Nueva contraseña")).toHaveValue(NEW_PASSWORD);
  });

  test("steps 2 and 3 without the flow's state go back to step 1", async ({ page }) => {
    await page.goto("/recuperacion?type=hbb&verification=2");
    await expectPath(page, "/recuperacion", "?type=hbb");
    await page.goto("/recuperacion?verification=3");
    await expectPath(page, "/recuperacion", "?type=mbb");
  });
});

/** Registration is another page: only its address and the flashed warning matter here. */
async function startMobileExpectingRegistration(page: Page, number: string) {
  await open(page, "/recuperacion");
  await field(page, "Número Bait").fill(number);
  await field(page, "Confirma tu número").fill(number);
  await button(page, "Verificar").click();
  await expectPath(page, "/registro", "?type=mbb");
}

test.describe("accessibility of each step (WCAG 2.2 AA, axe-core)", () => {
  // Each step itself, with consent given (the notice's own audit: cookie-banner-room.spec.ts).
  test.beforeEach(async ({ page, baseURL }) => {
    await acceptCookies(page.context(), baseURL);
  });

  test("step 1", async ({ page }) => {
    await open(page, "/recuperacion?type=hbb");
    await expectNoAxeViolations(page, "recovery step 1");
  });

  test("step 1 with its errors", async ({ page }) => {
    await open(page, "/recuperacion");
    await button(page, "Verificar").click();
    await expect(page.getByText("El número Bait es obligatorio", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "recovery step 1 with errors");
  });

  test("step 2 (the code)", async ({ page }) => {
    await startService(page, "mifi", "5576543210", "5533334444");
    await expect(heading(page)).toHaveText("Verifica tu número");
    await expectNoAxeViolations(page, "recovery step 2");
  });

  test("step 3 (the new password)", async ({ page }) => {
    await startService(page, "mifi", "5576543210", "5533334444");
    await enterCode(page, "1234");
    await expectPath(page, "/recuperacion", STEP3("mifi"));
    await expect(heading(page)).toHaveText("¡Teléfono verificado!");
    await expectNoAxeViolations(page, "recovery step 3");
  });

  test("the lockout", async ({ page }) => {
    await startMobile(page, "5566666666");
    await expect(heading(page)).toHaveText("Demasiados intentos");
    await expectNoAxeViolations(page, "recovery lockout");
  });
});
