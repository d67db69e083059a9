import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { SESSION_SECRET, ownPort } from "../support/env";
import { SLOW_STEP_TIMEOUT, expectPortsFree, makeStudioAccounts, serving } from "../support/studio";

/**
 * The marketing studio (docs/studio.md) end to end: a real redis-server and two instances of the
 * site on it, as behind a load balancer. An editor signs in on one, changes a banner and a menu
 * entry, sees them in the preview and not on the live site; an editor cannot publish; a value the
 * schema refuses is refused at its field; a stale save is refused with what changed; a publisher
 * publishes (a plain form, without JavaScript) and both instances serve the change; a rollback
 * restores the earlier version on both. How soon a publish reaches every instance is measured by
 * `BENCH_SCENARIO=publish npm run bench` (docs/studio.md "Publishing"), not timed here. Runs once,
 * in the studio-js project; the steps that must work without JavaScript use a context of their own.
 */

// ownPort 66–70 (docs/testing.md "Ports").
const REDIS_PORT = ownPort(66);
const A = `http://127.0.0.1:${ownPort(67)}`;
const B = `http://127.0.0.1:${ownPort(68)}`;
/** The origin each instance serves its previews on (PREVIEW_ORIGIN): the same server on a second port. */
const previewOriginOf = (base: string) => (base === A ? `http://127.0.0.1:${ownPort(69)}` : `http://127.0.0.1:${ownPort(70)}`);
const STUDIO_SECRET = "e2e-only-studio-secret-0123456789abcdef0123";
const PASSWORD = "Estudio-de-prueba-2026";
const EDITOR = "edita@bait.mx";
const PUBLISHER = "publica@bait.mx";

const BANNER = "Cámbiate a Bait con tu mismo número: chip con envío a domicilio y tu primera recarga incluida.";
const NEW_BANNER = "Cámbiate a Bait hoy: tu número de siempre y envío gratis.";
const LATER_BANNER = "Cámbiate a Bait: conserva tu número, sin costo.";
const NEW_MENU = "Recargas y paquetes";

const processes: ChildProcess[] = [];
let dir = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "studio-js", "runs once, in the studio-js project: two instances of its own; its no-JavaScript steps use their own context");

test.beforeAll(async () => {
  if (test.info().project.name !== "studio-js") return;
  await expectPortsFree(REDIS_PORT, ...[A, B, previewOriginOf(A), previewOriginOf(B)].map((origin) => Number(new URL(origin).port)));
  dir = mkdtempSync(path.join(tmpdir(), "bait-estudio-"));
  const usersFile = path.join(dir, "studio-users");
  await makeStudioAccounts(usersFile, PASSWORD, [
    [EDITOR, "editor"],
    [PUBLISHER, "publisher"],
  ]);
  const redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    redis.once("spawn", resolve);
    redis.once("error", (error) => reject(new Error(`redis-server could not start (apt-get install redis-server; .ci/run does it): ${error.message}`)));
  });
  const started: Array<Promise<void>> = [];
  for (const base of [A, B]) {
    const port = new URL(base).port;
    const instance = spawn("node", ["build/server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        MOCKS: "true",
        PORT: port,
        SESSION_SECRET,
        HSTS: "false",
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        DATA_DIR: path.join(dir, port),
        STUDIO_SECRET,
        // Each instance serves its previews on a second port (server/preview-origin.ts).
        PREVIEW_ORIGIN: previewOriginOf(base),
        STUDIO_USERS_FILE: usersFile,
      },
      stdio: "ignore",
    });
    processes.push(instance);
    started.push(serving(instance, `${base}/healthz`));
  }
  await Promise.all(started);
});

test.afterAll(() => {
  for (const child of processes.reverse()) child.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(browser: Browser, base: string, email: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/estudio");
  await expect(page).toHaveURL(/\/estudio\/entrar/);
  await page.getByLabel("Correo", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Estudio de contenidos" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  return page;
}

/** The live home page's HTML on an instance, with no cookie (what a visitor gets). */
const liveHome = (base: string) => fetch(`${base}/`).then((response) => response.text());

async function openDocument(page: Page, file: string) {
  await page.getByRole("link", { name: new RegExp(file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")) }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(file, { timeout: SLOW_STEP_TIMEOUT });
}

test("a signed-out request gets the sign-in page, never the studio", async ({ page }) => {
  for (const pathname of ["/estudio", "/estudio/documento?archivo=site.json", "/estudio/versiones"]) {
    await page.goto(A + pathname);
    await expect(page).toHaveURL(/\/estudio\/entrar/);
    await expect(page.getByRole("heading", { level: 1, name: "Entra al estudio" })).toBeVisible();
  }
  const post = await fetch(`${A}/estudio?index`, { method: "POST", body: new URLSearchParams({ nota: "x", base: "0" }), redirect: "manual", headers: { origin: A } });
  expect(post.status).toBe(303);
  expect(post.headers.get("location")).toContain("/estudio/entrar");
});

test("an editor changes a banner and a menu entry: the preview shows them, the live site does not", async ({ browser }) => {
  const page = await signIn(browser, A, EDITOR);
  await expectNoAxeViolations(page);

  await openDocument(page, "banners/inicio.json");
  const promotion = page.locator("#root_banners_0_promotion");
  await expect(promotion).toHaveValue(BANNER);
  await promotion.fill(NEW_BANNER);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Guardaste el borrador (revisión 1)" })).toBeFocused();

  await page.getByRole("link", { name: "Estudio de contenidos", exact: true }).click();
  await openDocument(page, "site.json");
  const entry = page.locator("#root_menu_groups_0_options_0_section");
  await expect(entry).toHaveValue("Recargas", { timeout: SLOW_STEP_TIMEOUT });
  await entry.fill(NEW_MENU);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  // Saving it sends and checks the whole document, and the answer draws the form again: the slowest save.
  await expect(page.getByText(/Guardaste el borrador \(revisión \d+\)/)).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });

  await page.getByRole("link", { name: "Estudio de contenidos", exact: true }).click();
  await expect(page.getByRole("heading", { name: "2 borradores por publicar" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  // An editor is told who can publish; the form is not there.
  await expect(page.getByText("Tu cuenta es de edición")).toBeVisible();
  await expect(page.getByRole("button", { name: /Publicar/ })).toHaveCount(0);

  const [preview] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Ver el sitio con los borradores" }).click()]);
  await preview.waitForLoadState();
  await expect(preview.getByText(NEW_BANNER).first()).toBeAttached();
  await expect(preview.getByRole("link", { name: NEW_MENU, includeHidden: true }).first()).toBeAttached();

  // The live site, on either instance, still serves the published version.
  for (const base of [A, B]) {
    const html = await liveHome(base);
    expect(html).toContain(BANNER);
    expect(html).not.toContain(NEW_BANNER);
  }
  await page.context().close();
});

test("an editor cannot publish: the post is answered 403, never a publish", async ({ browser }) => {
  const page = await signIn(browser, A, EDITOR);
  const answer = await page.request.post("/estudio?index", { form: { nota: "Intento de editor", base: "0" }, headers: { origin: A }, maxRedirects: 0 });
  expect(answer.status()).toBe(403);
  expect(await answer.text()).toContain("No tienes permiso para publicar");
  await page.goto("/estudio");
  await expect(page.getByText("Todavía no hay versiones publicadas desde el estudio.")).toBeVisible();
  await page.context().close();
});

test("a value the schema refuses is refused at its field, and what was typed stays", async ({ browser }) => {
  const page = await signIn(browser, A, EDITOR);
  await openDocument(page, "banners/inicio.json");
  // In the form: an empty alternative text is refused at that field, before anything is sent.
  const alt = page.locator("#root_banners_0_alt");
  await alt.fill("");
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(alt).toBeFocused();
  await expect(page.locator("#root_banners_0_alt__error")).toContainText("Este campo es obligatorio.");

  // In the raw JSON (the same rules, on the server): the refusal names the field; the text stays.
  await page.getByRole("link", { name: "Editar el JSON" }).click();
  const json = page.getByLabel("JSON del documento");
  const text = (await json.inputValue()).replace('"alt": "Cámbiate a Bait y conserva tu número"', '"alt": ""');
  expect(text).toContain('"alt": ""');
  await json.fill(text);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "No se guardó" });
  await expect(alert).toBeFocused();
  await expect(alert).toContainText("banners[0].alt");
  await expect(json).toHaveValue(text);
  await page.context().close();
});

test("a stale save is refused with what changed meanwhile, never a silent overwrite", async ({ browser }) => {
  const first = await signIn(browser, A, EDITOR);
  const second = await signIn(browser, B, PUBLISHER);
  for (const page of [first, second]) await openDocument(page, "banners/inicio.json");

  await first.locator("#root_banners_0_promotion").fill(LATER_BANNER);
  await first.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(first.getByText("Guardaste el borrador (revisión 2)")).toBeVisible();

  const mine = "Texto de la segunda persona";
  await second.locator("#root_banners_0_promotion").fill(mine);
  await second.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  const conflict = second.getByRole("alert").filter({ hasText: "Alguien más guardó este documento mientras lo editabas" });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText(EDITOR);
  await expect(conflict).toContainText(LATER_BANNER);
  await expect(second.locator("#root_banners_0_promotion")).toHaveValue(mine);

  // Their draft is untouched: the first editor's words are what the draft holds.
  await first.reload();
  await expect(first.locator("#root_banners_0_promotion")).toHaveValue(LATER_BANNER);
  // Back to the text the rest of this file expects.
  await first.locator("#root_banners_0_promotion").fill(NEW_BANNER);
  await first.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(first.getByText("Guardaste el borrador (revisión 3)")).toBeVisible();
  await first.context().close();
  await second.context().close();
});

/**
 * Waits until both instances serve `text` (and no longer `absent`) on their home page. How soon
 * they do is a promise of docs/studio.md "Publishing", measured by `BENCH_SCENARIO=publish npm run
 * bench`, not timed here: the timeout only ends a wait that would never succeed.
 */
async function bothServe(text: string, absent: string): Promise<void> {
  await Promise.all(
    [A, B].map((base) =>
      expect
        .poll(
          async () => {
            const html = await liveHome(base);
            return html.includes(text) && !html.includes(absent);
          },
          { message: `${base} serves the published text`, timeout: 30_000, intervals: [100] },
        )
        .toBe(true),
    ),
  );
}

test("a publisher publishes without JavaScript, and both instances serve the change", async ({ browser }) => {
  const page = await signIn(browser, B, PUBLISHER, false);
  await expect(page.getByRole("heading", { name: "2 borradores por publicar" })).toBeVisible();
  await page.getByLabel("Nota de la publicación").fill("Nuevo banner de portabilidad y menú de recargas");
  await page.getByRole("button", { name: "Publicar 2 borradores", exact: true }).click();
  await expect(page.getByText("Publicaste la versión 1.")).toBeVisible();
  await bothServe(NEW_BANNER, BANNER);
  for (const base of [A, B]) {
    expect(await liveHome(base)).toContain(NEW_MENU);
    const ready = (await fetch(`${base}/readyz`).then((response) => response.json())) as { publishedVersion?: number };
    expect(ready.publishedVersion).toBe(1);
  }
  await expect(page.getByRole("heading", { name: "Borradores: ninguno" })).toBeVisible();
  await page.context().close();
});

test("a rollback restores the earlier version on both instances", async ({ browser }) => {
  const page = await signIn(browser, A, PUBLISHER);
  // Version 2: the banner changes again.
  await openDocument(page, "banners/inicio.json");
  await page.locator("#root_banners_0_promotion").fill(LATER_BANNER);
  await page.getByRole("button", { name: "Guardar borrador", exact: true }).click();
  await expect(page.getByText(/Guardaste el borrador \(revisión \d+\)/)).toBeVisible();
  await page.getByRole("link", { name: "Estudio de contenidos", exact: true }).click();
  await page.getByLabel("Nota de la publicación").fill("Otro texto del banner");
  await page.getByRole("button", { name: "Publicar 1 borrador", exact: true }).click();
  await expect(page.getByText("Publicaste la versión 2.")).toBeVisible();
  await bothServe(LATER_BANNER, NEW_BANNER);

  // Version 1 again, from its page in the history.
  await page.getByRole("link", { name: "Ver todas las versiones" }).click();
  await page.getByRole("link", { name: "Versión 1", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Versión 1" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "/banners/0/promotion" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Nota de la publicación").fill("Volvemos al banner anterior");
  await page.getByRole("button", { name: "Publicar otra vez la versión 1", exact: true }).click();
  await expect(page.getByText("Publicaste la versión 3, que restaura la versión 1.")).toBeVisible();
  await bothServe(NEW_BANNER, LATER_BANNER);
  await page.context().close();
});
