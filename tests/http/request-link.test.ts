import { describe, expect, it } from "vitest";
import { ana, type Customer } from "../e2e/support/session";
import { formFields, textOf } from "./support/payments";
import { useSite, type Visitor } from "./support/site";

/**
 * 'Pide tu recarga' (docs/request-link.md) as the server answers it without JavaScript: the link's
 * page preview (Open Graph) and its privacy headers, the link to share without the share sheet
 * (WhatsApp, SMS and a field to copy), a line that may not be recharged, and an 11th open link
 * refused. The journeys (with JavaScript, and without it at 375 and 1280 px), the refused links in
 * the browser, the share sheet and the audits are in tests/e2e/request-link.spec.ts.
 */
const site = useSite();

/** /pide-recarga's 'Crear enlace' with `fields`: the link made, as the read-only field shows it. */
async function makeLink(maker: Visitor, fields: Record<string, string | boolean> = {}) {
  const page = await maker.get("/pide-recarga");
  const made = await maker.follow("/pide-recarga", formFields(page.$, "form#pide-recarga", fields, "Crear enlace"));
  expect(made.url).toMatch(/^\/pide-recarga\?enlace=/);
  const field = made.$("input[readonly]").filter((_, input) => /\/r\//.test(made.$(input).attr("value") ?? ""));
  return { made, field, url: field.attr("value")! };
}
const cancel = (maker: Visitor, url: string) => maker.post("/pide-recarga", { intent: "cancelar", id: url.split("/r/")[1]!.split(".")[0]! });

describe("the link's page and its sharing", () => {
  it("a preview for WhatsApp and other apps (Open Graph, a designed image), private and not indexed", async () => {
    const maker = site.visitor();
    await maker.signIn(ana);
    const page = await maker.get("/pide-recarga");
    const showName = page.$('form#pide-recarga input[type="checkbox"]').filter((_, box) => /^Mostrar mi nombre/.test(page.$(`label[for="${page.$(box).attr("id")}"]`).text().trim() || page.$(box).parent("label").text().trim()));
    const { url } = await makeLink(maker, { [showName.attr("name")!]: true });
    try {
      const answer = await site.visitor().get(new URL(url).pathname);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      const meta = (attribute: string, name: string) => answer.$(`meta[${attribute}="${name}"]`).attr("content");
      expect(meta("property", "og:title")).toBe("Ana te pide una recarga");
      expect(meta("property", "og:description")).toBe("Paga una recarga Bait en línea con tarjeta o PayPal, sin crear una cuenta.");
      expect(meta("name", "robots")).toBe("noindex, nofollow");
      const image = meta("property", "og:image")!;
      expect(image).toBe(`${new URL(url).origin}/images/pide-recarga/vista-previa.png`);
      // Nothing of the line (the chrome's own WhatsApp link to customer service aside).
      expect(answer.body.replaceAll("https://wa.me/525512345678", "")).not.toMatch(/5512345678|12 34 56 78/);
      const png = await site.fetch(new URL(image).pathname);
      expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
    } finally {
      await cancel(maker, url);
    }
  });

  it("without JavaScript: WhatsApp, SMS and a read-only field to copy, no share or copy button", async () => {
    const maker = site.visitor();
    await maker.signIn(ana);
    const { made, field, url } = await makeLink(maker);
    try {
      expect(field.is("[readonly]")).toBe(true);
      const link = (name: string) => made.$("a").filter((_, a) => made.$(a).text().trim() === name).attr("href");
      expect(link("Enviar por WhatsApp")).toMatch(/^https:\/\/wa\.me\/\?text=/);
      expect(link("Enviar por SMS")).toMatch(/^sms:\?&body=/);
      const buttons = made.$("button").map((_, button) => made.$(button).text().trim()).get();
      expect(buttons).not.toContain("Compartir enlace");
      expect(buttons).not.toContain("Copiar enlace");
    } finally {
      await cancel(maker, url);
    }
  });
});

describe("refused links", () => {
  it("a line that may not be recharged gets the spec's message, beside the number, and no form", async () => {
    const page = await site.visitor().get("/pide-recarga?numero=5534567890");
    const label = page.$("label").filter((_, element) => page.$(element).text().trim() === "¿Para qué número pides la recarga?");
    const input = page.$(`#${label.attr("for")}`);
    const described = (input.attr("aria-describedby") ?? "").split(/\s+/).map((id) => page.$(`#${id}`).text()).join(" ");
    expect(described).toMatch(/Tu línea no está activa en este momento, por eso no es posible recargarla/);
    expect(page.$("form#pide-recarga").length).toBe(0);
  });

  it("an 11th open link for a line is refused in Spanish", async () => {
    const maker = site.visitor();
    await maker.signIn({ ...ana, name: "Jorge", number: "5566666666", email: "pide.limite@example.com" } satisfies Customer);
    const openIds = async () => [...(await maker.get("/pide-recarga")).body.matchAll(/name="id" value="([A-Za-z0-9_-]{12})"/g)].map((match) => match[1]!);
    for (let index = 0; index < 10; index += 1) expect((await maker.post("/pide-recarga", { intent: "crear" })).status).toBeLessThan(400);
    expect(await openIds()).toHaveLength(10);
    const page = await maker.get("/pide-recarga");
    expect(textOf(page)).toContain("Enlaces abiertos para esta línea: 10 de 10.");
    const refused = await maker.follow("/pide-recarga", formFields(page.$, "form#pide-recarga", {}, "Crear enlace"));
    expect(refused.$('[role="alert"]').text()).toContain("Ya hay 10 enlaces abiertos para esta línea. Cancela uno o espera a que alguno venza (duran 7 días) para crear otro.");
    expect(refused.url).not.toContain("enlace=");
    for (const id of await openIds()) await maker.post("/pide-recarga", { intent: "cancelar", id });
    expect(await openIds()).toHaveLength(0);
  });
});
