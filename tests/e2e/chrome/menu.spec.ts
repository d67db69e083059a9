import { expect, test, type Locator, type Page } from "@playwright/test";
import { burger, DESKTOP, exactly, groupOf, mainMenu, MOBILE, summaryOf, tabUntilFocused, topBar } from "../support/chrome";
import { menuGroupsFor, topBarFor } from "../support/chrome-config";
import { hydrate, stopClock } from "../support/clock";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { ana, loginAs } from "../support/session";

/**
 * The header menus: the main menu's groups and the top bar (with the user menu of a signed-in
 * visitor) at a desktop width, and the burger panel at a phone width. Expected labels and links
 * come from pages-config/site.json.
 */

const userMenu = (page: Page, name: string) =>
  topBar(page).locator("details").filter({ has: page.locator("summary").filter({ hasText: exactly(`Hola, ${name}`) }) });
/** The no-JavaScript menu links of a phone's header bar (the burger's stand-ins). */
const menuLink = (page: Page, name: "Abrir menú" | "Cerrar menú") => page.locator("header").getByRole("link", { name, exact: true });
/** How long the user menu stays open after the pointer leaves it (app/render/chrome/header.tsx USER_MENU_CLOSE_MS). */
const USER_MENU_CLOSE_MS = 700;
const isOpen = (details: Locator) => details.evaluate((element) => (element as HTMLDetailsElement).open);

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("menu", () => {
    const groups = menuGroupsFor(null);

    test("the menu is on screen without any interaction, with or without JavaScript; the phone's menu links are not @no-js", async ({ page }) => {
      await page.goto("/");
      for (const group of groups) await expect(summaryOf(page, group.label)).toBeVisible();
      await expect(topBar(page).getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
      const phoneLinks = page.locator('header a[href="#menu-principal"], header a[href="#menu"]');
      await expect(phoneLinks).toHaveCount(2);
      for (const link of await phoneLinks.all()) await expect(link).toBeHidden();
    });

    test("JS: every menu link is reachable by Tab: a group opens when its summary takes focus, its links follow in turn", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "opening on focus needs JavaScript");
      await page.goto("/");
      await waitForHydration(page);

      // The top bar comes first in the tab order: every link of it takes focus too.
      const topLinks = topBar(page).getByRole("link");
      await tabUntilFocused(page, topLinks.first());
      const topCount = await topLinks.count();
      for (let index = 1; index < topCount; index++) {
        await page.keyboard.press("Tab");
        await expect(topLinks.nth(index)).toBeFocused();
      }

      let previous: Locator | null = null;
      for (const group of groups) {
        const summary = summaryOf(page, group.label);
        const details = groupOf(page, group.label);
        await page.keyboard.press("Tab");
        await expect(summary, `Tab reaches «${group.label}»`).toBeFocused();
        await expect(details, `«${group.label}» opens on keyboard focus`).toHaveJSProperty("open", true);
        if (previous) await expect(previous, "the group focus left has closed").toHaveJSProperty("open", false);
        const links = details.getByRole("link");
        for (const [index, option] of group.options.entries()) {
          await page.keyboard.press("Tab");
          await expect(links.nth(index), `«${option.label}» of «${group.label}» takes focus`).toBeFocused();
          await expect(links.nth(index)).toBeVisible();
          await expect(links.nth(index)).toHaveAttribute("href", option.url);
        }
        previous = details;
      }
    });

    test("JS: Esc on a link of an open group closes the group and returns focus to its summary", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "Esc handling is JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      for (const group of groups.slice(0, 2)) {
        const summary = summaryOf(page, group.label);
        const details = groupOf(page, group.label);
        await tabUntilFocused(page, summary);
        await expect(details).toHaveJSProperty("open", true);
        await page.keyboard.press("Tab");
        await expect(details.getByRole("link").first()).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(summary, `focus returns to «${group.label}»`).toBeFocused();
        await expect(details, `Esc closes «${group.label}»`).toHaveJSProperty("open", false);
      }
    });

    test("JS: Esc on the summary itself closes the open group", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "needs JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const [group] = groups;
      const summary = summaryOf(page, group!.label);
      await tabUntilFocused(page, summary);
      await expect(groupOf(page, group!.label)).toHaveJSProperty("open", true);
      await page.keyboard.press("Escape");
      await expect(groupOf(page, group!.label)).toHaveJSProperty("open", false);
      await expect(summary).toBeFocused();
    });

    test("JS: hovering a group opens it and leaving closes it; one group is open at a time; a click keeps it open", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "hover needs JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const away = () => page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 5);
      for (const group of groups) {
        const details = groupOf(page, group.label);
        await away();
        await expect(mainMenu(page).locator("details[open]")).toHaveCount(0);
        await summaryOf(page, group.label).hover();
        await expect(details, `hover opens «${group.label}»`).toHaveJSProperty("open", true);
        await expect(details.getByRole("link").first()).toBeVisible();
      }
      await away();
      await expect(mainMenu(page).locator("details[open]")).toHaveCount(0);

      const [first, second] = groups;
      await summaryOf(page, first!.label).hover();
      await expect(groupOf(page, first!.label)).toHaveJSProperty("open", true);
      await summaryOf(page, second!.label).hover();
      await expect(groupOf(page, second!.label)).toHaveJSProperty("open", true);
      await expect(groupOf(page, first!.label), "only one group is open").toHaveJSProperty("open", false);

      await summaryOf(page, second!.label).click();
      await expect(groupOf(page, second!.label), "a click after hovering does not shut it").toHaveJSProperty("open", true);
      await away();
      await expect(groupOf(page, second!.label)).toHaveJSProperty("open", false);
    });

    test("the main menu and the top bar each fit on one row (an open dropdown then never covers another group)", async ({ page }) => {
      const rows = async (selector: string) =>
        page.locator(selector).evaluateAll((elements) => [...new Set(elements.map((element) => Math.round(element.getBoundingClientRect().top)))].length);
      for (const width of [1024, DESKTOP.width]) {
        await page.setViewportSize({ width, height: DESKTOP.height });
        await page.goto("/");
        await expect(mainMenu(page).locator("summary").first()).toBeVisible();
        expect(await rows('nav[aria-label="Menú principal"] summary'), `rows of the main menu at ${width} px`).toBe(1);
        expect(await rows('nav[aria-label="Accesos rápidos"] > ul > li'), `rows of the top bar at ${width} px`).toBe(1);
      }
    });

    test("no JS: Enter on a group summary opens it and its links take focus @no-js", async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the plain <details> behaviour");
      await page.goto("/");
      for (const group of groups) {
        const summary = summaryOf(page, group.label);
        const details = groupOf(page, group.label);
        await tabUntilFocused(page, summary);
        await expect(details).toHaveJSProperty("open", false);
        await page.keyboard.press("Enter");
        await expect(details, `Enter opens «${group.label}»`).toHaveJSProperty("open", true);
        const links = details.getByRole("link");
        for (const [index] of group.options.entries()) {
          await page.keyboard.press("Tab");
          await expect(links.nth(index)).toBeFocused();
          await expect(links.nth(index)).toBeVisible();
        }
      }
    });

    test("JS: the user menu opens on hover and closes 700 ms after the pointer leaves", async ({ page, context, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the close delay is JavaScript");
      await loginAs(context, ana);
      // The 700 ms are counted on the page's clock, which moves only when the test moves it.
      await stopClock(page);
      await page.goto("/");
      await hydrate(page);
      const menu = userMenu(page, ana.name);
      await menu.locator("summary").hover();
      await expect(menu).toHaveJSProperty("open", true);
      await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 5);
      await page.clock.runFor(USER_MENU_CLOSE_MS - 1);
      expect(await isOpen(menu), "still open just before 700 ms").toBe(true);
      await page.clock.runFor(1);
      await expect(menu, "closed 700 ms after the pointer left").toHaveJSProperty("open", false);
    });
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  test.describe("menu", () => {
    test("JS: 'Abrir menú' shows the panel and locks the page scroll; 'Cerrar menú' hides it", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the burger is JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const panel = page.locator("#menu-principal");
      await expect(panel).toBeHidden();
      await expect(burger(page, "Abrir menú")).toHaveAttribute("aria-expanded", "false");
      await burger(page, "Abrir menú").click();
      await expect(burger(page, "Cerrar menú")).toHaveAttribute("aria-expanded", "true");
      await expect(panel).toBeVisible();
      await expect(page.locator("body")).toHaveClass(/\bscroll-locked\b/);
      await expect(topBar(page).getByRole("link", { name: "Recargas", exact: true })).toBeVisible();
      const [group] = menuGroupsFor(null);
      await summaryOf(page, group!.label).click();
      await expect(groupOf(page, group!.label).getByRole("link").first()).toBeVisible();

      await burger(page, "Cerrar menú").click();
      await expect(panel).toBeHidden();
      await expect(page.locator("body")).not.toHaveClass(/\bscroll-locked\b/);
      await expect(burger(page, "Abrir menú")).toHaveAttribute("aria-expanded", "false");
    });

    test("JS: following a link of the panel closes it and unlocks the scroll", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the burger is JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      await burger(page, "Abrir menú").click();
      await topBar(page).getByRole("link", { name: "Recargas", exact: true }).click();
      await expectPath(page, "/recargas");
      await expect(page.locator("#menu-principal")).toBeHidden();
      await expect(page.locator("body")).not.toHaveClass(/\bscroll-locked\b/);
    });

    test("no JS: the menu starts collapsed, 'Abrir menú' (a link to it) opens it, a group opens with a tap, 'Cerrar menú' collapses it @no-js", async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the page without JavaScript");
      await page.goto("/");
      await expect(page.getByRole("button", { name: /menú/ })).toHaveCount(0);
      await expect(page.locator("#menu-principal")).toBeHidden();
      await expect(topBar(page).getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeHidden();

      await menuLink(page, "Abrir menú").click();
      await expect(page).toHaveURL(/#menu-principal$/);
      for (const item of topBarFor(null)) await expect(topBar(page).getByRole("link", { name: item.label }).first()).toBeVisible();
      await expect(topBar(page).getByRole("link", { name: "Iniciar Sesión", exact: true })).toBeVisible();
      await expect(menuLink(page, "Cerrar menú"), "the bar stays on screen above the open panel").toBeInViewport();
      await expect(menuLink(page, "Abrir menú")).toBeHidden();
      const groups = menuGroupsFor(null);
      for (const group of groups) await expect(summaryOf(page, group.label)).toBeVisible();
      const [first] = groups;
      await summaryOf(page, first!.label).click();
      for (const [index] of first!.options.entries()) await expect(groupOf(page, first!.label).getByRole("link").nth(index)).toBeVisible();

      await menuLink(page, "Cerrar menú").click();
      await expect(page.locator("#menu-principal")).toBeHidden();
      await expect(menuLink(page, "Abrir menú")).toBeVisible();
    });

    test("no JS: by keyboard alone the menu opens and every entry of it takes focus @no-js", async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the page without JavaScript");
      await page.goto("/");
      await tabUntilFocused(page, menuLink(page, "Abrir menú"));
      await page.keyboard.press("Enter");
      await expect(page.locator("#menu-principal")).toBeVisible();
      const topLinks = topBar(page).getByRole("link");
      await tabUntilFocused(page, topLinks.first(), 5);
      const topCount = await topLinks.count();
      for (let index = 1; index < topCount; index++) {
        await page.keyboard.press("Tab");
        await expect(topLinks.nth(index)).toBeFocused();
      }
      for (const group of menuGroupsFor(null)) {
        const details = groupOf(page, group.label);
        await page.keyboard.press("Tab");
        await expect(summaryOf(page, group.label), `Tab reaches «${group.label}»`).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(details).toHaveJSProperty("open", true);
        for (const [index, option] of group.options.entries()) {
          await page.keyboard.press("Tab");
          await expect(details.getByRole("link").nth(index), `«${option.label}» takes focus`).toBeFocused();
          await expect(details.getByRole("link").nth(index)).toBeVisible();
        }
      }
    });

    for (const path of ["/", "/recargas", "/login"]) {
      test(`${path}: the page's h1 is on the first screen (top < 812 px), with or without JavaScript @no-js`, async ({ page }) => {
        await page.goto(path);
        const box = await page.getByRole("heading", { level: 1 }).first().boundingBox();
        expect(box, "the h1 is rendered").not.toBeNull();
        expect(box!.y).toBeLessThan(812);
      });
    }

    test("Ana's menu lists 'Datos de consumo', 'Actualizar Datos', 'Recargas Recurrentes' and 'Cerrar Sesión' last, with or without JavaScript @no-js", async ({ page, context, javaScriptEnabled }) => {
      await loginAs(context, ana);
      await page.goto("/");
      await waitForHydration(page);
      if (javaScriptEnabled) await burger(page, "Abrir menú").click();
      else await menuLink(page, "Abrir menú").click();
      const menu = userMenu(page, ana.name);
      await menu.locator("summary").click();
      await expect(menu.getByRole("listitem")).toHaveText(["Datos de consumo", "Actualizar Datos", "Recargas Recurrentes", "Cerrar Sesión"]);
      await expect(menu.getByRole("listitem").last().getByRole("button", { name: "Cerrar Sesión", exact: true })).toBeVisible();
      await expect(topBar(page).getByRole("link", { name: "Cámbiate a Plan Bait", exact: true })).toBeVisible();
    });
  });
});
