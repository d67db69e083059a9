import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, PORT } from "./support/env";
import { waitForHydration } from "./support/hydration";

/**
 * Return paths (docs/config.md › 'Return paths'): no redirect, 'volver' or close link leaves the
 * site, however the request writes the way back or its own path. `/.//evil.example` is what a
 * browser-style URL parser turns into `//evil.example`, a link to another host.
 */

/** A request line exactly as written: fetch and Playwright would normalise `/.//` before sending it. */
function rawGet(path: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "localhost", port: PORT, path, method: "GET" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

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
  for (const target of targets) {
    expect(target, target).not.toMatch(/^\s*[/\\]{2}|^\/\\/);
    if (/^(mailto|tel):/.test(target)) continue;
    const url = new URL(target, pageUrl);
    if (/^https?:/.test(target)) expect(url.hostname, target).not.toContain("evil.example");
    // A path such as /%5Cevil.example is a path of ours (a 404), not that host.
    else expect(url.origin, target).toBe(BASE_URL);
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

test.describe("over HTTP", () => {
  // The server's answers alone: one browser setting is enough.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour, checked once in the js project");

  for (const path of HOSTILE_PAGES) {
    test(`GET ${path} answers the 404 page, every link and form of it on our origin`, async () => {
      const response = await rawGet(path);
      expect(response.status).toBe(404);
      expect(response.body).toContain("PÁGINA NO ENCONTRADA");
      expectOnOrigin(targetsOf(response.body), `${BASE_URL}${path}`);
    });
  }

  test("GET /contacto?volver=/.//evil.example: 'Volver a la página anterior' and the form's way back go home", async () => {
    const response = await rawGet("/contacto?volver=/.//evil.example");
    expect(response.status).toBe(200);
    expect(response.body).toMatch(/<a href="\/">Volver a la página anterior<\/a>/);
    expect(response.body).toContain('name="volver" value="/"');
    expectOnOrigin(targetsOf(response.body).filter((target) => !target.startsWith("/contacto?")), `${BASE_URL}/contacto`);
  });

  test("GET /contacto?volver=/promociones keeps the way back to a config page", async () => {
    const response = await rawGet("/contacto?contacto=telefono&volver=%2Fpromociones%3Fcontacto%3Dtelefono%26x%3D1");
    expect(response.body).toMatch(/<a href="\/promociones\?x=1">Volver a la página anterior<\/a>/);
  });

  for (const volver of ["/.//evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example/"]) {
    test(`POST /contacto with volver=${JSON.stringify(volver)} redirects on our origin`, async ({ request }) => {
      const number = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      const response = await request.post("/contacto", {
        form: { tipo: "whatsapp", volver, nombre: "Rosa Pérez", telefono: number, confirmarNumero: number, privacidad: "on" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/");
    });

    test(`POST /consentimiento with redirectTo=${JSON.stringify(volver)} redirects on our origin`, async ({ request }) => {
      const response = await request.post("/consentimiento", { form: { redirectTo: volver }, maxRedirects: 0 });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/");
    });
  }

  test("POST /contacto with errors echoes the resolved way back, not the one sent", async ({ request }) => {
    const response = await request.post("/contacto", { form: { tipo: "whatsapp", volver: "/.//evil.example", nombre: "", telefono: "55" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<a href="\/">Volver a la página anterior<\/a>/);
    expect(html).not.toContain("evil.example");
  });
});

test.describe("in the browser", () => {
  async function linksOf(page: Page) {
    return page.evaluate(() => [
      ...[...document.querySelectorAll("a[href]")].map((element) => element.getAttribute("href") ?? ""),
      ...[...document.querySelectorAll("form[action]")].map((element) => element.getAttribute("action") ?? ""),
      ...[...document.querySelectorAll<HTMLInputElement>('input[name="redirectTo"], input[name="volver"]')].map((element) => element.value),
    ]);
  }

  test("the 404 at //evil.example?modal=…: every link stays here, and closing the modal lands on our home page", async ({ page }) => {
    const pageUrl = `${BASE_URL}//evil.example?modal=politica-de-cookies`;
    await page.goto(pageUrl);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "PÁGINA NO ENCONTRADA" })).toBeVisible();
    expectOnOrigin(await linksOf(page), pageUrl);

    await page.getByRole("dialog").getByRole("link", { name: "Cerrar", exact: true }).click();
    // Without JavaScript the close link lands on the page's main (#contenido).
    await expect(page).toHaveURL((url) => url.origin === BASE_URL && url.pathname === "/" && url.search === "" && ["", "#contenido"].includes(url.hash));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the 404 at //evil.example?contacto=…: the lead modal's links and way back stay here", async ({ page }) => {
    const pageUrl = `${BASE_URL}//evil.example?contacto=telefono`;
    await page.goto(pageUrl);
    await waitForHydration(page);
    await expect(page.getByRole("dialog")).toBeVisible();
    expectOnOrigin(await linksOf(page), pageUrl);
    await expect(page.getByRole("dialog").locator('input[name="volver"]')).toHaveValue("/");
  });
});
