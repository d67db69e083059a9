import { expect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { expectPath } from "./support/expect-path";
import { waitForHydration } from "./support/hydration";
import { acceptCookies } from "./support/cookies";
import { pageScrollWidth } from "./support/page-scroll";

/**
 * The offer catalogue of /recargas (one tab per category, `?section=` selects it) and the
 * destinations of the international packages with their search (`?destino=`), with JavaScript:
 * the tabs and the search within the page, the tabs' layout, axe. What the server answers without
 * JavaScript (each tab's offers and links, the search's GET) is proved in
 * tests/http/catalogue.test.ts. Offers and prices come from the mock upstream.
 */


test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const tabs = (page: Page) => page.getByRole("navigation", { name: "Categorías de recarga", exact: true });
const tab = (page: Page, name: string) => tabs(page).getByRole("link", { name, exact: true });
const catalogue = (page: Page) => page.locator("#catalogo");
const card = (page: Page, name: string) => catalogue(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("the recharge catalogue of /recargas", () => {
  test("clicking a tab selects it and shows its offers", async ({ page }) => {
    await page.goto("/recargas");
    await waitForHydration(page);
    await tab(page, "Internet Portátil").click();
    await expectPath(page, "/recargas", "?section=mifi");
    await expect(tab(page, "Internet Portátil")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "Recargas")).not.toHaveAttribute("aria-current", "page");
    await expect(card(page, "Internet Portátil 100")).toBeVisible();
    await expect(card(page, "Bait 50")).toHaveCount(0);

    await tab(page, "Paquetes").click();
    await expectPath(page, "/recargas", "?section=packages");
    await expect(tab(page, "Paquetes")).toHaveAttribute("aria-current", "page");
    await expect(card(page, "Bait Trimestral").getByRole("link", { name: /^Comprar: Bait Trimestral/ })).toHaveAttribute("href", "/recargas?section=packages&recarga=PAQ3M");
  });

  test("the tabs are one scrollable row on a 375 px phone and a wrapped row on desktop", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/recargas?section=e-sim");
    const list = tabs(page).getByRole("list");
    const phone = await list.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, wrap: getComputedStyle(element).flexWrap }));
    expect(phone.wrap).toBe("nowrap");
    expect(phone.scroll).toBeGreaterThan(phone.client);
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(375);

    await page.setViewportSize({ width: 1280, height: 800 });
    const desktop = await list.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(desktop.scroll).toBeLessThanOrEqual(desktop.client);
  });

  test("/recargas?section=mifi has no axe violations", async ({ auditedPage, baseURL }) => {
    await acceptCookies(auditedPage.context(), baseURL);
    await auditedPage.goto("/recargas?section=mifi");
    await expect(auditedPage.getByRole("navigation", { name: "Categorías de recarga" })).toBeVisible();
    await expectNoAxeViolations(auditedPage);
  });
});

const destinations = (page: Page) => page.locator("#destinos");
const search = async (page: Page, query: string) => {
  await destinations(page).getByRole("searchbox", { name: "Busca tu destino", exact: true }).fill(query);
  await destinations(page).getByRole("button", { name: "Buscar", exact: true }).click();
};
const destination = (page: Page, name: string) =>
  destinations(page).getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });

test.describe("the destinations of /paquetes-bait-internacionales", () => {
  test("searching «colombia» finds Colombia with «Bait Latinoamérica 300»", async ({ page }) => {
    await page.goto("/paquetes-bait-internacionales");
    await waitForHydration(page);
    await search(page, "colombia");
    await expect(page).toHaveURL((url) => url.pathname === "/paquetes-bait-internacionales" && url.searchParams.get("destino") === "colombia");
    await expect(destinations(page).getByRole("heading", { name: "Resultados para «colombia»", exact: true })).toBeVisible();
    const found = destinations(page).locator(".destination");
    await expect(found).toHaveCount(2);
    await expect(found.first()).toContainText("Colombia");
    await expect(found.first().getByRole("link", { name: "Bait Latinoamérica 300", exact: true })).toHaveAttribute("href", "/recargas?section=internationals&recarga=INTLATAM300");
    await expect(destination(page, "Japón")).toHaveCount(0);
  });

  test("searching «canada» finds Canadá (accents and case do not matter)", async ({ page }) => {
    await page.goto("/paquetes-bait-internacionales");
    await waitForHydration(page);
    await search(page, "canada");
    await expect(destinations(page).getByRole("heading", { name: "Resultados para «canada»", exact: true })).toBeVisible();
    await expect(destination(page, "Canadá").first()).toBeVisible();
    await expect(destinations(page).locator(".destination__name")).toHaveText(["Canadá", "Canadá"]);

    await page.goto("/paquetes-bait-internacionales?destino=ESPA%C3%91A");
    await expect(destinations(page).locator(".destination__name")).toHaveText(["España", "España"]);
  });

  test("a destination that is not listed shows the no-match message and a link back to every destination", async ({ page }) => {
    await page.goto("/paquetes-bait-internacionales?section=internationals");
    await waitForHydration(page);
    await search(page, "xyz");
    await expect(page).toHaveURL((url) => url.searchParams.get("destino") === "xyz" && !url.searchParams.has("section"));
    await expect(destinations(page).getByText("No encontramos «xyz». Revisa cómo lo escribiste o llama al 800 123 2248 para confirmar tu destino.", { exact: true })).toBeVisible();
    await expect(destinations(page).locator(".destination")).toHaveCount(0);

    await destinations(page).getByRole("link", { name: "Ver todos los destinos", exact: true }).click();
    await expectPath(page, "/paquetes-bait-internacionales");
    await expect(destination(page, "Japón")).toBeVisible();
    await expect(destinations(page).getByRole("searchbox", { name: "Busca tu destino" })).toHaveValue("");
  });

  test("the search result has no axe violations", async ({ auditedPage, baseURL }) => {
    await acceptCookies(auditedPage.context(), baseURL);
    await auditedPage.goto("/paquetes-bait-internacionales?destino=colombia");
    await expect(auditedPage.getByRole("heading", { name: "Resultados para «colombia»" })).toBeVisible();
    await expectNoAxeViolations(auditedPage);
  });
});
