import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { rawGet } from "./support/payments";
import { useSite } from "./support/site";

/**
 * Return paths (docs/config.md › 'Return paths'): no redirect, 'volver' or close link leaves the
 * site, however the request writes the way back or its own path. `/.//evil.example` is what a
 * browser-style URL parser turns into `//evil.example`, a link to another host. The browser part
 * (closing the modal with JavaScript, the links of the hydrated page) is in
 * tests/e2e/return-paths.spec.ts.
 */
const site = useSite();

/** Every link, form target and way-back field of a page, as written in its HTML. */
function targetsOf(html: string): string[] {
  const attributes = [...html.matchAll(/\s(?:href|action|formaction|src)="([^"]*)"/g)].map((match) => match[1] ?? "");
  const wayBack = [...html.matchAll(/name="(?:redirectTo|volver)" value="([^"]*)"/g)].map((match) => match[1] ?? "");
  return [...attributes, ...wayBack].map((value) => value.replaceAll("&amp;", "&"));
}

/**
 * A target the page built stays on our origin and never starts with `//` or `/\`; the only
 * absolute URLs are the ones site.json writes (footer, social links), never the request's host.
 */
function expectOnOrigin(targets: string[], pageUrl: string) {
  expect(targets.length).toBeGreaterThan(20);
  const origin = new URL(site.base).origin;
  for (const target of targets) {
    expect(target, target).not.toMatch(/^\s*[/\\]{2}|^\/\\/);
    if (/^(mailto|tel):/.test(target)) continue;
    const url = new URL(target, pageUrl);
    if (/^https?:/.test(target)) expect(url.hostname, target).not.toContain("evil.example");
    // A path such as /%5Cevil.example is a path of ours (a 404), not that host.
    else expect(url.origin, target).toBe(origin);
  }
}

const HOSTILE_PAGES = [
  "//evil.example?modal=contacto",
  "//evil.example?modal=politica-de-cookies",
  "/.//evil.example?modal=politica-de-cookies",
  "/.//evil.example?contacto=telefono",
  "//evil.example?contacto=whatsapp",
  "//evil.example?widget=beneficios",
  "//evil.example?cookies=opciones",
  "//evil.example?pdf=/docs/practicas-comerciales.pdf",
  "/\\evil.example?modal=politica-de-cookies",
  "/%5Cevil.example?modal=politica-de-cookies",
];

describe("pages at a hostile address", () => {
  it.each(HOSTILE_PAGES)("GET %s answers the 404 page, every link and form of it on our origin", async (path) => {
    const answer = await rawGet(site.base, path);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("PÁGINA NO ENCONTRADA");
    expectOnOrigin(targetsOf(answer.body), `${site.base}${path}`);
  });

  it("the 404 at //evil.example?modal=…: the modal's 'Cerrar' leads to our home page, which has no modal", async () => {
    const answer = await rawGet(site.base, "//evil.example?modal=politica-de-cookies");
    const $ = cheerio.load(answer.body);
    const close = $('[role="dialog"] a, dialog a').filter((_, a) => $(a).text().trim() === "Cerrar" || $(a).attr("aria-label") === "Cerrar");
    expect(close.length).toBeGreaterThan(0);
    const href = close.first().attr("href")!;
    // Without JavaScript the close link lands on the page's main (#contenido).
    expect(["/", "/#contenido"]).toContain(href);
    const home = await site.visitor().get(href.split("#")[0]!);
    expect(home.status).toBe(200);
    expect(home.$('[role="dialog"], dialog').length).toBe(0);
  });

  it("the 404 at //evil.example?contacto=…: the lead modal's way back is /", async () => {
    const answer = await rawGet(site.base, "//evil.example?contacto=telefono");
    const $ = cheerio.load(answer.body);
    expect($('[role="dialog"], dialog').length).toBeGreaterThan(0);
    expect($('input[name="volver"]').attr("value")).toBe("/");
  });
});

describe("the way back of the contact form and of the cookie consent", () => {
  it("GET /contacto?volver=/.//evil.example: 'Volver a la página anterior' and the form's way back go home", async () => {
    const answer = await rawGet(site.base, "/contacto?volver=/.//evil.example");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/<a href="\/">Volver a la página anterior<\/a>/);
    expect(answer.body).toContain('name="volver" value="/"');
    expectOnOrigin(
      targetsOf(answer.body).filter((target) => !target.startsWith("/contacto?")),
      `${site.base}/contacto`,
    );
  });

  it("GET /contacto?volver=/promociones keeps the way back to a config page", async () => {
    const answer = await rawGet(site.base, "/contacto?contacto=telefono&volver=%2Fpromociones%3Fcontacto%3Dtelefono%26x%3D1");
    expect(answer.body).toMatch(/<a href="\/promociones\?x=1">Volver a la página anterior<\/a>/);
  });

  describe.each(["/.//evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example/"])("volver=%j", (volver) => {
    it("POST /contacto redirects on our origin", async () => {
      const number = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      const answer = await site.visitor().post("/contacto", { tipo: "whatsapp", volver, nombre: "Rosa Pérez", telefono: number, confirmarNumero: number, privacidad: "on" });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/");
    });

    it("POST /consentimiento with it as redirectTo redirects on our origin", async () => {
      const answer = await site.visitor().post("/consentimiento", { redirectTo: volver });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe("/");
    });
  });

  it("POST /contacto with errors echoes the resolved way back, not the one sent", async () => {
    const answer = await site.visitor().post("/contacto", { tipo: "whatsapp", volver: "/.//evil.example", nombre: "", telefono: "55" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/<a href="\/">Volver a la página anterior<\/a>/);
    expect(answer.body).not.toContain("evil.example");
  });
});
