import { describe, expect, it } from "vitest";
import { ana, SESSION_COOKIE } from "../e2e/support/session";
import { h1, mainText, PASSWORD, signInAgo } from "./support/accounts";
import { useSite } from "./support/site";

/**
 * Server-side sessions without JavaScript (docs/accounts.md "Sessions", "Step-up", "Private
 * answers"): a cookie kept from before a logout opens nothing, signed-in answers are nobody
 * else's, and the changes to the line ask for the password again after 10 minutes. The step-up's
 * form with JavaScript is in tests/e2e/customer/sessions.spec.ts.
 */
const site = useSite();

/** Every page that shows the customer's data, and every action that acts as her. */
const SIGNED_IN_PAGES = ["/home", "/recurrente", "/editar-perfil", "/reposicion-sim", "/factura", "/confirmar-identidad?volver=%2Feditar-perfil"];
const SIGNED_IN_ACTIONS: [string, Record<string, string>][] = [
  ["/editar-perfil", { intent: "data", name: "Intrusa", email: "intrusa@example.com" }],
  ["/editar-perfil", { intent: "password", currentPassword: PASSWORD, password: "Otra2025!x", passwordConfirmation: "Otra2025!x" }],
  ["/reposicion-sim", { iccid: "1234567890123", email: "intrusa@example.com", reason: "robo" }],
  ["/factura", { rfc: "XAXX010101000" }],
  ["/cambio-nir", { nir: "81" }],
  ["/recurrente", { intent: "create" }],
  ["/confirmar-identidad?volver=%2Feditar-perfil", { password: PASSWORD }],
];
/** What of Ana's would give her away on a page. */
const ANAS_DATA = [/Hola, Ana/, /demo\.mbb@example\.com/, /\(55\) 12 34 56 78/, /"5512345678"/];

it("a session cookie replayed after the logout is refused on every signed-in page and action: /login, none of the customer's data", async () => {
  const visitor = site.visitor();
  const kept = await signInAgo(site, visitor, ana, 0);
  const profile = await visitor.get("/editar-perfil");
  expect(profile.$('input[name="email"]').attr("value")).toBe(ana.email);

  const logout = await visitor.post("/logout", {});
  expect(logout.status).toBe(303);
  expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();

  for (const pathname of SIGNED_IN_PAGES) {
    visitor.setCookie(SESSION_COOKIE, kept);
    const answer = await visitor.follow(pathname);
    expect(answer.url.split("?")[0], pathname).toBe("/login");
    for (const pattern of ANAS_DATA) expect(answer.body, `${pathname} ${pattern}`).not.toMatch(pattern);
    // The stale cookie is gone from the browser.
    expect(visitor.cookie(SESSION_COOKIE), pathname).toBeUndefined();
  }

  for (const [pathname, form] of SIGNED_IN_ACTIONS) {
    visitor.setCookie(SESSION_COOKIE, kept);
    const answer = await visitor.post(pathname, form);
    expect(answer.status, pathname).toBe(302);
    expect(answer.location, pathname).toBe("/login");
  }
});

it("a signed-in answer is private, no-store (document and data), and the anonymous visitor after her never sees 'Hola, Ana'", async () => {
  const visitor = site.visitor();
  await visitor.signIn(ana);
  for (const pathname of ["/", "/recargas", "/home"]) {
    const answer = await visitor.get(pathname);
    expect(answer.status, pathname).toBe(200);
    expect(answer.headers.get("cache-control"), pathname).toBe("private, no-store");
    expect(answer.$("header").text(), pathname).toContain("Hola, Ana");
  }
  // The client-side navigation's data (single fetch) is private too.
  for (const pathname of ["/_root.data", "/recargas.data"]) {
    expect((await visitor.get(pathname)).headers.get("cache-control"), pathname).toBe("private, no-store");
  }
  const anonymous = site.visitor();
  for (let round = 0; round < 2; round += 1) {
    const answer = await anonymous.get("/");
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain("Hola, Ana");
  }
});

describe("the step-up", () => {
  it("a sign-in older than 10 minutes asks for the password before 'Actualizar Datos', refuses a wrong one, then goes back to the page", async () => {
    const visitor = site.visitor();
    await signInAgo(site, visitor, ana, 11);
    const ask = await visitor.follow("/editar-perfil");
    expect(ask.url).toBe("/confirmar-identidad?volver=%2Feditar-perfil");
    expect(ask.$("h1, h2").filter((_, node) => ask.$(node).text().trim() === "Confirma que eres tú").length).toBe(1);

    const wrong = await visitor.post(ask.url, { password: "NoEsLaMia2024!" });
    expect(wrong.status).toBe(400);
    expect(mainText(wrong)).toContain("La contraseña no es correcta. Revísala e inténtalo de nuevo.");

    const back = await visitor.follow(ask.url, { password: PASSWORD });
    expect(back.url).toBe("/editar-perfil");
    expect(back.$('input[name="email"]').attr("value")).toBe(ana.email);
    // Confirmed: the other changes to the line do not ask again for 10 minutes.
    expect((await visitor.follow("/reposicion-sim")).url).toBe("/reposicion-sim");
  });

  it("the SIM replacement and the area-code change ask too; 'volver' goes only to those pages", async () => {
    const visitor = site.visitor();
    await signInAgo(site, visitor, ana, 11);
    expect((await visitor.follow("/reposicion-sim")).url).toBe("/confirmar-identidad?volver=%2Freposicion-sim");
    const change = await visitor.post("/cambio-nir", { nir: "81" });
    expect(change.status).toBe(303);
    expect(change.location).toBe("/confirmar-identidad?volver=%2Fcambio-nir");

    const elsewhere = await visitor.follow(`/confirmar-identidad?volver=${encodeURIComponent("https://example.com/robar")}`, { password: PASSWORD });
    expect(elsewhere.url).toBe("/home");
    expect(h1(elsewhere)).toBe("Mi cuenta Bait");
  });
});
