import { describe, expect, it } from "vitest";
import { dialogNamed, formData, linksNamed, textOf } from "./support/pages";
import { useSite, type Answer } from "./support/site";

/**
 * The contact lead modal (docs/leads.md) as a browser without JavaScript meets it:
 * `?contacto=whatsapp|telefono` on any page renders 'Cámbiate a Bait vía Whatsapp / vía Telefónica'
 * open, its links open and close it, and the form posts to /contacto, which answers a refused post
 * with the form on a page of its own (each message, what was typed kept) and a good
 * one with a redirect back to the page and its '¡Listo!' notice, the lead delivered to the upstream
 * with its campaign (read back from the mock world, GET /__mocks/leads). The browser's part (the
 * modal as a dialog, Esc, the client-side checks, typing before hydration, axe, one journey
 * without JavaScript) is in tests/e2e/leads/contact-modal.spec.ts.
 */
const site = useSite();

const KINDS = [
  { kind: "whatsapp", title: "Cámbiate a Bait vía Whatsapp", tipo: 2, saved: "Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Whatsapp." },
  { kind: "telefono", title: "Cámbiate a Bait vía Telefónica", tipo: 1, saved: "Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Telefónica." },
] as const;
const MESSAGE = {
  name: "El nombre es obligatorio",
  invalid: "Número de teléfono inválido",
  required: "Campo requerido",
  mismatch: "El número no coincide.",
  privacy: "Acepta el aviso de privacidad para que podamos contactarte.",
};

type Lead = { nombre: string; telefono: string; tipo: number; campania: Record<string, string>; idempotencyKey?: string };
const freshPhone = () => `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

const leadForm = (answer: Answer, kind: string) => answer.$(`form#contacto-${kind}`);
/** The message under the field named `name`, or null. */
const errorOf = (answer: Answer, kind: string, name: string) => {
  const error = answer.$(`[id="contacto-${kind}-${name}-error"]`);
  return error.length ? textOf(answer.$, error) : null;
};
const valueOf = (answer: Answer, kind: string, name: string) => answer.$(`[id="contacto-${kind}-${name}"]`);

for (const { kind, title, tipo, saved } of KINDS) {
  describe(title, () => {
    it("the server renders it open on any page, its form posting to /contacto", async () => {
      const answer = await site.visitor().get(`/cobertura?contacto=${kind}`);
      expect(answer.status).toBe(200);
      const dialog = dialogNamed(answer.$, title);
      expect(dialog.length).toBe(1);
      expect(dialog.attr("class")).toContain("modal");
      const form = dialog.find("form");
      expect(form.attr("id")).toBe(`contacto-${kind}`);
      expect(form.attr("method")).toBe("post");
      expect(form.attr("action")).toBe("/contacto");
      expect(form.find('input[name="tipo"]').attr("value")).toBe(kind);
      expect(textOf(answer.$, form.find('button[type="submit"]'))).toBe("ENVIAR DATOS");
    });

    it(`every refusal has its message and keeps what was typed; a good post saves the lead: '${saved}' on the page, the upstream gets tipo ${tipo} with the campaign`, async () => {
      const visitor = site.visitor();
      const phone = freshPhone();
      const page = await visitor.get(`/promociones?utm_source=google&utm_medium=cpc&utm_campaign=portabilidad&contacto=${kind}`);
      const form = leadForm(page, kind);
      expect(form.length).toBe(1);

      // Everything empty: each field says what it needs, on a page of the form's own.
      const empty = await visitor.post("/contacto", formData(page.$, form));
      expect(empty.status).toBe(400);
      expect(textOf(empty.$, empty.$("h1"))).toBe(title);
      expect(errorOf(empty, kind, "nombre")).toBe(MESSAGE.name);
      expect(errorOf(empty, kind, "telefono")).toBe(MESSAGE.required);
      expect(errorOf(empty, kind, "confirmarNumero")).toBe(MESSAGE.required);
      expect(errorOf(empty, kind, "privacidad")).toBe(MESSAGE.privacy);

      // Too few digits.
      const short = await visitor.post("/contacto", formData(empty.$, leadForm(empty, kind), { nombre: "Rosa Martínez", telefono: "55123", confirmarNumero: "55123", privacidad: "on" }));
      expect(errorOf(short, kind, "telefono")).toBe(MESSAGE.invalid);
      expect(errorOf(short, kind, "nombre")).toBeNull();

      // Two different numbers: the page keeps what was typed.
      const mismatch = await visitor.post("/contacto", formData(short.$, leadForm(short, kind), { telefono: phone, confirmarNumero: "5500000001" }));
      expect(errorOf(mismatch, kind, "confirmarNumero")).toBe(MESSAGE.mismatch);
      expect(errorOf(mismatch, kind, "telefono")).toBeNull();
      expect(valueOf(mismatch, kind, "nombre").attr("value")).toBe("Rosa Martínez");
      expect(valueOf(mismatch, kind, "telefono").attr("value")).toBe(phone);

      const done = await visitor.post("/contacto", formData(mismatch.$, leadForm(mismatch, kind), { confirmarNumero: phone, privacidad: "on" }));
      expect(done.status).toBe(303);
      const back = new URL(done.location!, site.base);
      expect(back.pathname).toBe("/promociones");
      expect(back.searchParams.has("contacto")).toBe(false);
      const notice = await visitor.get(done.location!);
      expect(textOf(notice.$, dialogNamed(notice.$, "¡Listo!"))).toContain(saved);
      expect(dialogNamed(notice.$, title).length).toBe(0);

      const leads = (await (await site.fetch("/__mocks/leads")).json()) as Lead[];
      const lead = leads.find((entry) => entry.telefono === phone);
      expect(lead).toMatchObject({ nombre: "Rosa Martínez", telefono: phone, tipo, campania: { source: "google", medium: "cpc", campaign: "portabilidad" } });
      expect(lead?.idempotencyKey).toMatch(/\S/);

      // The notice is shown once: the page again is without it, and a new modal starts empty.
      expect(dialogNamed((await visitor.get(done.location!)).$, "¡Listo!").length).toBe(0);
      const again = await visitor.get(`/promociones?contacto=${kind}`);
      expect(valueOf(again, kind, "nombre").attr("value") ?? "").toBe("");
    });
  });
}

describe("opening and closing", () => {
  it("'Cámbiate a Bait' in the top bar links to the WhatsApp modal over /cambiate-a-bait; its page's 'Te llamamos' to the phone one", async () => {
    const visitor = site.visitor();
    const home = await visitor.get("/");
    const href = linksNamed(home.$, home.$('nav[aria-label="Accesos rápidos"]'), "Cámbiate a Bait").attr("href")!;
    const url = new URL(href, site.base);
    expect([url.pathname, url.searchParams.get("contacto")]).toEqual(["/cambiate-a-bait", "whatsapp"]);
    expect(dialogNamed((await visitor.get(href)).$, KINDS[0].title).length).toBe(1);

    const page = await visitor.get("/cambiate-a-bait");
    const call = linksNamed(page.$, page.$("main"), "Te llamamos").attr("href")!;
    expect(dialogNamed((await visitor.get(call)).$, KINDS[1].title).length).toBe(1);
  });

  it("'Cámbiate a Bait' on /promociones links to the modal over the page", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/promociones");
    const href = linksNamed(page.$, page.$("main"), "Cámbiate a Bait").attr("href")!;
    const url = new URL(href, site.base);
    expect([url.pathname, url.searchParams.get("contacto")]).toEqual(["/promociones", "whatsapp"]);
    expect(dialogNamed((await visitor.get(href)).$, KINDS[0].title).length).toBe(1);
  });

  it("the close link drops ?contacto= and keeps the page", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/paquetes?contacto=telefono");
    const href = linksNamed(page.$, dialogNamed(page.$, KINDS[1].title), "Cerrar").attr("href")!;
    const url = new URL(href, site.base);
    expect(url.pathname).toBe("/paquetes");
    expect(url.searchParams.has("contacto")).toBe(false);
    const closed = await visitor.get(href);
    expect(closed.status).toBe(200);
    expect(closed.$("dialog[open]").length).toBe(0);
  });
});
