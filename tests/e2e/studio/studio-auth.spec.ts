import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { auditedTest, expectNoAxeViolations } from "../support/axe";
import { DESKTOP, MOBILE } from "../support/chrome";
import { BASE_URL, ownPort } from "../support/env";
import { waitForHydration } from "../support/hydration";
import { pageScrollWidth } from "../support/page-scroll";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { expectPortsFree, makeStudioAccounts } from "../support/studio";

/**
 * The studio's sign-in (docs/studio.md "Accounts and roles"), on a server of its own with the studio on
 * (STUDIO_SECRET) and an accounts file written by `npm run studio:user`; the suite's server has no
 * STUDIO_SECRET, and its /estudio pages are 404s. Both projects: with JavaScript and without.
 * Each project's server listens on ports of its own (ownPort 71 and 72 with JavaScript, 73 and 74
 * without: docs/testing.md "Ports"), so the two runs, which may run at the same time, never share
 * their attempt limits, their sessions or their accounts' file.
 */

const STUDIO_SECRET = "e2e-only-studio-secret-5a7c9e1b3d5f70819a2bc4";
const PASSWORD = "una contraseña del estudio";
const COOKIE = "__Host-bait_estudio";

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let folder = "";
let base = "";

test.beforeAll(async ({ javaScriptEnabled }) => {
  folder = mkdtempSync(path.join(tmpdir(), "bait-estudio-e2e-"));
  const usersFile = path.join(folder, "studio-users");
  await makeStudioAccounts(usersFile, PASSWORD, [
    ["ana@bait.mx", "editor"],
    ["pia@bait.mx", "publisher"],
  ]);
  const port = ownPort(javaScriptEnabled === false ? 73 : 71);
  // The studio in production needs its previews' origin (docs/studio.md "Turning it on"): a second port.
  const previewPort = ownPort(javaScriptEnabled === false ? 74 : 72);
  await expectPortsFree(port, previewPort);
  const previewOrigin = `http://127.0.0.1:${previewPort}`;
  server = await startOwnServer({ port, label: "estudio", env: { STUDIO_SECRET, STUDIO_USERS_FILE: usersFile, LOG_LEVEL: "warn", PREVIEW_ORIGIN: previewOrigin } });
  base = server.base;
});

test.afterAll(() => {
  server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** With JavaScript, waits until the form's own code (loaded on demand) has taken over the server's HTML. */
async function waitForForm(page: Page) {
  await waitForHydration(page);
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator("form.auth-form")).toHaveAttribute("data-hydrated", "");
}

const email = (page: Page) => page.getByLabel("Correo", { exact: true });
const password = (page: Page) => page.getByLabel("Contraseña", { exact: true });
const submit = (page: Page, name = "Entrar") => page.getByRole("button", { name, exact: true });

async function signIn(page: Page, account: string, secret = PASSWORD, volver = "/estudio/entrar") {
  await page.goto(`${base}/estudio/entrar?volver=${encodeURIComponent(volver)}`);
  await waitForForm(page);
  await email(page).fill(account);
  await password(page).fill(secret);
  await submit(page).click();
}

test("signed out, /estudio/entrar is the studio's sign-in: private, unindexed, its fields labelled for password managers", async ({ page }) => {
  const response = await page.goto(`${base}/estudio/entrar`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page).toHaveTitle("Entrar al estudio | Bait");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entra al estudio");
  await expect(page.getByText("Estudio de contenidos · uso interno")).toBeVisible();
  await expect(email(page)).toHaveAttribute("autocomplete", "username");
  await expect(password(page)).toHaveAttribute("autocomplete", "current-password");
  await expect(password(page)).toHaveAttribute("type", "password");
});

auditedTest("the sign-in has no axe violations, before and after a failed submit", async ({ auditedPage: page }) => {
  await page.goto(`${base}/estudio/entrar`);
  await expectNoAxeViolations(page);
  await email(page).fill("ana@bait.mx");
  await submit(page).click();
  await expect(page.getByText("Escribe tu contraseña.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "/estudio/entrar after a failed submit");
});

test("an empty form says what is missing, each error tied to its field; with JavaScript before sending, on the first field", async ({ page, javaScriptEnabled }) => {
  await page.goto(`${base}/estudio/entrar`);
  await waitForForm(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await submit(page).click();
  await expect(page.getByText("Escribe tu correo.", { exact: true })).toBeVisible();
  await expect(page.getByText("Escribe tu contraseña.", { exact: true })).toBeVisible();
  await expect(email(page)).toHaveAttribute("aria-invalid", "true");
  await expect(email(page)).toHaveAccessibleDescription("Escribe tu correo.");
  await expect(password(page)).toHaveAccessibleDescription("Escribe tu contraseña.");
  if (javaScriptEnabled) {
    // conform checked the schema in the browser: nothing was sent, and the focus is on the first error.
    expect(posts).toEqual([]);
    await expect(email(page)).toBeFocused();
  } else {
    // The server's answer lists the errors at the top, each a link to its field.
    await expect(page.getByRole("alert").filter({ hasText: "Revisa los siguientes datos:" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Correo: Escribe tu correo." })).toHaveAttribute("href", `#${await email(page).getAttribute("id")}`);
  }
});

test("a wrong password and an unknown email get the same words; the email typed stays, the password never comes back", async ({ page }) => {
  for (const account of ["ana@bait.mx", "nadie@bait.mx"]) {
    await signIn(page, account, "no es la contraseña");
    await expect(page.getByRole("alert").filter({ hasText: "Correo o contraseña incorrectos." })).toBeVisible();
    await expect(email(page)).toHaveValue(account);
    await expect(password(page)).toHaveValue("");
    expect(await page.content()).not.toContain("no es la contraseña");
  }
});

test("signing in goes back to the page asked for; the sign-out ends the session on the server, and its old cookie opens nothing", async ({ page, context }) => {
  await signIn(page, "ana@bait.mx");
  await expect(page).toHaveURL(`${base}/estudio/entrar`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ya estás en el estudio");
  await expect(page.getByText("Iniciaste sesión como ana@bait.mx, con permiso de edición.")).toBeVisible();
  const cookie = (await context.cookies()).find((candidate) => candidate.name === COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });

  await page.getByRole("button", { name: "Cerrar sesión", exact: true }).click();
  await expect(page).toHaveURL(`${base}/estudio/entrar?aviso=salida`);
  await expect(page.getByRole("status").filter({ hasText: "Cerraste sesión en el estudio." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entra al estudio");
  expect((await context.cookies()).some((candidate) => candidate.name === COOKIE)).toBe(false);

  // The cookie from before the sign-out, put back as someone who kept a copy would: signed out still.
  await context.addCookies([cookie!]);
  await page.goto(`${base}/estudio/entrar`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entra al estudio");
  expect((await context.cookies()).some((candidate) => candidate.name === COOKIE)).toBe(false);
});

test("after the sign-in, a page of ours in ?volver= is where the person lands; anything else is the studio's home", async ({ page }) => {
  await signIn(page, "pia@bait.mx", PASSWORD, "//evil.example/estudio");
  await expect(page).toHaveURL(`${base}/estudio`);
  await page.goto(`${base}/estudio/entrar`);
  await expect(page.getByText("Iniciaste sesión como pia@bait.mx, con permiso de edición y publicación.")).toBeVisible();
});

test("five wrong passwords for one email, and the sixth attempt is refused with when to try again", async ({ page }) => {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signIn(page, "limite@bait.mx", `equivocada ${attempt}`);
    await expect(page.getByRole("alert").filter({ hasText: "Correo o contraseña incorrectos." })).toBeVisible();
  }
  await signIn(page, "limite@bait.mx", PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Hiciste demasiados intentos. Vuelve a intentarlo en 15 minutos." })).toBeVisible();
  await expect(email(page)).toHaveValue("limite@bait.mx");
});

test("a post from another site's page is refused before it reaches the sign-in (the app-wide origin check)", async ({ page }) => {
  const crossSite = await page.request.post(`${base}/estudio/entrar`, { headers: { Origin: "https://evil.example" }, form: { email: "ana@bait.mx", password: PASSWORD }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  const sameSite = await page.request.post(`${base}/estudio/entrar`, { headers: { Origin: base }, form: { email: "ana@bait.mx", password: PASSWORD }, maxRedirects: 0 });
  expect(sameSite.status()).toBe(303);
});

test("the sign-in fits a phone and sits in its card on a desktop", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto(`${base}/estudio/entrar`);
  await waitForForm(page);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(MOBILE.width);
  const button = await submit(page).boundingBox();
  expect(button!.x).toBeGreaterThanOrEqual(0);
  expect(button!.x + button!.width).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
  const card = await page.locator(".auth-card").boundingBox();
  expect(card!.width).toBeLessThanOrEqual(480);
  expect(await pageScrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
});

test("without STUDIO_SECRET (the suite's own server) /estudio/entrar and /estudio/salir are 404s", async ({ page }) => {
  const response = await page.goto(`${BASE_URL}/estudio/entrar`);
  expect(response?.status()).toBe(404);
  await expect(page.getByLabel("Correo", { exact: true })).toHaveCount(0);
  expect((await page.request.post(`${BASE_URL}/estudio/salir`, { form: { salir: "1" }, maxRedirects: 0 })).status()).toBe(404);
  expect((await page.request.post(`${BASE_URL}/estudio/entrar`, { form: { email: "ana@bait.mx", password: PASSWORD }, maxRedirects: 0 })).status()).toBe(404);
});
