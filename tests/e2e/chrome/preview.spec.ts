import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { previewLinkPath, signPreview } from "../../../app/lib/preview-link.server";
import { AXE_TAGS } from "../support/axe";
import { ownPort } from "../support/env";
import { PREVIEW_SECRET, startOwnServer, type OwnServer } from "../support/own-server";

/**
 * Previews of the draft config (docs/config.md "Previews"): a signed link shows the draft copy of
 * pages-config (CONFIG_DRAFT_DIR) to whoever opened it, marked by a bar on every page, while any
 * other visitor keeps seeing the live site, before and after (nothing of the preview is cached);
 * leaving the preview brings the live site back; a tampered or expired link is refused in
 * Spanish; a broken draft is refused and the bar says why. In the js project only: the pages are the
 * server's, and the bar's way out is a plain form (a full page post with or without JavaScript).
 */

const PORT = ownPort(7);
const LIVE_TITLE = "Bait: telefonía e internet prepago para todo México";
const DRAFT_TITLE = "Borrador: la campaña de invierno llega el lunes";

let own: OwnServer | undefined;
/** The server's time when it started answering (its Date header), in ms. */
let serverNow = Number.NaN;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: `http://localhost:${PORT}` });

const inicio = (dir: string) => path.join(dir, "pages/inicio.json");

test.beforeAll(async () => {
  test.setTimeout(90_000);
  own = await startOwnServer({
    port: PORT,
    label: "vista-previa",
    draft: (draftDir) => writeFileSync(inicio(draftDir), readFileSync(inicio(draftDir), "utf8").replace(LIVE_TITLE, DRAFT_TITLE)),
  });
  // The links' expiries are counted from the server's time, as its answer's Date header gives it.
  serverNow = Date.parse((await fetch(`${own.base}/healthz`)).headers.get("date") ?? "");
  expect(serverNow).not.toBeNaN();
});

test.afterAll(() => own?.stop());

/** A link's signed value, ending `hours` after the server's time above. */
const signed = (hours = 8) => signPreview(PREVIEW_SECRET, serverNow + hours * 3_600_000);
const link = (hours = 8, volver?: string) => previewLinkPath(signed(hours), volver);
const hero = (page: Page) => page.getByRole("heading", { level: 1 });
const bar = (page: Page) => page.getByRole("complementary", { name: "Vista previa" });

test("a preview link shows the draft with its bar; another visitor sees the live site before and after, nothing cached leaks", async ({ page, browser }) => {
  const other = await browser.newContext({ baseURL: own!.base });
  const visitor = await other.newPage();
  // The live home page, rendered and stored by the page cache before the preview.
  for (let load = 0; load < 2; load += 1) {
    await visitor.goto("/");
    await expect(hero(visitor)).toHaveText(LIVE_TITLE);
  }

  const value = signed();
  const answer = await page.goto(previewLinkPath(value));
  expect(new URL(page.url()).pathname).toBe("/");
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  expect(answer?.headers()["x-page-cache"]).not.toBe("hit");
  await expect(hero(page)).toHaveText(DRAFT_TITLE);
  await expect(bar(page)).toContainText("Vista previa del borrador");
  await expect(bar(page).getByRole("button", { name: "Salir de la vista previa" })).toBeVisible();
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "__Host-bait_vista_previa");
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  // The cookie is the link's signed value, so it ends when the link does: the server checks the
  // expiry it carries on every request (app/lib/preview-link.server.test.ts). The browser keeps it
  // until then, to the second (its Max-Age counts whole seconds).
  expect(cookie!.value).toBe(value);
  const linkEnds = Number(value.split(".")[0]);
  expect(cookie!.expires).toBeGreaterThanOrEqual(linkEnds - 1);
  // The bar's markup (the same HTML without JavaScript).
  const audit = await new AxeBuilder({ page }).include(".preview-bar").withTags(AXE_TAGS).analyze();
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);

  // Every config-driven page of the preview comes from the draft; a reload too.
  await page.goto("/promociones");
  await expect(bar(page)).toBeVisible();
  await page.goto("/");
  await expect(hero(page)).toHaveText(DRAFT_TITLE);

  for (let load = 0; load < 2; load += 1) {
    const live = await visitor.goto("/");
    await expect(hero(visitor)).toHaveText(LIVE_TITLE);
    await expect(bar(visitor)).toHaveCount(0);
    expect(live?.headers()["cache-control"]).toMatch(/^public/);
  }
  await other.close();
});

test("leaving the preview comes back to the same page, live, without the bar", async ({ page }) => {
  await page.goto(link(8, "/promociones"));
  expect(new URL(page.url()).pathname).toBe("/promociones");
  await expect(bar(page)).toBeVisible();
  await page.goto("/");
  await expect(hero(page)).toHaveText(DRAFT_TITLE);
  await bar(page).getByRole("button", { name: "Salir de la vista previa" }).click();
  await expect(bar(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(hero(page)).toHaveText(LIVE_TITLE);
  expect((await page.context().cookies()).some((entry) => entry.name === "__Host-bait_vista_previa")).toBe(false);
  await page.reload();
  await expect(hero(page)).toHaveText(LIVE_TITLE);
});

test("a tampered or expired link is refused in Spanish, and opens nothing", async ({ page }) => {
  const valid = link();
  const [expiry] = new URL(valid, "http://localhost").searchParams.get("firma")!.split(".");
  const stretched = valid.replace(`firma=${expiry}.`, `firma=${Number(expiry) + 86_400}.`);
  for (const [href, text] of [
    [stretched, "El enlace de vista previa no es válido: está incompleto o fue modificado."],
    ["/vista-previa?firma=nada", "El enlace de vista previa no es válido"],
    [link(-1), "El enlace de vista previa ya venció. Pide uno nuevo a quien te lo envió."],
  ] as const) {
    const answer = await page.goto(href);
    expect(answer?.status()).toBe(403);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Este enlace de vista previa no sirve");
    await expect(page.getByRole("alert")).toContainText(text);
  }
  expect((await page.context().cookies()).some((entry) => entry.name === "__Host-bait_vista_previa")).toBe(false);
  await page.goto("/");
  await expect(hero(page)).toHaveText(LIVE_TITLE);
  await expect(bar(page)).toHaveCount(0);
});

test("a broken draft is refused: the preview shows the live site and the bar names the error in Spanish", async ({ page }) => {
  const draftPage = inicio(own!.draftDir!);
  const good = readFileSync(draftPage, "utf8");
  try {
    writeFileSync(draftPage, good.replace('"type": "cards"', '"type": "cartas"').replace(/"path": "\/"/, '"path": 5'));
    await page.goto(link());
    await expect(bar(page)).toContainText("El borrador tiene errores y no se muestra: ves el sitio publicado.");
    await expect(bar(page).getByRole("list", { name: "Errores del borrador" })).toContainText("pages-config/pages/inicio.json");
    await expect(hero(page)).toHaveText(LIVE_TITLE);
  } finally {
    writeFileSync(draftPage, good);
  }
  await page.reload();
  await expect(hero(page)).toHaveText(DRAFT_TITLE);
  await expect(bar(page)).toContainText("Estás viendo el borrador");
});
