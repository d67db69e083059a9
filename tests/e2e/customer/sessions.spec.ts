import { expect, test, type BrowserContext } from "@playwright/test";
import { acceptCookies } from "../support/cookies";
import { BASE_URL } from "../support/env";
import { waitForHydration } from "../support/hydration";
import { ana, loginAs, SESSION_COOKIE } from "../support/session";
import { PASSWORD } from "./support";

/**
 * Server-side sessions (docs/accounts.md "Sessions", "Step-up", "Private answers"): a cookie kept
 * from before a logout opens nothing, signed-in answers are nobody else's, and the changes to the
 * line ask for the password again after 10 minutes. With JavaScript on and off.
 */

/** Every page that shows the customer's data, and every action that acts as her. */
const SIGNED_IN_PAGES = ["/home", "/recurrente", "/editar-perfil", "/reposicion-sim", "/factura", "/confirmar-identidad?volver=%2Feditar-perfil"];
const SIGNED_IN_ACTIONS: [string, Record<string, string>][] = [
  ["/editar-perfil", { intent: "data", name: "Intrusa", email: "intrusa@example.com" }],
  ["/editar-perfil", { intent: "password", currentPassword: PASSWORD, password: "Otra2025!x", passwordConfirmation: "Otra2025!x" }],
  ["/reposicion-sim", { iccid: "1234567890123", email: "intrusa@example.com", reason: "robo" }],
  ["/factura", { rfc: "XAXX010101000" }],
  ["/cambio-nir", { nir: "81" }],
  ["/recurrente", { intent: "create" }],
  ["/confirmar-identidad?volver=%2Feditar-perfil", { password: PASSWORD }],
];
/** What of Ana's would give her away on a page. */
const ANAS_DATA = [/Hola, Ana/, /demo\.mbb@example\.com/, /\(55\) 12 34 56 78/, /"5512345678"/];

const putCookieBack = (context: BrowserContext, value: string) =>
  context.addCookies([{ name: SESSION_COOKIE, value, domain: "localhost", path: "/", httpOnly: true, secure: true, sameSite: "Lax" }]);

test("a session cookie replayed after the logout is refused on every signed-in page and action: /login, none of the customer's data", async ({ page, context }) => {
  await acceptCookies(context, BASE_URL);
  const kept = await loginAs(context, ana);
  await page.goto("/editar-perfil");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(ana.email);

  const logout = await context.request.post("/logout", { form: {}, headers: { Origin: BASE_URL }, maxRedirects: 0 });
  expect(logout.status()).toBe(303);
  expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);

  for (const pathname of SIGNED_IN_PAGES) {
    await putCookieBack(context, kept);
    const answer = await page.goto(pathname);
    await expect(page, pathname).toHaveURL((url) => url.pathname === "/login");
    const html = `${await answer?.text()}${await page.content()}`;
    for (const pattern of ANAS_DATA) expect(html, `${pathname} ${pattern}`).not.toMatch(pattern);
    // The stale cookie is gone from the browser.
    expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE), pathname).toBe(false);
  }

  await putCookieBack(context, kept);
  for (const [pathname, form] of SIGNED_IN_ACTIONS) {
    const answer = await context.request.post(pathname, { form, headers: { Origin: BASE_URL, Cookie: `${SESSION_COOKIE}=${kept}` }, maxRedirects: 0 });
    expect(answer.status(), pathname).toBe(302);
    expect(answer.headers()["location"], pathname).toBe("/login");
  }
});

test("a signed-in answer is private, no-store (document and data), and the anonymous visitor after her never sees 'Hola, Ana'", async ({ page, context, playwright }) => {
  await acceptCookies(context, BASE_URL);
  await loginAs(context, ana);
  for (const pathname of ["/", "/recargas", "/home"]) {
    const document = await page.goto(pathname);
    expect(document?.headers()["cache-control"], pathname).toBe("private, no-store");
    await expect(page.getByText("Hola, Ana").first()).toBeVisible();
  }
  // The client-side navigation's data (single fetch) is private too.
  for (const pathname of ["/_root.data", "/recargas.data"]) {
    const data = await context.request.get(pathname);
    expect(data.headers()["cache-control"], pathname).toBe("private, no-store");
  }

  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
  for (let round = 0; round < 2; round += 1) {
    const answer = await anonymous.get("/");
    expect(answer.status()).toBe(200);
    expect(await answer.text()).not.toContain("Hola, Ana");
  }
  await anonymous.dispose();
});

test.describe("the step-up", () => {
  test("a sign-in older than 10 minutes asks for the password before 'Actualizar Datos', then goes back to the page", async ({ page, context }) => {
    await acceptCookies(context, BASE_URL);
    await loginAs(context, ana, { minutesAgo: 11 });
    await page.goto("/editar-perfil");
    await expect(page).toHaveURL((url) => url.pathname === "/confirmar-identidad" && url.searchParams.get("volver") === "/editar-perfil");
    await expect(page.getByRole("heading", { name: "Confirma que eres tú" })).toBeVisible();
    await waitForHydration(page);

    await page.getByLabel("Contraseña", { exact: true }).fill("NoEsLaMia2024!");
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page.getByText("La contraseña no es correcta. Revísala e inténtalo de nuevo.")).toBeVisible();

    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/editar-perfil");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(ana.email);
    // Confirmed: the other changes to the line do not ask again for 10 minutes.
    await page.goto("/reposicion-sim");
    await expect(page).toHaveURL((url) => url.pathname === "/reposicion-sim");
  });

  test("the SIM replacement and the area-code change ask too; 'volver' goes only to those pages", async ({ page, context }) => {
    await acceptCookies(context, BASE_URL);
    const cookie = await loginAs(context, ana, { minutesAgo: 11 });
    await page.goto("/reposicion-sim");
    await expect(page).toHaveURL((url) => url.pathname === "/confirmar-identidad" && url.searchParams.get("volver") === "/reposicion-sim");

    const change = await context.request.post("/cambio-nir", { form: { nir: "81" }, headers: { Origin: BASE_URL, Cookie: `${SESSION_COOKIE}=${cookie}` }, maxRedirects: 0 });
    expect(change.status()).toBe(303);
    expect(change.headers()["location"]).toBe("/confirmar-identidad?volver=%2Fcambio-nir");

    await page.goto(`/confirmar-identidad?volver=${encodeURIComponent("https://example.com/robar")}`);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.origin === BASE_URL && url.pathname === "/home");
  });
});
