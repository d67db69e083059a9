import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ownPort } from "../support/env";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { SLOW_STEP_TIMEOUT, expectPortsFree, makeStudioAccounts } from "../support/studio";

/**
 * Issue 39, row 1: an editor saved a draft of site.json whose chat script was on a host of
 * theirs, and the script ran on the site. A script's origin is one developers allow (the list in
 * code and SCRIPT_ORIGINS, docs/studio.md "Allowing a script origin"), never one a draft names:
 * the save is refused at the field, in Spanish, what was typed stays, and no draft is kept. A
 * server of its own with the studio on and one allowed origin; runs once, in the studio-js project.
 */

const STUDIO_SECRET = "e2e-only-studio-secret-9d8c7b6a5f4e3d2c1b0a99";
const PASSWORD = "una contraseña del estudio";
const EDITOR = "edita.scripts@bait.mx";
const FOREIGN = "https://evil.example/pwn.js";

let server: OwnServer | undefined;
let folder = "";

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(() => test.info().project.name !== "studio-js", "runs once, in the studio-js project: the form's refusal at its field needs JavaScript");

test.beforeAll(async () => {
  if (test.info().project.name !== "studio-js") return;
  folder = mkdtempSync(path.join(tmpdir(), "bait-estudio-scripts-"));
  const usersFile = path.join(folder, "studio-users");
  await makeStudioAccounts(usersFile, PASSWORD, [[EDITOR, "editor"]]);
  // ownPort 81–82 (docs/testing.md "Ports").
  await expectPortsFree(ownPort(81), ownPort(82));
  server = await startOwnServer({
    port: ownPort(81),
    label: "estudio-scripts",
    env: { STUDIO_SECRET, STUDIO_USERS_FILE: usersFile, SCRIPT_ORIGINS: "https://chat.bait.example", PREVIEW_ORIGIN: `http://localhost:${ownPort(82)}`, LOG_LEVEL: "warn" },
  });
});

test.afterAll(() => {
  server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function signIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server!.base });
  const page = await context.newPage();
  await page.goto("/estudio");
  await page.getByLabel("Correo", { exact: true }).fill(EDITOR);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estudio de contenidos" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  return page;
}

test("a draft of site.json whose chat script is on a foreign origin is refused at that field, in Spanish, and nothing is saved", async ({ browser }) => {
  const page = await signIn(browser);
  await page.getByRole("link", { name: /site\.json/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("site.json", { timeout: SLOW_STEP_TIMEOUT });

  const chat = page.locator("#root_chat_scriptUrl");
  await expect(chat).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  await chat.fill(FOREIGN);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();

  // The server refuses it at the field (the form's own schema cannot know the allowed origins).
  // Checking and answering the whole of site.json is the studio's slowest save, slower still on a cold server.
  await expect(page.locator("#root_chat_scriptUrl__error")).toContainText(
    "el origen https://evil.example no está permitido para scripts: pídele a desarrollo que lo autorice (SCRIPT_ORIGINS)",
    { timeout: SLOW_STEP_TIMEOUT },
  );
  await expect(chat).toHaveValue(FOREIGN);
  await expect(page.getByText(/Guardaste el borrador/)).toHaveCount(0);

  // No draft was kept: the studio's home has nothing to publish.
  await page.getByRole("link", { name: "Estudio de contenidos", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Borradores: ninguno" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  await page.context().close();
});
