import { expect, test, type Page } from "@playwright/test";
import { expectPath } from "./support/expect-path";
import { waitForHydration } from "./support/hydration";

/**
 * The cookie-policy modal (`?modal=politica-de-cookies`) in the browser with JavaScript: opened and
 * closed within the page, the rest of the query kept, Escape, the focus back on the footer link.
 * What the server answers without JavaScript (the links, the <dialog open>, an unknown id) is proved
 * in tests/http/modal.test.ts.
 */
const MODAL = "politica-de-cookies";

const footerLink = (page: Page) => page.locator("footer").getByRole("link", { name: "Política de cookies", exact: true });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Política de cookies", exact: true });

test.describe("the cookie-policy modal is a URL", () => {
  test("the footer link 'Política de cookies' opens it and 'Cerrar' drops ?modal", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(dialog(page)).toHaveCount(0);

    await footerLink(page).click();
    await expectPath(page, "/", `?modal=${MODAL}`);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Política de cookies" }).first()).toBeVisible();

    await dialog(page).getByRole("link", { name: "Cerrar", exact: true }).click();
    await expectPath(page, "/");
    await expect(dialog(page)).toHaveCount(0);
  });

  test("it keeps the rest of the query when it opens and closes", async ({ page }) => {
    await page.goto("/recargas?section=paquetes");
    await waitForHydration(page);
    await footerLink(page).click();
    await expectPath(page, "/recargas", `?section=paquetes&modal=${MODAL}`);
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("link", { name: "Cerrar", exact: true }).click();
    await expectPath(page, "/recargas", "?section=paquetes");
  });

  test("opening /?modal=politica-de-cookies directly shows it open", async ({ page }) => {
    await page.goto(`/?modal=${MODAL}`);
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("link", { name: "Cerrar", exact: true }).click();
    await expectPath(page, "/");
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("with JavaScript", () => {
  test("Escape closes it and focus returns to the footer link", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await footerLink(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(page.locator("dialog")).toHaveJSProperty("open", true);
    expect(await page.locator("dialog").evaluate((element) => element.matches(":modal"))).toBe(true);

    await page.keyboard.press("Escape");
    await expectPath(page, "/");
    await expect(dialog(page)).toHaveCount(0);
    await expect(footerLink(page)).toBeFocused();
  });
});
