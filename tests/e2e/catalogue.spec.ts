import { expect, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "./support/axe";
import { catalogueCategories } from "./support/config";
import { expectPath } from "./support/expect-path";
import { waitForHydration } from "./support/hydration";
import { acceptCookies } from "./support/cookies";
import { pageScrollWidth } from "./support/page-scroll";

/**
 * The offer catalogue of /recargas (one tab per category, `?section=` selects it) and the
 * destinations of the international packages with their search (`?destino=`), with JavaScript
 * and without it. Offers and prices come from the mock upstream.
 */


test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const tabs = (page: Page) => page.getByRole("navigation", { name: "Categorías de recarga", exact: true });
const tab = (page: Page, name: string) => tabs(page).getByRole("link", { name, exact: true });
const catalogue = (page: Page) => page.locator("#catalogo");
const cardLinks = (page: Page) => catalogue(page).locator(".offer").getByRole("link");
const card = (page: Page, name: string) => catalogue(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

const categories = catalogueCategories("/recargas");

test.describe("the recharge catalogue of /recargas", () => {
  test("shows one tab per category, 'Recargas' selected, with the Bait 50 … Bait 250 cards and their prices", async ({ page }) => {
    await page.goto("/recargas");
    await expect(page.getByRole("heading", { level: 2, name: "Elige tu recarga", exact: true })).toBeVisible();
    await expect(tabs(page).getByRole("link")).toHaveText(categories.map((category) => category.label));
    for (const [index, { id }] of categories.entries()) {
      await expect(tabs(page).getByRole("link").nth(index)).toHaveAttribute("href", `/recargas?section=${id}`);
    }
    await expect(tab(page, "Recargas")).toHaveAttribute("aria-current", "page");
    await expect(tabs(page).locator('[aria-current="page"]')).toHaveCount(1);

    const names = ["Bait 50", "Bait 100", "Bait 150", "Bait 200", "Bait 250"];
    await expect(catalogue(page).getByRole("heading", { level: 4 })).toHaveText(names);
    for (const name of names) {
      const price = `$${name.replace("Bait ", "")}.00`;
      await expect(card(page, name).locator(".offer__price"), `price of ${name}`).toHaveText(`Precio: ${price}`);
    }
    await expect(card(page, "Bait 50").getByRole("link", { name: "Recargar: Bait 50, $50.00" })).toHaveAttribute("href", "/recargas?section=traditionals&recarga=BAIT50");
  });

  test("?section=hbb selects 'Internet en Casa' and shows only its offers, linked to their recharge modal on that tab", async ({ page }) => {
    await page.goto("/recargas?section=hbb");
    await expect(tab(page, "Internet en Casa")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "Recargas")).not.toHaveAttribute("aria-current", "page");
    await expect(catalogue(page).getByRole("heading", { level: 3, name: "Internet en Casa", exact: true })).toBeVisible();
    await expect(card(page, "Internet en Casa 349")).toBeVisible();
    await expect(card(page, "Internet en Casa 349").locator(".offer__price")).toHaveText("Precio: $349.00");
    await expect(card(page, "Bait 50")).toHaveCount(0);
    await expect(card(page, "Internet en Casa 349").getByRole("link")).toHaveAttribute("href", "/recargas?section=hbb&recarga=HBB349");
  });

  test("an unknown section falls back to the first tab; ?recarga= selects the tab of its offer", async ({ page }) => {
    await page.goto("/recargas?section=planes");
    await expect(tab(page, "Recargas")).toHaveAttribute("aria-current", "page");
    const response = await page.request.get("/recargas?recarga=MIFI200");
    const html = await response.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Internet Portátil<\/a>/);
  });

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

  test("SIM cards lead to their modal at /cambiate-a-bait?chip= and eSIM cards to the eSIM modal over the tab, ?section=e-sim&oferta=", async ({ page }) => {
    await page.goto("/recargas?section=sim");
    await expect(cardLinks(page).first()).toHaveAttribute("href", /^\/cambiate-a-bait\?chip=SIM\d+$/);
    await page.goto("/recargas?section=e-sim");
    await expect(cardLinks(page).first()).toHaveAttribute("href", /^\/recargas\?section=e-sim&oferta=ESIM\d+$/);
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
  test("lists where the packages work, inside and outside Mexico, each with the offers that cover it", async ({ page }) => {
    await page.goto("/paquetes-bait-internacionales");
    await expect(destinations(page).getByRole("heading", { level: 3, name: "Llama desde México a", exact: true })).toBeVisible();
    await expect(destinations(page).getByRole("heading", { level: 3, name: "Usa tu línea Bait en", exact: true })).toBeVisible();
    await expect(destination(page, "Japón").getByRole("link", { name: "Bait Mundo 500", exact: true })).toHaveAttribute("href", "/recargas?section=internationals&recarga=INTMUNDO500");
    await expect(destinations(page).getByRole("searchbox", { name: "Busca tu destino" })).toHaveAttribute("placeholder", "Ej. Colombia");
  });

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
