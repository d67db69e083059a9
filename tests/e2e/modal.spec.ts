import { expect, test, type Page } from "@playwright/test";
import { expectPath } from "./support/expect-path";
import { waitForHydration } from "./support/hydration";

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

  test("the server renders it open: the raw HTML has <dialog open>", async ({ request }) => {
    const html = await (await request.get(`/?modal=${MODAL}`)).text();
    expect(html).toMatch(/<dialog\b[^>]*\sopen(?:=""|\s|>)/);
    expect(html).toContain("Política de cookies");
  });

  test("an unknown modal id renders no dialog", async ({ page }) => {
    const response = await page.goto("/?modal=no-existe");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "Escape and focus return need JavaScript");

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
