import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ownPort } from "../support/env";
import { startOwnServer, type OwnServer } from "../support/own-server";
import { DEVICES, LABEL, field, fillForm, openModal, payButton } from "../esim/support";

/**
 * Flags and schedules on the items of the config (docs/config.md "Visibility and scheduling"):
 * each test runs its own server on an edited copy of pages-config. They prove what the server
 * renders and refuses, which is the same with and without JavaScript: they run in the js project only
 * (a browser without JavaScript meets the same pages; its eSIM journey: tests/e2e/esim/purchase.spec.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a config file as parsed, edited freely by each test
const editJson = (file: string, change: (json: any) => void) => {
  const json = JSON.parse(readFileSync(file, "utf8"));
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
};

/** What a visitor reads on the page: menu, banners, main content and footer. */
const visibleText = (page: Page) => page.locator("body").innerText();

test.describe("a flag turned off", () => {
  let own: OwnServer | undefined;
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test.beforeAll(async () => {
    // A server of its own starts in seconds, more on a loaded machine.
    test.setTimeout(120_000);
    own = await startOwnServer({
      // Not 46 and 47: tests/e2e/scale/real-upstream.spec.ts's, which may run at the same time.
      port: ownPort(33),
      label: "flags-apagados",
      prepare: (configDir) =>
        editJson(path.join(configDir, "flags.json"), (flags) => {
          flags["e-sim"].enabled = false;
          flags["business-page"].enabled = false;
        }),
    });
  });
  test.afterAll(() => own?.stop());

  test("e-sim off: no page, menu, banner, catalogue tab, offer or footer entry mentions an eSIM, and /e-sim goes home", async ({ page }) => {
    for (const pathname of ["/", "/cambiate-a-bait", "/recargas", "/promociones", "/haz-tu-portabilidad", "/bait-prepago", "/mapa-sitio"]) {
      await page.goto(own!.base + pathname);
      expect(await visibleText(page), pathname).not.toMatch(/e-?sim/i);
      await expect(page.locator('a[href^="/e-sim"], a[href*="section=e-sim"], a[href*="e-sim.pdf"]'), pathname).toHaveCount(0);
    }
    // The menu's E-SIM group and the footer's return policy are gone from the HTML too (the closed menu included).
    const html = await (await page.request.get(`${own!.base}/`)).text();
    expect(html).not.toContain("Compra tu E-SIM");
    expect(html).not.toContain("politica-de-devolucion-e-sim.pdf");

    // SPEC §2: a page behind a flag that is off redirects to /.
    const response = await page.goto(`${own!.base}/e-sim`);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(response?.status()).toBe(200);
  });

  test("e-sim off: an eSIM can be neither opened nor bought, with a Spanish message and no 5xx", async ({ page }) => {
    // An old link to an eSIM offer: the answer is that it is not available, with nothing to fill in or pay.
    await page.goto(`${own!.base}/cambiate-a-bait?oferta=ESIM150`);
    await expect(page.getByRole("dialog")).toContainText("Esta E-SIM ya no está disponible");
    await expect(page.getByRole("dialog").getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("dialog").getByRole("button", { name: /pagar/i })).toHaveCount(0);
    const answer = await page.request.post(`${own!.base}/recargas?oferta=ESIM150`, {
      form: { offerId: "ESIM150", contactNumber: "5512345678", email: "ana@example.com", emailconfirmar: "ana@example.com", imei: "356938035643809" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBeLessThan(500);
    expect(answer.headers()["location"] ?? "").not.toContain("/pago");
  });

  test("business-page off: no business offer, tab, menu entry or link shows, and /internet-empresarial goes home", async ({ page }) => {
    for (const pathname of ["/", "/recargas", "/internet-portatil", "/mapa-sitio"]) {
      await page.goto(own!.base + pathname);
      expect(await visibleText(page), pathname).not.toMatch(/empresarial/i);
      await expect(page.locator('a[href^="/internet-empresarial"], a[href*="section=business"]'), pathname).toHaveCount(0);
    }
    await page.goto(`${own!.base}/internet-empresarial`);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

test.describe("config edited while the server runs", () => {
  let own: OwnServer | undefined;
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test.beforeAll(async () => {
    // A server of its own starts in seconds, more on a loaded machine.
    test.setTimeout(120_000);
    // A page cache that would keep a page ten minutes: only what the page says (its s-maxage) and a
    // change of the config (in the cache's key) may end it sooner.
    const before = process.env.PAGE_CACHE_TTL_MS;
    process.env.PAGE_CACHE_TTL_MS = "600000";
    try {
      own = await startOwnServer({ port: ownPort(48), label: "banner-programado" });
    } finally {
      if (before === undefined) delete process.env.PAGE_CACHE_TTL_MS;
      else process.env.PAGE_CACHE_TTL_MS = before;
    }
  });
  test.afterAll(() => own?.stop());

  test("banners added while the server runs show by their `from`: one already begun at the next load, without a restart or a cached page hiding it; one to come, not yet", async ({ page }) => {
    // The moment a `from` comes, and the cache lifetime cut before it, are the server's clock's:
    // proven on a fake one (app/render/page/page.server.test.ts). Here, dates on either side of any run.
    const begun = "Banner programado ya empezado";
    const toCome = "Banner programado para después";
    const banner = (alt: string) => page.locator(".carousel .banner__title", { hasText: alt });

    // The home page as it was, stored by the page cache.
    await page.goto(`${own!.base}/`);
    await expect(banner(begun)).toHaveCount(0);
    const cached = await page.request.get(`${own!.base}/`);
    expect(cached.headers()["x-page-cache"]).toBe("hit");

    editJson(path.join(own!.configDir, "banners", "inicio.json"), (file) => {
      file.banners.unshift(
        { ...file.banners[0], name: "empezado", alt: begun, from: "2020-01-01T00:00:00-06:00" },
        { ...file.banners[0], name: "por-venir", alt: toCome, from: "2100-01-01T00:00:00-06:00" },
      );
    });
    await expect
      .poll(async () => {
        await page.reload();
        return banner(begun).count();
      })
      .toBe(1);
    await expect(banner(toCome)).toHaveCount(0);
  });

  test("the checkout refuses an eSIM sale once the e-sim flag is off, in Spanish and before any charge", async ({ page }) => {
    const dialog = await openModal(page, `${own!.base}/e-sim?oferta=ESIM100`);
    await fillForm(dialog, { email: `apagado.${randomUUID()}@example.com`, imei: DEVICES.esim.imei }, true);
    await field(dialog, LABEL.isBait).check();
    await expect(dialog.locator(".device-check")).toContainText(DEVICES.esim.text, { timeout: 20_000 });
    await payButton(dialog).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pago", { timeout: 20_000 });

    editJson(path.join(own!.configDir, "flags.json"), (flags) => {
      flags["e-sim"].enabled = false;
    });
    const response = await page.reload();
    expect(response?.status()).toBeLessThan(500);
    await expect(page).toHaveURL((url) => url.pathname === "/recargas", { timeout: 20_000 });
    await expect(page.getByText("Este producto ya no está a la venta. Elige otro de nuestros productos.")).toBeVisible();
  });
});
