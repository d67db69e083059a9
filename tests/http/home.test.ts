import type { CheerioAPI } from "cheerio";
import { describe, expect, it } from "vitest";
import { alerts, bendLine, h1, hrefOf, logIn, mainText } from "./support/accounts";
import { useSite, type Answer } from "./support/site";

/**
 * /home without JavaScript (docs/customer.md): each profile's balance (used / total / available, a
 * meter per item), data sharing, 'Tu plan es ilimitado.' only when it is, 'Vigencia', active
 * offerings; the history with its length (`?historial=`), status in words, each applied recharge's
 * invoice link and 'Recargar de nuevo'; each section failing alone; the customer area's links.
 * What needs a browser (the first screen at 375 and 1280 px, no sideways overflow, the recharge
 * modal with JavaScript, axe) is in tests/e2e/customer/home.spec.ts.
 */
const site = useSite();

const summary = (page: Answer) => page.$("section").filter((_, section) => page.$(section).children("h2").text().trim() === "Tu saldo");
const fact = (page: Answer, term: string) => summary(page).find("dt").filter((_, dt) => page.$(dt).text().trim() === term).next("dd").text().trim();
const item = (page: Answer, name: string) => page.$(".balance-list__item").filter((_, li) => page.$(li).find(".balance-list__name").text().trim() === name);
const text = ($: CheerioAPI, node: Parameters<CheerioAPI>[0]) => $(node).text().replace(/\s+/g, " ").trim();
const rows = (page: Answer) => page.$('ol[aria-labelledby="history-title"] > li');
const meters = (page: Answer) => page.$("meter[aria-label]").map((_, meter) => page.$(meter).attr("aria-label")).get();

describe("home", () => {
  it("mbb 5512345678 (Ana): data, minutes and SMS with used, total and available, her offerings and recharges", async () => {
    const visitor = site.visitor();
    const page = await logIn(visitor, "mbb", "5512345678");
    expect(page.url).toBe("/home");
    expect(text(page.$, item(page, "Minutos"))).toContain("4863 min disponibles");
    expect(text(page.$, item(page, "Minutos"))).toContain("Usado: 137 min · Total: 5000 min");
    expect(text(page.$, item(page, "SMS"))).toContain("958 SMS disponibles");
    expect(text(page.$, item(page, "Datos de uso internacional"))).toContain("1 GB disponibles");
    expect(meters(page)).toContain("Minutos: 4863 min disponibles de 5000 min");
    expect(mainText(page)).toContain("Puedes compartir tus datos con otros dispositivos.");
    // A limited plan says nothing about it; the expiry is 'Vigencia'.
    expect(mainText(page)).not.toMatch(/ilimitado/i);
    expect(fact(page, "Vigencia")).toMatch(/^\d+ de [a-z]+ de \d{4}$/);
    expect(page.$("h2, h3").filter((_, heading) => page.$(heading).text().trim() === "Ofertas activas").length).toBe(1);
    // The default length is 10 (`?historial=` chooses 5, 10 or 20); every row has its folio, its amount in MXN and its status in words.
    expect(page.$('select[name="historial"] option[selected]').attr("value")).toBe("10");
    expect(rows(page).length).toBeGreaterThan(0);
    expect(rows(page).length).toBeLessThanOrEqual(10);
    for (const row of rows(page).get()) expect(text(page.$, row)).toMatch(/\$\d[\d,]*\.\d{2}[\s\S]*(Aplicada|En proceso|No aplicada|Cancelada|Fallida|Pendiente)[\s\S]*Folio ORD-/);
    // 'Recargar este número': this line, the offer it has.
    expect(summary(page).find("a").filter((_, a) => text(page.$, a) === "Recargar este número").attr("href")).toMatch(/^\/recargas\?recarga=[^&]+&numero=5512345678$/);
  });

  it("hbb 5598765432: unlimited home internet, 50 GB with 18 GB used, no minutes", async () => {
    const page = await logIn(site.visitor(), "hbb", "5598765432");
    expect(fact(page, "Datos disponibles")).toBe("32 GB");
    expect(text(page.$, summary(page))).toContain("Usaste 18 GB de 50 GB");
    expect(meters(page)).toContain("Datos: 32 GB disponibles de 50 GB");
    expect(text(page.$, summary(page))).toContain("Tu plan es ilimitado.");
    expect(mainText(page)).toContain("Tu plan no permite compartir datos.");
    expect(item(page, "Minutos").length).toBe(0);
    expect(rows(page).length).toBe(2);
  });

  it("mifi 5576543210: 10 GB with 4 GB used; the history shows 5 rows or fewer when asked, and 'Recargar de nuevo' opens the modal with the line", async () => {
    const visitor = site.visitor();
    const home = await logIn(visitor, "mifi", "5576543210");
    expect(fact(home, "Datos disponibles")).toBe("6 GB");
    expect(text(home.$, summary(home))).toContain("Usaste 4 GB de 10 GB");
    const form = home.$("form").filter((_, node) => home.$(node).find('select[name="historial"]').length > 0);
    expect(form.attr("method")).toBe("get");
    expect(form.attr("action")).toBe("/home");

    const five = await visitor.get("/home?historial=5");
    expect(rows(five).length).toBeLessThanOrEqual(5);
    expect(five.$('select[name="historial"] option[selected]').attr("value")).toBe("5");
    const bait150 = rows(five).filter((_, row) => five.$(row).find("strong").text().trim() === "Bait 150").first();
    expect(text(five.$, bait150)).toContain("Aplicada");
    const again = bait150.find("a").filter((_, a) => text(five.$, a) === "Recargar de nuevo Bait 150").attr("href");
    expect(again).toBeDefined();
    const modal = await visitor.follow(again!);
    const url = new URL(modal.url, site.base);
    expect(url.pathname).toBe("/recargas");
    expect(url.searchParams.get("numero")).toBe("5576543210");
    const dialog = modal.$("dialog[open]");
    expect(dialog.find("h2, h3").first().text().trim()).toBe("Bait 150");
    const label = dialog.find("label").filter((_, node) => modal.$(node).text().trim() === "Número Bait a recargar");
    expect(label.length).toBe(1);
    expect(modal.$(`#${label.attr("for")}`).attr("value")).toBe("5576543210");
  });

  it("each section fails on its own and the rest of the page still shows", async () => {
    const line = "5566666666";
    const calls = ["core.baitProfile", "conn.balance", "core.rechargeHistory"];
    await bendLine(site, calls, line, { status: 500 });
    try {
      const visitor = site.visitor();
      const page = await logIn(visitor, "mbb", line);
      expect(page.url).toBe("/home");
      expect(h1(page)).toBe("Mi cuenta Bait");
      expect(alerts(page)).toEqual(
        expect.arrayContaining([
          expect.stringContaining("No se pudo cargar la información de tu cuenta."),
          expect.stringContaining("Hubo un problema al cargar los datos."),
          expect.stringContaining("Ocurrió un error, inténtalo de nuevo más tarde."),
        ]),
      );
      expect(hrefOf(page, "Recargas recurrentes", "main")).toBe("/recurrente");

      await bendLine(site, ["core.baitProfile", "conn.balance"], line, {});
      const again = await visitor.get("/home");
      expect(mainText(again)).toMatch(/Estado de la línea: (Suspendida|Activa)/);
      expect(alerts(again).some((alert) => alert.includes("Ocurrió un error, inténtalo de nuevo más tarde."))).toBe(true);
      expect(again.$(".balance-list__item").length).toBeGreaterThan(0);
    } finally {
      await bendLine(site, calls, line, {});
    }
  });

  it("an applied recharge links to its invoice: /factura with that recharge chosen", async () => {
    const visitor = site.visitor();
    const home = await logIn(visitor, "mifi", "5576543210");
    const row = rows(home).filter((_, li) => home.$(li).find("strong").text().trim() === "Bait 150").first();
    const folio = row.find(".history-list__order").text().trim().replace(/^Folio /, "");
    expect(folio).toMatch(/^ORD-/);
    const link = row.find("a").filter((_, a) => text(home.$, a) === `Facturar la recarga Bait 150, folio ${folio}`).attr("href");
    expect(link).toBe(`/factura?recarga=${folio}`);
    const invoice = await visitor.get(link!);
    expect(invoice.$("h2").filter((_, heading) => invoice.$(heading).text().trim() === "Bait 150").length).toBe(1);
    expect(invoice.$(".invoice-summary").text()).toContain(folio);
    expect(invoice.$('input[name="rfc"]').length).toBe(1);
  });

  it("a recharge still being applied has no invoice link; the applied ones do", async () => {
    const home = await logIn(site.visitor(), "mbb", "5556789012");
    const pending = rows(home).filter((_, li) => text(home.$, li).includes("En proceso de aplicarse"));
    expect(pending.length).toBe(1);
    expect(pending.find("a").filter((_, a) => text(home.$, a).startsWith("Facturar")).length).toBe(0);
    const applied = rows(home).filter((_, li) => text(home.$, li).includes("Aplicada")).first();
    expect(applied.find("a").filter((_, a) => text(home.$, a).startsWith("Facturar la recarga ")).length).toBe(1);
  });

  it("every page of the customer area is a link from /home", async () => {
    const home = await logIn(site.visitor(), "mbb", "5512345678");
    const actions = home.$("section").filter((_, section) => home.$(section).children("h2").text().trim() === "¿Qué quieres hacer hoy?");
    const links = Object.fromEntries(actions.find("a").map((_, a) => [[text(home.$, a), home.$(a).attr("href")]]).get() as [string, string][]);
    expect(links).toMatchObject({
      "Ver todas las recargas": "/recargas",
      "Recargas recurrentes": "/recurrente",
      "Facturar una recarga": "/factura",
      "Actualizar datos": "/editar-perfil",
      "Reposición de SIM": "/reposicion-sim",
    });
  });
});
