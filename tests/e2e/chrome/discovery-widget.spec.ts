import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, escapeRegExp, MOBILE, search, widgetDialog } from "../support/chrome";
import { widgetItems } from "../support/chrome-config";
import { waitForHydration, waitForModal } from "../support/hydration";

/** The 'Descubre Bait' widget: its two tabs and their items from pages-config/widget.json. */

/** An item of the open tab's list, by its name and tagline. */
const itemLink = (page: Page, item: { name: string; tagline: string }) =>
  widgetDialog(page).getByRole("link", { name: new RegExp(`^${escapeRegExp(item.name)}\\s*${escapeRegExp(item.tagline)}$`) });

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("discovery widget", () => {
    const services = widgetItems("beneficios");
    const stores = widgetItems("tiendas");
    const tab = (page: Page, name: "Beneficios" | "Tiendas") => widgetDialog(page).getByRole("navigation", { name: "Secciones" }).getByRole("link", { name, exact: true });

    test("'Descubre Bait' opens it on Beneficios with the first item chosen; Tiendas and an item can be chosen", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("banner").getByRole("link", { name: "Descubre Bait", exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("widget") === "beneficios");
      await expect(widgetDialog(page)).toBeVisible();
      await expect(tab(page, "Beneficios")).toHaveAttribute("aria-current", "page");
      await expect(tab(page, "Tiendas")).not.toHaveAttribute("aria-current", /.*/);
      await expect(itemLink(page, services[0]!)).toHaveAttribute("aria-current", "true");
      await expect(widgetDialog(page).getByRole("heading", { name: services[0]!.title, exact: true })).toBeVisible();
      for (const item of services) await expect(itemLink(page, item)).toBeVisible();

      await tab(page, "Tiendas").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("widget") === "tiendas");
      await expect(tab(page, "Tiendas")).toHaveAttribute("aria-current", "page");
      await expect(itemLink(page, stores[0]!)).toHaveAttribute("aria-current", "true");
      await expect(widgetDialog(page).getByRole("heading", { name: stores[0]!.title, exact: true })).toBeVisible();

      const chosen = stores[1]!;
      await itemLink(page, chosen).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("elemento") === chosen.id);
      await expect(itemLink(page, chosen)).toHaveAttribute("aria-current", "true");
      await expect(widgetDialog(page).getByRole("heading", { name: chosen.title, exact: true })).toBeVisible();
    });

    test("JS: Esc closes it and focus returns to 'Descubre Bait'", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "needs JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const opener = page.getByRole("banner").getByRole("link", { name: "Descubre Bait", exact: true });
      await opener.click();
      await expect(widgetDialog(page)).toBeVisible();
      await waitForModal(widgetDialog(page));
      await page.keyboard.press("Escape");
      await expect(widgetDialog(page)).toHaveCount(0);
      expect(search(page).has("widget")).toBe(false);
      await expect(opener).toBeFocused();
    });
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  test.describe("discovery widget", () => {
    const services = widgetItems("beneficios");

    test("choosing an item shows its detail with 'Volver a la lista', which goes back to the list", async ({ page }) => {
      const back = widgetDialog(page).getByRole("link", { name: "Volver a la lista", exact: true });
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("banner").getByRole("link", { name: "Descubre Bait", exact: true }).click();
      await expect(widgetDialog(page)).toBeVisible();
      await expect(itemLink(page, services[0]!)).toHaveAttribute("aria-current", "true");
      await expect(itemLink(page, services[1]!)).toBeVisible();
      await expect(back).toBeHidden();

      const chosen = services[1]!;
      await itemLink(page, chosen).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("elemento") === chosen.id);
      await expect(widgetDialog(page).getByRole("heading", { name: chosen.title, exact: true })).toBeVisible();
      await expect(back).toBeVisible();
      await expect(itemLink(page, services[0]!)).toBeHidden();

      await back.click();
      await expect(page).toHaveURL((url) => url.searchParams.get("widget") === "beneficios" && !url.searchParams.has("elemento"));
      await expect(itemLink(page, services[0]!)).toBeVisible();
      await expect(itemLink(page, chosen)).toBeVisible();
      await expect(back).toBeHidden();
    });
  });
});
