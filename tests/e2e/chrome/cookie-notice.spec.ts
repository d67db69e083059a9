import { expect, test, type Page } from "@playwright/test";
import { cookieSettings, DESKTOP, search } from "../support/chrome";
import { hydrate, stopClock } from "../support/clock";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/** The cookie notice and the cookie settings, with JavaScript (a notice shown at once, a modal) and without (form posts). */

/** When the spec's notice would have appeared (4 s after the page: docs/config.md "Cookie consent" says why it does not wait), and some more. */
const SPEC_DELAY_PASSED_MS = 5_000;

const cookieBanner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies", exact: true });

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("cookie notice", () => {
    test("JS: shown at once (no delay: docs/config.md says why) and it stays; 'Aceptar' hides it and it stays away after a reload (not even in the server HTML)", async ({ page, context, request, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the background post is JavaScript");
      const fresh = await (await request.get("/")).text();
      expect(fresh, "the server renders the notice for a visitor without consent").toContain('aria-label="Aviso de cookies"');

      // The page's clock is the test's: it moves past the moment the spec's delay would have ended.
      await stopClock(page);
      await page.goto("/");
      await expect(cookieBanner(page), "shown before any script runs").toBeInViewport();
      await hydrate(page);
      await expect(cookieBanner(page), "still shown once the page is interactive").toBeInViewport();
      await page.clock.runFor(SPEC_DELAY_PASSED_MS);
      await expect(cookieBanner(page), "nothing hides or moves it later").toBeInViewport();

      const posted = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/consentimiento") && response.request().method() === "POST");
      await cookieBanner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expect(cookieBanner(page)).toBeHidden();
      expect((await posted).ok()).toBe(true);
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain("bait_cookies");

      await page.reload();
      await expect(cookieBanner(page)).toHaveCount(0);
      const html = await (await page.request.get("/")).text();
      expect(html, "the server HTML has no notice once accepted").not.toContain('aria-label="Aviso de cookies"');
      await hydrate(page);
      await page.clock.runFor(SPEC_DELAY_PASSED_MS);
      await expect(cookieBanner(page)).toHaveCount(0);
    });

    test("no JS: shown at once; 'Aceptar' posts, comes back to the same page and the notice is gone for good @no-js", async ({ page, context, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the form post without JavaScript");
      await page.goto("/recargas?section=paquetes");
      await expect(cookieBanner(page)).toBeVisible();
      await cookieBanner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
      await expectPath(page, "/recargas", "?section=paquetes");
      await expect(cookieBanner(page)).toHaveCount(0);
      expect((await context.cookies()).map((cookie) => cookie.name)).toContain("bait_cookies");
      await page.reload();
      await expect(cookieBanner(page)).toHaveCount(0);
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(cookieBanner(page)).toHaveCount(0);
    });

    test("'Opciones' opens 'Configuración de cookies' with its two sections and the policy link (31 de octubre de 2021) @no-js", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const options = cookieBanner(page).getByRole("link", { name: "Opciones", exact: true });
      await expect(options).toBeVisible();
      await options.click();
      await expect(page).toHaveURL((url) => url.searchParams.get("cookies") === "opciones");
      const dialog = cookieSettings(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("summary").filter({ hasText: "Cookies estrictamente necesarias" })).toBeVisible();
      await expect(dialog.locator("summary").filter({ hasText: "Cookies de rendimiento" })).toBeVisible();
      const policy = dialog.getByRole("link", { name: /31 de octubre de 2021/ });
      await expect(policy).toBeVisible();
      await expect(policy).toHaveAttribute("href", /[?&]modal=politica-de-cookies\b/);
      await expect(dialog.getByRole("button", { name: "Aceptar cookies", exact: true })).toBeVisible();
    });

    test("JS: the settings modal keeps focus inside while tabbing, and Esc closes it", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the modal dialog is JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const options = cookieBanner(page).getByRole("link", { name: "Opciones", exact: true });
      await options.click();
      const dialog = cookieSettings(page);
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
      // A native modal dialog lets Tab step out to the browser's own UI after its last control
      // (the document loses focus), never to the page behind it.
      const outside: string[] = [];
      const visited = new Set<string>();
      for (let press = 0; press < 20; press++) {
        await page.keyboard.press("Tab");
        const where = await dialog.evaluate((element) => {
          const active = document.activeElement;
          const label = `${active?.tagName ?? "nothing"} «${active?.textContent?.trim().slice(0, 40) ?? ""}»`;
          if (!document.hasFocus()) return { inside: true, label: "(browser UI)" };
          return { inside: element.contains(active), label };
        });
        visited.add(where.label);
        if (!where.inside) outside.push(`Tab ${press + 1}: ${where.label}`);
      }
      expect([...visited].filter((label) => label !== "(browser UI)").length, "the dialog's controls take focus").toBeGreaterThanOrEqual(4);
      expect(outside, "focus outside the dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      expect(search(page).has("cookies")).toBe(false);
    });

    test("no JS: 'Aceptar cookies' in the settings accepts and closes them @no-js", async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the form post without JavaScript");
      await page.goto("/?cookies=opciones");
      await cookieSettings(page).getByRole("button", { name: "Aceptar cookies", exact: true }).click();
      await expectPath(page, "/");
      await expect(cookieSettings(page)).toHaveCount(0);
      await expect(cookieBanner(page)).toHaveCount(0);
    });
  });
});
