import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SESSION_SECRET, ownPort } from "../support/env";
import { SLOW_STEP_TIMEOUT, expectPortsFree, makeStudioAccounts, serving } from "../support/studio";

/**
 * A publisher publishes what they reviewed (docs/studio.md "Publishing"): the publisher's page
 * says "Publicar 1 borrador"; an editor, in another browser, then saves site.json; the publish is
 * refused with "Cambió desde que lo revisaste", names site.json, keeps the note, and the site
 * still serves the version it served. The page offers both drafts; publishing them then works.
 * The same without JavaScript. One instance of the site on a journal of its own. Runs once, in the
 * studio-js project (the no-JavaScript steps use a context of their own).
 */

// ownPort 79–80 (docs/testing.md "Ports").
const SITE = `http://127.0.0.1:${ownPort(79)}`;
const PREVIEW_ORIGIN = `http://127.0.0.1:${ownPort(80)}`;
const STUDIO_SECRET = "e2e-only-studio-secret-reviewed-0123456789abcdef";
const PASSWORD = "Estudio-de-prueba-2026";
const EDITOR = "edita@bait.mx";
const PUBLISHER = "publica@bait.mx";
const BANNER = "Cámbiate a Bait con tu mismo número: chip con envío a domicilio y tu primera recarga incluida.";
const REVIEWED_BANNER = "Cámbiate a Bait: el banner que la persona que publica revisó.";
const UNSEEN_MENU = "Menú que nadie revisó";

let server: ChildProcess | undefined;
let dir = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "studio-js", "runs once, in the studio-js project: a server of its own");

test.beforeAll(async () => {
  if (test.info().project.name !== "studio-js") return;
  await expectPortsFree(Number(new URL(SITE).port), Number(new URL(PREVIEW_ORIGIN).port));
  dir = mkdtempSync(path.join(tmpdir(), "bait-estudio-revisado-"));
  const usersFile = path.join(dir, "studio-users");
  await makeStudioAccounts(usersFile, PASSWORD, [
    [EDITOR, "editor"],
    [PUBLISHER, "publisher"],
  ]);
  server = spawn("node", ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: new URL(SITE).port, SESSION_SECRET, HSTS: "false", DATA_DIR: path.join(dir, "data"), STUDIO_SECRET, STUDIO_USERS_FILE: usersFile, PREVIEW_ORIGIN },
    stdio: "ignore",
  });
  await serving(server, `${SITE}/healthz`);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(browser: Browser, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: SITE, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/estudio");
  await page.getByLabel("Correo", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estudio de contenidos" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  return page;
}

async function saveField(page: Page, file: string, field: string, value: string) {
  await page.goto(`/estudio/documento?archivo=${encodeURIComponent(file)}`);
  const input = page.locator(field);
  await expect(input).toBeEditable({ timeout: SLOW_STEP_TIMEOUT });
  await input.fill(value);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(page.getByText(/Guardaste el borrador \(revisión \d+\)/)).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
}

const publishedVersion = () => fetch(`${SITE}/readyz`).then((response) => response.json() as Promise<{ publishedVersion?: number }>).then((ready) => ready.publishedVersion);

test("a draft saved after the publisher's page loaded is refused with what changed, never published unseen", async ({ browser }) => {
  const editor = await signIn(browser, EDITOR);
  await saveField(editor, "banners/inicio.json", "#root_banners_0_promotion", REVIEWED_BANNER);

  const publisher = await signIn(browser, PUBLISHER);
  await expect(publisher.getByRole("heading", { name: "1 borrador por publicar" })).toBeVisible();
  await publisher.getByLabel("Nota de la publicación").fill("Banner revisado");

  // Meanwhile the editor saves site.json.
  await saveField(editor, "site.json", "#root_menu_groups_0_options_0_section", UNSEEN_MENU);

  await publisher.getByRole("button", { name: "Publicar 1 borrador", exact: true }).click();
  const alert = publisher.getByRole("alert").filter({ hasText: "Cambió desde que lo revisaste" });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole("link", { name: "site.json", exact: true })).toBeVisible();
  await expect(alert).toContainText(UNSEEN_MENU);
  // Nothing was published: the site serves what it served.
  expect(await publishedVersion()).toBe(0);
  const live = await fetch(`${SITE}/`).then((response) => response.text());
  expect(live).toContain(BANNER);
  expect(live).not.toContain(UNSEEN_MENU);

  // The note stays; the page now shows both drafts, and publishing them is what the publisher saw.
  await expect(publisher.getByLabel("Nota de la publicación")).toHaveValue("Banner revisado");
  await expect(publisher.getByRole("heading", { name: "2 borradores por publicar" })).toBeVisible();
  await publisher.getByRole("button", { name: "Publicar 2 borradores", exact: true }).click();
  await expect(publisher.getByText("Publicaste la versión 1.")).toBeVisible();
  expect(await publishedVersion()).toBe(1);
  await editor.context().close();
  await publisher.context().close();
});

test("without JavaScript too: the plain form is refused, names the document and keeps the note", async ({ browser }) => {
  const editor = await signIn(browser, EDITOR);
  await saveField(editor, "banners/inicio.json", "#root_banners_0_promotion", BANNER);
  const publisher = await signIn(browser, PUBLISHER, false);
  await expect(publisher.getByRole("heading", { name: "1 borrador por publicar" })).toBeVisible();
  await publisher.getByLabel("Nota de la publicación").fill("El banner de antes");
  await saveField(editor, "site.json", "#root_menu_groups_0_options_0_section", "Recargas");

  await publisher.getByRole("button", { name: "Publicar 1 borrador", exact: true }).click();
  const alert = publisher.getByRole("alert").filter({ hasText: "Cambió desde que lo revisaste" });
  await expect(alert.getByRole("link", { name: "site.json", exact: true })).toBeVisible();
  expect(await publishedVersion()).toBe(1);
  await expect(publisher.getByLabel("Nota de la publicación")).toHaveValue("El banner de antes");
  await expect(publisher.getByRole("button", { name: "Publicar 2 borradores", exact: true })).toBeVisible();
  await editor.context().close();
  await publisher.context().close();
});
