import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../e2e/support/session";
import { alerts, fieldErrors, h1, hrefOf, logIn, mainText, PASSWORD, resetLines, statuses } from "./support/accounts";
import { useSite } from "./support/site";

/**
 * 'Actualizar Datos' (docs/profile.md) without JavaScript, for Jorge, 5566666666: the data form,
 * its Spanish refusals and the values it keeps, the password change and the session it ends, the
 * WhatsApp opt-in's confirmation as a page, the single-sign-on card, the anonymous visit. The
 * journeys with JavaScript and the axe audits are in tests/e2e/profile/profile.spec.ts.
 */
const site = useSite();
const JORGE = "5566666666";

const texts = (answer: Parameters<typeof mainText>[0]) => [...alerts(answer), ...statuses(answer), mainText(answer)].join(" | ");

describe("editar-perfil", () => {
  beforeEach(async () => {
    await resetLines(site, [JORGE]);
  });

  it("the name, e-mail and promotions opt-in change at once and are there after a new login", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", JORGE);
    const page = await visitor.get("/editar-perfil");
    expect(page.status).toBe(200);
    expect(page.$("title").text()).toBe("Actualizar Datos");
    expect(h1(page)).toBe("Actualizar Datos");
    expect(page.$('form#profile-data input[name="name"]').attr("value")).toBe("Jorge");

    const saved = await visitor.follow("/editar-perfil", { intent: "data", name: "Jorge Luis", email: "jorge.nuevo@example.com", promotions: "on" });
    expect(saved.url).toBe("/editar-perfil");
    expect(texts(saved)).toContain("Tus datos se actualizaron correctamente.");
    expect(saved.$("header").text()).toContain("Hola, Jorge Luis");

    const again = site.visitor();
    const home = await logIn(again, "mbb", JORGE);
    expect(home.url).toBe("/home");
    expect(home.$("main").text()).toContain("Hola, Jorge Luis");
    const reread = await again.get("/editar-perfil");
    expect(reread.$('input[name="name"]').attr("value")).toBe("Jorge Luis");
    expect(reread.$('input[name="email"]').attr("value")).toBe("jorge.nuevo@example.com");
    expect(reread.$('input[name="promotions"]').is("[checked]")).toBe(true);
  });

  it("a bad e-mail and an empty name are refused in Spanish beside the fields, and the typed e-mail is kept", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", JORGE);
    const refused = await visitor.post("/editar-perfil", { intent: "data", name: "", email: "jorge@" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toEqual(expect.arrayContaining(["El nombre/alias es obligatorio", "Ingresa un correo electrónico válido"]));
    expect(refused.$('form#profile-data input[name="email"]').attr("value")).toBe("jorge@");
    expect(refused.$('form#profile-data input[name="email"]').attr("aria-invalid")).toBe("true");
  });

  it("the password changes with the current one, ends the session (the old cookie opens nothing), and the new one logs in", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", JORGE);
    const wrong = await visitor.post("/editar-perfil", { intent: "password", currentPassword: "Otra2024!", password: "Nueva2025!", passwordConfirmation: "Nueva2025!" });
    expect(wrong.status).toBe(400);
    expect(texts(wrong)).toContain("La contraseña actual no es correcta.");
    expect(wrong.body).not.toContain("Nueva2025!");

    const before = visitor.cookie(SESSION_COOKIE)!;
    const changed = await visitor.post("/editar-perfil", { intent: "password", currentPassword: PASSWORD, password: "Nueva2025!", passwordConfirmation: "Nueva2025!" });
    expect(changed.status).toBe(303);
    expect(changed.location).toBe("/login?type=mbb");
    const login = await visitor.follow(changed.location!);
    expect(mainText(login)).toContain("Tu contraseña se cambió correctamente. Ya puedes iniciar sesión con ella.");
    // The session that changed it ended: its cookie, put back, gets the login page.
    visitor.setCookie(SESSION_COOKIE, before);
    expect((await visitor.follow("/editar-perfil")).url.split("?")[0]).toBe("/login");

    const again = site.visitor();
    expect((await logIn(again, "mbb", JORGE)).url.split("?")[0]).toBe("/login");
    const home = await logIn(site.visitor(), "mbb", JORGE, "Nueva2025!");
    expect(home.url).toBe("/home");
    expect(home.$("main").text()).toContain("Hola, Jorge");
  });

  it("the WhatsApp opt-in asks for confirmation on its own address, then shows at once and after a new login", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", JORGE);
    const page = await visitor.get("/editar-perfil");
    expect(hrefOf(page, "Quiero recibir avisos por WhatsApp")).toBe("/editar-perfil?confirmar=whatsapp");

    const asking = await visitor.get("/editar-perfil?confirmar=whatsapp");
    const dialog = asking.$('[role="alertdialog"]');
    expect(dialog.length).toBe(1);
    expect(dialog.text()).toContain("Avisos por WhatsApp");
    expect(dialog.text()).toContain("¿Deseas recibir los avisos de tu línea (55) 66 66 66 66 por WhatsApp?");
    expect(hrefOf(asking, "Cancelar", '[role="alertdialog"]')).toBe("/editar-perfil");
    expect((await visitor.get("/editar-perfil")).$('[role="alertdialog"]').length).toBe(0);

    const yes = dialog.find("form").filter((_, form) => asking.$(form).find('button[name="intent"][value="whatsapp"]').length > 0);
    expect(yes.attr("method")).toBe("post");
    const done = await visitor.follow(yes.attr("action")!, { intent: "whatsapp" });
    expect(texts(done)).toContain("¡Listo! Te enviaremos los avisos de tu línea por WhatsApp.");
    expect(mainText(done)).toContain("Ya recibes los avisos de tu línea por WhatsApp.");

    const again = site.visitor();
    await logIn(again, "mbb", JORGE);
    expect(mainText(await again.get("/editar-perfil"))).toContain("Ya recibes los avisos de tu línea por WhatsApp.");
  });
});

it("an anonymous visit goes to the home page", async () => {
  const answer = await site.visitor().follow("/editar-perfil");
  expect(answer.url).toBe("/");
});

it("a single-sign-on session manages password, phone and account on the SSO server's pages, not with a password form", async () => {
  const visitor = site.visitor();
  const authorize = await visitor.follow("/sso?numero=5512345678");
  const form = authorize.$("form");
  const fields = Object.fromEntries(form.find("input[name]").map((_, input) => [[authorize.$(input).attr("name")!, authorize.$(input).attr("value") ?? ""]]).get() as [string, string][]);
  expect((await visitor.follow(form.attr("action")!, { ...fields, password: PASSWORD })).url).toBe("/home");

  const page = await visitor.get("/editar-perfil");
  const card = page.$("section").filter((_, section) => page.$(section).find("h2, h3").filter((__, heading) => page.$(heading).text().trim() === "Tu Cuenta Bait").length > 0);
  expect(card.length).toBe(1);
  expect(card.text()).toContain("Tu contraseña, tu teléfono y tu cuenta se administran en Cuenta Bait.");
  expect(page.$('input[name="currentPassword"]').length).toBe(0);
  const link = (text: string) => card.find("a").filter((_, a) => page.$(a).text().trim() === text).attr("href");
  expect(link("Actualizar teléfono")).toBe("/__mocks/sso/cuenta/telefono");
  expect(link("Eliminar cuenta")).toBe("/__mocks/sso/cuenta/eliminar");
  expect(link("Cambiar contraseña")).toBe("/__mocks/sso/cuenta/contrasena");
  expect(h1(await visitor.follow(link("Cambiar contraseña")!))).toBe("Cambia tu contraseña");
});
