import { describe, expect, it } from "vitest";
import { alerts, bendLine, h1, logIn, mainText } from "./support/accounts";
import { useSite, type Answer } from "./support/site";

/**
 * /recurrente without JavaScript (docs/customer.md): Ana's recurrence as the demo world seeds it,
 * each kind of line offered only its own kind's recurring recharges (pages-config/recharges.json
 * `recurring.offerIds`) and refused another by its URL, the update modal as the server renders it
 * and its way to the checkout, and a failure to read the recurrences. A whole recurrence without
 * JavaScript (started, paid, its card changed, modified, deactivated, reactivated, cancelled) and
 * everything with JavaScript are in tests/e2e/customer/recurrence.spec.ts.
 */
const site = useSite();

const text = (answer: Answer, node: Parameters<Answer["$"]>[0]) => answer.$(node).text().replace(/\s+/g, " ").trim();
const card = (page: Answer, name: string) => page.$("li").filter((_, li) => page.$(li).find("h3").first().text().trim() === name);
const fact = (page: Answer, name: string, term: string) =>
  text(page, card(page, name).find("dl > div").filter((_, div) => page.$(div).find("dt").text().includes(term)).find("dd"));
const linkIn = (page: Answer, scope: ReturnType<Answer["$"]>, name: string) => scope.find("a").filter((_, a) => text(page, a) === name).attr("href");

describe("recurrente", () => {
  it("Ana sees her active Bait 100 every 15 days on the card ending 1111, with its next and last charge", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", "5512345678");
    const page = await visitor.get("/recurrente");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(h1(page)).toBe("Recargas Recurrentes");
    expect(text(page, card(page, "Bait 100"))).toContain("Activa");
    expect(text(page, card(page, "Bait 100"))).toContain("Cada 15 días");
    expect(fact(page, "Bait 100", "Monto")).toBe("$100.00");
    expect(fact(page, "Bait 100", "Tarjeta")).toBe("terminación 1111");
    expect(fact(page, "Bait 100", "Próximo cargo")).toMatch(/^\d+ de [a-z]+ de \d{4}$/);
    expect(fact(page, "Bait 100", "Último cargo")).toMatch(/^\d+ de [a-z]+ de \d{4}$/);
  });

  const CHOICES = {
    mbb: ["Bait 100", "Bait 150", "Bait 200", "Bait 250"],
    hbb: ["Internet en Casa 349", "Internet en Casa 449", "Internet en Casa 549"],
    mifi: ["Internet Portátil 200", "Internet Portátil 300", "Internet Portátil 500"],
  };
  it.each([
    ["mbb", "5512345678", "HBB349"],
    ["hbb", "5598765432", "MIFI200"],
    ["mifi", "5576543210", "EMPMIFI399"],
  ] as const)("a %s line (%s) is offered only its own kind's recurring recharges, and no other (%s) by its URL", async (profile, line, foreign) => {
    const visitor = site.visitor();
    await logIn(visitor, profile, line);
    const page = await visitor.get("/recurrente");
    const region = page.$("section").filter((_, section) => page.$(section).children("h2").text().trim() === "Programa una recarga recurrente");
    expect(region.length).toBe(1);
    expect(region.find("a").map((_, a) => text(page, a)).get()).toEqual(CHOICES[profile].map((name) => `Programar ${name}`));
    expect(region.find("a").first().attr("href")).toMatch(/^\/recurrente\?recarga=[A-Z0-9]+$/);
    // An offer of another kind (or one not in recurring.offerIds) is refused when asked for by its URL.
    const refused = await visitor.get(`/recurrente?recarga=${foreign}`);
    expect(text(refused, refused.$("dialog[open]"))).toContain("Esta recarga no está disponible como recarga recurrente para tu línea.");
    expect(refused.$("button").filter((_, button) => text(refused, button) === "Continuar al pago").length).toBe(0);
  });

  it("the update modal shows the recurrence's card and leads to the checkout", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", "5512345678");
    const page = await visitor.get("/recurrente");
    const update = linkIn(page, card(page, "Bait 100"), "Cambiar tarjeta");
    expect(update).toMatch(/^\/recurrente\?accion=tarjeta&id=/);
    const modal = await visitor.get(update!);
    const dialog = modal.$("dialog[open]");
    expect(text(modal, dialog.find("h2, h3").first())).toBe("Cambiar la tarjeta de tu recarga recurrente");
    expect(text(modal, dialog)).toContain("Tarjeta actual: terminación 1111");
    const form = dialog.find("form").filter((_, node) => text(modal, modal.$(node).find('button[type="submit"], button:not([type])')).includes("Continuar al pago"));
    expect(form.attr("method")).toBe("post");
    const fields = Object.fromEntries(form.find("input[name]").map((_, input) => [[modal.$(input).attr("name")!, modal.$(input).attr("value") ?? ""]]).get() as [string, string][]);
    const checkout = await visitor.follow(form.attr("action")!, fields);
    expect(checkout.url).toBe("/pago");
    expect(mainText(checkout)).toContain("Bait 100");
  });

  it("when the recurrences cannot be read, the page says so and still offers new ones", async () => {
    const line = "5566666666";
    await bendLine(site, ["payments.searchRecurrences"], line, { status: 500 });
    try {
      const visitor = site.visitor();
      await logIn(visitor, "mbb", line);
      const page = await visitor.get("/recurrente");
      expect(page.status).toBe(200);
      expect(alerts(page)).toContain("No pudimos cargar tus recargas recurrentes. Inténtalo de nuevo más tarde.");
      expect(page.$("h2").filter((_, heading) => text(page, heading) === "Programa una recarga recurrente").length).toBe(1);
    } finally {
      await bendLine(site, ["payments.searchRecurrences"], line, {});
    }
  });
});
