import { describe, expect, it } from "vitest";
import { alerts, fieldErrors, h1, hrefOf, logIn, mainText, PASSWORD } from "./support/accounts";
import { useSite } from "./support/site";

/**
 * Logging in without JavaScript (docs/accounts.md "Login", "Single sign-on"): the form's posts for
 * the three line profiles, the Spanish messages and the number kept after a refusal, the way back
 * to the page that asked for the login, the logout, and the SSO round trip. What needs a browser
 * (the profile tabs, client-side validation, axe) is in tests/e2e/accounts/login.spec.ts.
 */
const site = useSite();

describe("login", () => {
  it.each([
    { profile: "mbb", number: "5512345678", name: "Ana" },
    { profile: "hbb", number: "5598765432", name: "Casa Demo" },
    { profile: "mifi", number: "5576543210", name: "Portátil Demo" },
  ] as const)("$profile $number logs in with Bait2024! and lands on /home with its balance", async ({ profile, number, name }) => {
    const visitor = site.visitor();
    const tab = await visitor.get(`/login?type=${profile}`);
    expect(tab.$(`form[action="/login?type=${profile}"][method="post"]`).length).toBe(1);
    const home = await logIn(visitor, profile, number);
    expect(home.url).toBe("/home");
    expect(h1(home)).toBe("Mi cuenta Bait");
    expect(home.$("main").text()).toContain(`Hola, ${name}`);
    expect(home.$("header").text()).toContain(`Hola, ${name}`);
    expect(home.$("h2, h3").filter((_, node) => home.$(node).text().includes("Datos de consumo")).length).toBeGreaterThan(0);
    expect(home.$(".balance-list__item").first().text()).toContain("disponibles");
  });

  it("the page is titled 'Inicio de sesión' and links recovery and registration for the chosen type", async () => {
    const page = await site.visitor().get("/login?type=hbb");
    expect(page.$("title").text()).toBe("Inicio de sesión");
    expect(h1(page)).toBe("Inicio de sesión");
    expect(hrefOf(page, "Olvidé mi contraseña")).toBe("/recuperacion?type=hbb");
    expect(hrefOf(page, "Regístrate")).toBe("/registro?type=hbb");
    expect(page.$("a").filter((_, a) => page.$(a).text().includes("Consulta nuestro Aviso de privacidad")).attr("href")).toBe("https://legal.bait.mx/aviso-de-privacidad");
  });

  it("an empty form says what is missing, in Spanish, beside each field", async () => {
    const answer = await site.visitor().post("/login?type=mbb", { number: "", password: "" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual(["El número Bait es obligatorio", "La contraseña es requerida"]);
    expect(answer.$('input[name="number"]').attr("aria-invalid")).toBe("true");
  });

  it("a short number asks for 10 digits and letters are 'Número inválido'", async () => {
    const visitor = site.visitor();
    expect(fieldErrors(await visitor.post("/login?type=mbb", { number: "551234567", password: PASSWORD }))).toEqual(["Ingresa los 10 dígitos de tu número Bait"]);
    expect(fieldErrors(await visitor.post("/login?type=mbb", { number: "55123abcde", password: PASSWORD }))).toEqual(["Número inválido"]);
  });

  it("the service-number messages for Internet en Casa", async () => {
    const visitor = site.visitor();
    expect(fieldErrors(await visitor.post("/login?type=hbb", { number: "", password: "" }))).toContain("El número de servicio es obligatorio");
    expect(fieldErrors(await visitor.post("/login?type=hbb", { number: "55987", password: PASSWORD }))).toEqual(["Ingresa los 10 dígitos de tu número de servicio"]);
  });

  it("a wrong password says 'Hubo un error al validar tus datos' (400) and keeps the number; the password never comes back", async () => {
    const answer = await site.visitor().post("/login?type=hbb", { number: "5598765432", password: "Equivocada1!" });
    expect(answer.status).toBe(400);
    expect(alerts(answer)).toContain("Hubo un error al validar tus datos");
    expect(answer.$('input[name="number"]').attr("value")).toBe("5598765432");
    expect(answer.$('input[name="password"]').attr("value") ?? "").toBe("");
    expect(answer.body).not.toContain("Equivocada1!");
  });

  it("a wrong password gets the same words and status for a number with an account (5545678901) and one without (5534567890)", async () => {
    const said = [];
    for (const number of ["5545678901", "5534567890"]) {
      const answer = await site.visitor().post("/login?type=mbb", { number, password: "Equivocada1!" });
      // What the answer says, without the page's texts as data (the catalogue's JSON block, the same for every visitor).
      expect(answer.body.replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, "")).not.toContain("no tiene una cuenta");
      said.push({ status: answer.status, alerts: alerts(answer), errors: fieldErrors(answer) });
    }
    expect(said[1]).toEqual(said[0]);
    expect(said[0]).toEqual({ status: 400, alerts: ["Hubo un error al validar tus datos"], errors: [] });
  });

  it("a wrong password for a single-sign-on line says 'Hubo un error al validar tus datos'", async () => {
    const answer = await site.visitor().post("/login?type=mbb", { number: "5512345678", password: "Equivocada1!" });
    expect(answer.status).toBe(400);
    expect(alerts(answer)).toContain("Hubo un error al validar tus datos");
  });

  it("a visitor sent from /recurrente logs in and comes back to /recurrente", async () => {
    const visitor = site.visitor();
    const sent = await visitor.follow("/recurrente");
    expect(sent.url).toBe("/login");
    const back = await logIn(visitor, "mbb", "5512345678");
    expect(back.url).toBe("/recurrente");
    expect(back.status).toBe(200);
  });

  it("'Cerrar Sesión' after a real login ends the session and goes home", async () => {
    const visitor = site.visitor();
    const home = await logIn(visitor, "mifi", "5576543210");
    expect(home.url).toBe("/home");
    const logout = home.$("header form").filter((_, form) => home.$(form).find("button").text().trim() === "Cerrar Sesión");
    expect(logout.attr("method")).toBe("post");
    const out = await visitor.follow(logout.attr("action")!, {});
    expect(out.url).toBe("/");
    expect(hrefOf(out, "Iniciar Sesión", "header")).toBeDefined();
    expect((await visitor.follow("/home")).url).toBe("/");
  });

  it("a customer logged in through the form who opens /login goes to /home", async () => {
    const visitor = site.visitor();
    expect((await logIn(visitor, "hbb", "5598765432")).url).toBe("/home");
    expect((await visitor.follow("/login")).url).toBe("/home");
  });
});

describe("single sign-on", () => {
  it("Ana (sso flag on for her number) signs in on the SSO server and comes back signed in", async () => {
    const visitor = site.visitor();
    const authorize = await visitor.follow("/sso?numero=5512345678");
    expect(authorize.url.split("?")[0]).toBe("/__mocks/sso/authorize");
    expect(h1(authorize)).toBe("Inicia sesión");
    expect(authorize.$('input[name="number"]').attr("value")).toBe("5512345678");
    const form = authorize.$("form");
    const fields = Object.fromEntries(form.find("input[name]").map((_, input) => [[authorize.$(input).attr("name")!, authorize.$(input).attr("value") ?? ""]]).get() as [string, string][]);
    const home = await visitor.follow(form.attr("action")!, { ...fields, password: PASSWORD });
    expect(home.url).toBe("/home");
    expect(home.$("main").text()).toContain("Hola, Ana");
    expect(mainText(home)).toContain("Datos de consumo");

    // Her Cuenta Bait page links to the SSO server's own pages.
    const account = await visitor.get(home.$("a").filter((_, a) => home.$(a).text().trim() === "Tu Cuenta Bait").first().attr("href")!);
    expect(account.status).toBe(200);
    expect(h1(account)).toBe("Tu Cuenta Bait");
    const link = (text: string) => account.$("a").filter((_, a) => account.$(a).text().includes(text)).attr("href");
    expect(link("Cambiar contraseña")).toBe("/__mocks/sso/cuenta/contrasena");
    expect(link("Eliminar mi cuenta")).toBe("/__mocks/sso/cuenta/eliminar");
  });

  it("a number the flag does not cover is sent home", async () => {
    expect((await site.visitor().follow("/sso?numero=5598765432")).url).toBe("/");
  });

  it("a callback with a state this browser did not start is refused", async () => {
    const visitor = site.visitor();
    expect(h1(await visitor.follow("/sso?numero=5512345678"))).toBe("Inicia sesión");
    const refused = await visitor.follow("/sso-callback?code=mock-code-5512345678&state=forged");
    expect(refused.url).toBe("/login");
    expect(mainText(refused)).toContain("No pudimos iniciar tu sesión con Cuenta Bait. Por favor inténtalo de nuevo.");
    expect((await visitor.follow("/home")).url).toBe("/");
  });
});
