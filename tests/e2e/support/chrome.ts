import type { Locator, Page } from "@playwright/test";

/**
 * What the chrome specs (tests/e2e/chrome) share: the two widths they run at and the locators
 * of the parts of the chrome more than one of them touches.
 */

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export const exactly = (value: string) => new RegExp(`^\\s*${escapeRegExp(value)}\\s*$`);

export const topBar = (page: Page) => page.getByRole("navigation", { name: "Accesos rápidos", exact: true });
export const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Menú principal", exact: true });
export const summaryOf = (page: Page, label: string) => mainMenu(page).locator("summary").filter({ hasText: exactly(label) });
export const groupOf = (page: Page, label: string) =>
  mainMenu(page).locator("details").filter({ has: page.locator("summary").filter({ hasText: exactly(label) }) });
export const burger = (page: Page, name: "Abrir menú" | "Cerrar menú") => page.getByRole("button", { name, exact: true });
export const footer = (page: Page) => page.locator("footer");
export const cookieSettings = (page: Page) => page.getByRole("dialog", { name: "Configuración de cookies", exact: true });
export const widgetDialog = (page: Page) => page.getByRole("dialog", { name: "Descubre Bait", exact: true });

export const search = (page: Page) => new URL(page.url()).searchParams;

/** Presses Tab until `target` has focus; fails after `max` presses. */
export async function tabUntilFocused(page: Page, target: Locator, max = 60): Promise<void> {
  for (let press = 0; press < max; press++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} presses of Tab never focused ${target.toString()}`);
}
