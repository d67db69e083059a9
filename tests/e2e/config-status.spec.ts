import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, ownPort } from "./support/env";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * Edits never fail silently (docs/config.md "When an edit is refused", "Status page", "Remote
 * banners and widget"): a broken edit of a file of pages-config shows on the operators' status
 * page and in /readyz while the site keeps serving the last good copy; with the banners CDN on,
 * a remote banner shows on its page, and an invalid remote document gives way to the local
 * banners and shows as a refusal. A server of its own per project (a copy of pages-config that
 * the tests break, the CDNs on, no page cache so a CDN change shows on the next request).
 */

const TOKEN = "estado-e2e-0123456789abcdef";
let own: OwnServer | undefined;
let base = "";

test.describe.configure({ mode: "serial", timeout: 90_000 });

test.beforeAll(async () => {
  // Starting a server takes a while on a busy machine.
  test.setTimeout(120_000);
  const js = test.info().project.use.javaScriptEnabled !== false;
  own = await startOwnServer({
    port: ownPort(js ? 52 : 53),
    label: "estado-config",
    env: { CONFIG_STATUS_TOKEN: TOKEN, REMOTE_BANNERS: "true", REMOTE_WIDGET: "true", REMOTE_CONFIG_TTL_MS: "0", PAGE_CACHE: "false" },
  });
  base = own.base;
});
test.afterAll(() => own?.stop());
test.beforeEach(async () => {
  await post("/__mocks/reset", {});
});

async function post(pathname: string, body: unknown) {
  const response = await fetch(`${base}${pathname}`, { method: "POST", headers: { "Content-Type": "application/json", Connection: "close" }, body: JSON.stringify(body) });
  expect(response.status).toBe(204);
}
const readyz = () => fetch(`${base}/readyz`, { headers: { Connection: "close" } }).then(async (response) => ({ status: response.status, body: (await response.json()) as { ready: boolean; degraded: boolean; refusals: Array<{ file: string; path: string; reason: string }> } }));
const statusPage = (page: Page) => page.goto(`${base}/estado-config?token=${TOKEN}`);
const refusalsTable = (page: Page) => page.getByRole("table", { name: /por qué se rechazó/ });

const carousel = (page: Page) => page.getByRole("region", { name: "Promociones destacadas", exact: true });
const localInicio = () => JSON.parse(readFileSync("pages-config/banners/inicio.json", "utf8")).banners as Array<Record<string, unknown> & { alt: string }>;
const localRecargas = () => JSON.parse(readFileSync("pages-config/banners/recargas.json", "utf8")).banners as Array<{ alt: string }>;
const remoteBanner = { ...localInicio()[0], alt: "Solo en el CDN de banners", name: "solo-cdn" };

test("the status page needs its token, is never cached and is not indexed; without a token configured it is the site's 404", async ({ page }) => {
  // The suite's server has no CONFIG_STATUS_TOKEN.
  const none = await fetch(`${BASE_URL}/estado-config?token=${TOKEN}`, { headers: { Authorization: `Bearer ${TOKEN}`, Connection: "close" } });
  expect(none.status).toBe(404);
  expect(await none.text()).not.toContain("Estado de la configuración");

  const without = await fetch(`${base}/estado-config`, { headers: { Connection: "close" } });
  expect(without.status).toBe(401);
  const wrong = await fetch(`${base}/estado-config`, { headers: { Authorization: "Bearer otro-token-0123456789", Connection: "close" } });
  expect(wrong.status).toBe(401);
  const bearer = await fetch(`${base}/estado-config`, { headers: { Authorization: `Bearer ${TOKEN}`, Connection: "close" } });
  expect(bearer.status).toBe(200);
  expect(bearer.headers.get("cache-control")).toBe("no-store");
  expect(bearer.headers.get("x-robots-tag")).toContain("noindex");

  await statusPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Estado de la configuración" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Cada archivo/ }).getByRole("rowheader", { name: "pages-config/site.json" })).toBeVisible();
});

test("a broken edit shows on the status page and in /readyz while the site keeps its last good copy", async ({ page }) => {
  const file = path.join(own!.configDir, "pages/inicio.json");
  const good = readFileSync(file, "utf8");
  const title = JSON.parse(good).title as string;
  await page.goto(`${base}/`);
  await expect(page).toHaveTitle(title);

  writeFileSync(file, JSON.stringify({ ...JSON.parse(good), title: "Un título que no debe verse", access: "todos" }, null, 2));
  try {
    await expect
      .poll(async () => (await readyz()).body.refusals.filter((refusal) => refusal.file === "pages-config/pages/inicio.json"), { timeout: 10_000 })
      .toEqual([{ file: "pages-config/pages/inicio.json", path: "access", reason: expect.any(String), since: expect.any(String) }]);
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual(expect.objectContaining({ ready: true, degraded: true }));

    await statusPage(page);
    const row = refusalsTable(page).getByRole("row").filter({ hasText: "pages-config/pages/inicio.json" });
    await expect(row).toContainText("access");
    await expect(page.getByRole("table", { name: /Cada archivo/ }).getByRole("row").filter({ hasText: "pages-config/pages/inicio.json" })).toContainText("Rechazado: se usa la última copia válida");

    await page.goto(`${base}/`);
    await expect(page).toHaveTitle(title);
  } finally {
    writeFileSync(file, good);
  }
  await expect.poll(async () => (await readyz()).body.refusals.some((refusal) => refusal.file === "pages-config/pages/inicio.json"), { timeout: 10_000 }).toBe(false);
});

test("a banner the banners CDN sends shows on its page", async ({ page }) => {
  await post("/__mocks/switches", { "banners.list:recargas": { body: { data: [remoteBanner] } } });
  await page.goto(`${base}/recargas`);
  await expect(carousel(page).locator(".banner__title", { hasText: remoteBanner.alt })).toHaveCount(1);
  for (const banner of localRecargas()) await expect(carousel(page).locator(".banner__title", { hasText: banner.alt })).toHaveCount(0);
});

test("an invalid remote banner gives way to the local banners and shows as a refusal", async ({ page }) => {
  const url = "https://banners.upstream.mock/resources/banners/inicio/banners.json";
  await post("/__mocks/switches", { "banners.list:inicio": { body: { data: [remoteBanner, { ...remoteBanner, action: "volar" }] } } });
  await page.goto(`${base}/`);
  const local = localInicio();
  // goToStore banners are for phones: with JavaScript a desktop leaves them out.
  for (const banner of local.filter((entry) => entry.action !== "goToStore")) await expect(carousel(page).locator(".banner__title", { hasText: banner.alt })).toHaveCount(1);
  await expect(carousel(page).locator(".banner__title", { hasText: remoteBanner.alt })).toHaveCount(0);

  const refusal = { file: url, path: "data[1].action", reason: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore" };
  expect((await readyz()).body.refusals).toContainEqual(expect.objectContaining(refusal));
  await statusPage(page);
  const row = refusalsTable(page).getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("data[1].action");
  await expect(row).toContainText(refusal.reason);

  // A good document again clears it.
  await post("/__mocks/reset", {});
  await page.goto(`${base}/`);
  expect((await readyz()).body.refusals.some((entry) => entry.file === url)).toBe(false);
});
