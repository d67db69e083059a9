import { describe, expect, it } from "vitest";
import type * as cheerio from "cheerio";
import { footerPdfs, menuGroupsFor, siteChrome, topBarFor, widgetItems } from "../e2e/support/chrome-config";
import { ana } from "../e2e/support/session";
import { dialogNamed, linksNamed, textOf } from "./support/pages";
import { useSite } from "./support/site";

/**
 * The chrome as the server renders it for a browser without JavaScript: the side bar's and the
 * footer's links (pages-config/site.json), the footer's PDFs, the PDF viewer and the 'Descubre
 * Bait' widget rendered open from their addresses. What needs a browser (the popup, the tooltip on
 * hover and focus, the overlays opened by a click, Esc, the layout at 375 px) is in
 * tests/e2e/chrome/side-bar-and-footer.spec.ts, pdf-viewer.spec.ts and discovery-widget.spec.ts.
 */
const site = useSite();
const NEW_WINDOW = "(se abre en una ventana nueva)";

describe("side bar", () => {
  it("the social links and WhatsApp open in a new window, each named", async () => {
    const { $ } = await site.visitor().get("/");
    const bar = $('aside[aria-label="Redes sociales y atención"]');
    const links = [...siteChrome.sideBar.social, siteChrome.sideBar.whatsapp];
    expect(bar.find('a[target="_blank"]').length, "new-window links of the side bar").toBe(links.length);
    for (const item of links) {
      const link = bar.find(`a[href="${item.url}"]`);
      expect(link.length, item.url).toBe(1);
      expect(link.attr("target")).toBe("_blank");
      expect(link.attr("rel")).toMatch(/\bnoopener\b/);
      expect(textOf($, link)).toBe(`${item.label} ${NEW_WINDOW}`);
    }
  });

  it("'Gestiona tu bait' links to /cambio-nir and is described by its tooltip", async () => {
    const { manage } = siteChrome.sideBar;
    const { $ } = await site.visitor().get("/");
    const link = linksNamed($, $('aside[aria-label="Redes sociales y atención"]'), manage.label);
    expect(link.attr("href")).toBe(manage.url);
    const tooltip = $(`[id="${link.attr("aria-describedby")}"]`);
    expect(tooltip.attr("role")).toBe("tooltip");
    expect(textOf($, tooltip)).toBe(`${manage.label} ${manage.tooltip}`);
    // The page /cambio-nir it leads to.
    expect((await site.visitor().get(manage.url)).status).toBe(200);
  });
});

describe("footer", () => {
  it("every footer PDF is linked as '<name> (PDF)' and answers 200 with application/pdf", async () => {
    const { $ } = await site.visitor().get("/");
    expect($('footer a[href$=".pdf"]').length).toBe(footerPdfs.length);
    for (const document of footerPdfs) {
      expect(textOf($, $(`footer a[href="${document.url}"]`)), "the document's name and what it is, read together").toBe(`${document.label} (PDF)`);
      const response = await site.fetch(document.url);
      expect(response.status, document.url).toBe(200);
      expect(response.headers.get("content-type"), document.url).toMatch(/^application\/pdf\b/);
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString("latin1"), `${document.url} is a PDF`).toBe("%PDF-");
    }
  });

  it("local links, the sister sites in a new window, the privacy notice and the copyright line", async () => {
    const { $ } = await site.visitor().get("/");
    const footer = $("footer");
    for (const option of siteChrome.footer.local) expect(linksNamed($, footer, option.label).attr("href"), option.label).toBe(option.url ?? "");
    const sisterSites = footer.find("section").filter((_, section) => textOf($, $(section).find("h2, h3").first()) === "Sitios Bait");
    expect(sisterSites.find("a").length, "links under 'Sitios Bait'").toBe(siteChrome.footer.sisterSites.length);
    for (const sister of siteChrome.footer.sisterSites) {
      const link = linksNamed($, footer, `${sister.name} ${NEW_WINDOW}`);
      expect(link.attr("href")).toBe(sister.url);
      expect(link.attr("target")).toBe("_blank");
      expect(link.attr("rel")).toMatch(/\bnoopener\b/);
    }
    for (const option of siteChrome.footer.legal.filter((entry) => entry.type === "url")) {
      const link = footer.find(`a[href="${option.url}"]`);
      expect(textOf($, link)).toContain(option.label);
      if (option.newWindow) expect(link.attr("target")).toBe("_blank");
    }
    expect(footer.find("p").filter((_, p) => textOf($, p) === siteChrome.footer.copyright).length).toBe(1);
  });

  it("'Política de cookies' links to ?modal=politica-de-cookies, which renders the policy open", async () => {
    const visitor = site.visitor();
    const { $ } = await visitor.get("/");
    const href = linksNamed($, $("footer"), "Política de cookies").attr("href")!;
    expect(new URL(href, site.base).searchParams.get("modal")).toBe("politica-de-cookies");
    const modal = await visitor.get(href);
    expect(modal.status).toBe(200);
    expect(dialogNamed(modal.$, "Política de cookies").length).toBe(1);
  });
});

describe("PDF viewer", () => {
  const document = footerPdfs[0]!;

  it("/?pdf=/docs/<file>.pdf renders the viewer open, the file framed and a direct link", async () => {
    const { status, $ } = await site.visitor().get(`/?pdf=${document.url}`);
    expect(status).toBe(200);
    const dialog = dialogNamed($, document.label);
    expect(dialog.length).toBe(1);
    expect(dialog.find("iframe").attr("src")).toBe(document.url);
    expect(dialog.find("iframe").attr("title")).toBe(`Documento PDF: ${document.label}`);
    const direct = linksNamed($, dialog, "Abrir el PDF en una pestaña nueva");
    expect(direct.attr("href")).toBe(document.url);
    expect(direct.attr("target")).toBe("_blank");
  });

  it.each(["https://evil.example/x.pdf", "/docs/no-existe.pdf", "//evil.example/docs/x.pdf"])("/?pdf=%s renders no viewer", async (unsafe) => {
    const { status, $ } = await site.visitor().get(`/?pdf=${encodeURIComponent(unsafe)}`);
    expect(status).toBe(200);
    expect($("h1").length).toBe(1);
    expect($("dialog").length).toBe(0);
    expect($("iframe").length).toBe(0);
  });
});

describe("discovery widget", () => {
  const services = widgetItems("beneficios");
  const stores = widgetItems("tiendas");
  const widget = ($: import("cheerio").CheerioAPI) => dialogNamed($, "Descubre Bait");
  const tab = ($: import("cheerio").CheerioAPI, name: string) => linksNamed($, widget($).find('nav[aria-label="Secciones"]'), name);
  const item = ($: import("cheerio").CheerioAPI, entry: { name: string; tagline: string }) => linksNamed($, widget($), `${entry.name}${entry.tagline}`);
  const detailHeading = ($: import("cheerio").CheerioAPI) => textOf($, widget($).find("h3"));

  it("'Descubre Bait' links to ?widget=beneficios: open on Beneficios with its first item chosen and every item listed", async () => {
    const visitor = site.visitor();
    const home = await visitor.get("/");
    const href = linksNamed(home.$, home.$("header"), "Descubre Bait").attr("href")!;
    expect(new URL(href, site.base).searchParams.get("widget")).toBe("beneficios");
    const { $ } = await visitor.get(href);
    expect(widget($).length).toBe(1);
    expect(tab($, "Beneficios").attr("aria-current")).toBe("page");
    expect(tab($, "Tiendas").attr("aria-current")).toBeUndefined();
    expect(item($, services[0]!).attr("aria-current")).toBe("true");
    expect(detailHeading($)).toBe(services[0]!.title);
    for (const entry of services) expect(item($, entry).length, entry.name).toBe(1);
    // The list shows, not the detail (on a phone 'Volver a la lista' is for the detail only).
    expect(widget($).find(".widget").hasClass("widget--detail")).toBe(false);
  });

  it("the Tiendas tab, then a chosen store: each a link whose page renders it chosen", async () => {
    const visitor = site.visitor();
    const first = await visitor.get("/?widget=beneficios");
    const tiendas = await visitor.get(tab(first.$, "Tiendas").attr("href")!);
    expect(tab(tiendas.$, "Tiendas").attr("aria-current")).toBe("page");
    expect(item(tiendas.$, stores[0]!).attr("aria-current")).toBe("true");
    expect(detailHeading(tiendas.$)).toBe(stores[0]!.title);

    const chosen = stores[1]!;
    const href = item(tiendas.$, chosen).attr("href")!;
    expect(new URL(href, site.base).searchParams.get("elemento")).toBe(chosen.id);
    const { $ } = await visitor.get(href);
    expect(item($, chosen).attr("aria-current")).toBe("true");
    expect(detailHeading($)).toBe(chosen.title);
  });

  it("a chosen benefit shows its detail with 'Volver a la lista', a link back to the list", async () => {
    const chosen = services[1]!;
    const { $ } = await site.visitor().get(`/?widget=beneficios&elemento=${chosen.id}`);
    expect(detailHeading($)).toBe(chosen.title);
    expect(widget($).find(".widget").hasClass("widget--detail")).toBe(true);
    const back = linksNamed($, widget($), "Volver a la lista");
    expect(back.attr("href")).toBe("/?widget=beneficios");
  });
});

describe("header menus", () => {
  const mainMenu = ($: cheerio.CheerioAPI) => $('nav[aria-label="Menú principal"]');
  const topBar = ($: cheerio.CheerioAPI) => $('nav[aria-label="Accesos rápidos"]');
  const userMenu = ($: cheerio.CheerioAPI, name: string) => topBar($).find("details").filter((_, details) => textOf($, $(details).children("summary")) === `Hola, ${name}`);

  it("the main menu has the configured groups, each with its links in order (a new window where configured), for an anonymous visitor", async () => {
    const { $ } = await site.visitor().get("/");
    const groups = menuGroupsFor(null);
    expect(mainMenu($).find("summary").map((_, summary) => textOf($, summary)).get()).toEqual(groups.map((group) => group.label));
    for (const group of groups) {
      const details = mainMenu($).find("details").filter((_, element) => textOf($, $(element).children("summary")) === group.label);
      const links = details.find("a");
      expect(links.length, `links of «${group.label}»`).toBe(group.options.length);
      for (const [index, option] of group.options.entries()) {
        const link = links.eq(index);
        expect(link.attr("href")).toBe(option.url);
        expect(textOf($, link)).toContain(option.label);
        if (option.newWindow) expect(link.attr("target")).toBe("_blank");
      }
      expect(details.attr("open"), `«${group.label}» starts closed`).toBeUndefined();
    }
  });

  it("an anonymous visitor's top bar: the configured links and 'Iniciar Sesión', no 'Cámbiate a Plan Bait'", async () => {
    const { $ } = await site.visitor().get("/");
    const plain = topBar($).find("li").filter((_, item) => $(item).find("details, .button").length === 0 && !$(item).hasClass("button"));
    expect(plain.map((_, item) => textOf($, item)).get()).toEqual(topBarFor(null).map((item) => (item.newWindow ? `${item.label} ${NEW_WINDOW}` : item.label)));
    expect(linksNamed($, topBar($), "Iniciar Sesión")).toHaveLength(1);
    expect(linksNamed($, topBar($), "Cámbiate a Plan Bait")).toHaveLength(0);
  });

  it("Ana (pospaid on) has 'Cámbiate a Plan Bait' in the top bar and her menu 'Hola, Ana': three links and 'Cerrar Sesión', a form's button, last", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const { $ } = await visitor.get("/");
    expect(linksNamed($, topBar($), "Cámbiate a Plan Bait").attr("href")).toBe("/bait-pospago?typeService=portabilidad");
    const menu = userMenu($, ana.name);
    expect(menu).toHaveLength(1);
    const items = menu.find("li");
    expect(items.map((_, item) => textOf($, item)).get()).toEqual(["Datos de consumo", "Actualizar Datos", "Recargas Recurrentes", "Cerrar Sesión"]);
    expect(linksNamed($, menu, "Datos de consumo").attr("href")).toBe("/home");
    expect(linksNamed($, menu, "Actualizar Datos").attr("href")).toBe("/editar-perfil");
    expect(linksNamed($, menu, "Recargas Recurrentes").attr("href")).toBe("/recurrente");
    const logout = items.last().find("button");
    expect(textOf($, logout)).toBe("Cerrar Sesión");
    expect(logout.attr("type")).toBe("submit");
    expect(logout.closest("form").attr("method")?.toLowerCase()).toBe("post");
  });

  it("a phone's header has the no-JavaScript links 'Abrir menú' (to the panel, #menu-principal) and 'Cerrar menú' (to #menu)", async () => {
    const { $ } = await site.visitor().get("/");
    expect($('header a[aria-label="Abrir menú"]').attr("href")).toBe("#menu-principal");
    expect($('header a[aria-label="Cerrar menú"]').attr("href")).toBe("#menu");
    expect($("#menu-principal")).toHaveLength(1);
  });
});
