import { describe, expect, it } from "vitest";
import { expectedHeading, pageAt, site as siteConfig } from "../e2e/support/config";
import { ana, luis } from "../e2e/support/session";
import { useSite } from "./support/site";

/**
 * Where each address leads without JavaScript: legacy redirects, the 404, the pages only a guest or
 * only a customer may see, and the pages behind a feature flag. What the browser adds (the user
 * menu's 'Cerrar Sesión') is in tests/e2e/routing.spec.ts.
 */
const site = useSite();
const h1 = (answer: { $: import("cheerio").CheerioAPI }) => answer.$("h1").first().text().trim();
const greeting = (answer: { $: import("cheerio").CheerioAPI }, name: string) =>
  answer.$("header").text().includes(`Hola, ${name}`);

describe("legacy addresses", () => {
  it.each(siteConfig.redirects)("$from answers 301 to $to", async ({ from, to }) => {
    const answer = await site.visitor().get(from);
    expect(answer.status).toBe(301);
    expect(new URL(answer.location!, site.base).href).toBe(new URL(to, site.base).href);
  });
});

describe("unknown addresses", () => {
  it("/esta-pagina-no-existe answers 404 with 'PÁGINA NO ENCONTRADA' and a link home", async () => {
    const answer = await site.visitor().get("/esta-pagina-no-existe");
    expect(answer.status).toBe(404);
    expect(h1(answer)).toBe("PÁGINA NO ENCONTRADA");
    expect(answer.$("main").text()).toContain("La página que buscas no está disponible");
    const home = answer.$("main a").filter((_, a) => answer.$(a).text().trim() === "Ir al inicio");
    expect(home.attr("href")).toBe("/");
    const landing = await site.visitor().get("/");
    expect(h1(landing)).toBe(expectedHeading(pageAt("/")));
  });
});

describe("guest-only pages", () => {
  const headings: Record<string, string> = { "/login": "Inicio de sesión", "/recuperacion": "Cambio de contraseña", "/registro": "Crea tu cuenta Bait" };
  it.each(Object.entries(headings))("%s answers 200 to an anonymous visitor with the heading '%s'", async (pathname, heading) => {
    const answer = await site.visitor().get(pathname);
    expect(answer.status).toBe(200);
    expect(h1(answer)).toBe(heading);
  });

  it("/completar-registro without a verified code goes back to /registro", async () => {
    const answer = await site.visitor().follow("/completar-registro");
    expect(answer.url).toBe("/registro");
  });

  it.each(["/login", "/recuperacion", "/registro", "/completar-registro"])("%s sends a logged-in customer to /home", async (pathname) => {
    const ana_ = site.visitor();
    await ana_.signIn(ana);
    const answer = await ana_.follow(pathname);
    expect(answer.url).toBe("/home");
    expect(h1(answer)).toBe("Mi cuenta Bait");
  });
});

describe("customer pages", () => {
  it.each(["/home", "/editar-perfil"])("%s sends an anonymous visitor to /", async (pathname) => {
    const answer = await site.visitor().follow(pathname);
    expect(answer.url).toBe("/");
    expect(answer.$("header a").filter((_, a) => answer.$(a).text().trim() === "Iniciar Sesión").length).toBeGreaterThan(0);
  });

  it("/recurrente sends an anonymous visitor to /login", async () => {
    const answer = await site.visitor().follow("/recurrente");
    expect(answer.url.split("?")[0]).toBe("/login");
    expect(h1(answer)).toBe("Inicio de sesión");
  });

  it.each(["/home", "/recurrente", "/editar-perfil"])("%s answers 200 to a logged-in customer, greeted 'Hola, Ana'", async (pathname) => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const answer = await visitor.get(pathname);
    expect(answer.status).toBe(200);
    // Route files of their own carry their heading; config pages take it from their JSON.
    const routeHeadings: Record<string, string> = { "/home": "Mi cuenta Bait", "/editar-perfil": "Actualizar Datos" };
    expect(h1(answer)).toBe(routeHeadings[pathname] ?? pageAt(pathname).heading);
    expect(greeting(answer, "Ana")).toBe(true);
  });
});

describe("feature-flag gates", () => {
  const pospago = pageAt("/bait-pospago");
  const frameTitle = pospago.blocks.find((block) => block.type === "embed")?.title as string;

  it.each(["/sso", "/sso-callback", "/bait-pospago"])("%s sends an anonymous visitor to /", async (pathname) => {
    expect((await site.visitor().follow(pathname)).url).toBe("/");
  });

  it(`/bait-pospago answers 200 to Ana (pospaid on) and shows the frame «${frameTitle}»`, async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const answer = await visitor.get("/bait-pospago");
    expect(answer.status).toBe(200);
    expect(h1(answer)).toBe(pospago.heading);
    expect(answer.$(`iframe[title="${frameTitle}"]`).length).toBe(1);
  });

  it("/sso shows Ana (sso on) her 'Tu Cuenta Bait' page", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const answer = await visitor.get("/sso");
    expect(answer.status).toBe(200);
    expect(h1(answer)).toBe("Tu Cuenta Bait");
  });

  it.each(["/bait-pospago", "/sso"])("%s sends Luis (flag off for him) to /", async (pathname) => {
    const visitor = site.visitor();
    await visitor.signIn(luis);
    const answer = await visitor.follow(pathname);
    expect(answer.url).toBe("/");
    expect(greeting(answer, "Luis")).toBe(true);
  });

  it.each(["/e-sim", "/internet-empresarial"])("%s answers 200 (flag on by default)", async (pathname) => {
    expect((await site.visitor().get(pathname)).status).toBe(200);
  });
});
