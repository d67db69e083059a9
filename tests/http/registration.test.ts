import { describe, expect, it } from "vitest";
import { fieldErrors, h1, hrefOf, logIn, mainText } from "./support/accounts";
import { useSite, type Visitor } from "./support/site";

/**
 * Registration without JavaScript (docs/accounts.md "Registration", spec §2, §4, §5, §8): each
 * step's post, its redirect, the Spanish messages beside the fields and the values kept, the
 * lockout after three wrong codes, the pages that need an earlier step, and the verified code
 * dropped when the visitor leaves the registration. The browser part (client-side validation, the
 * live ICCID check, the code's cells, axe) is in tests/e2e/accounts/registration.spec.ts and
 * tests/e2e/accounts/code-and-flow.spec.ts.
 */
const site = useSite();
const NEW_PASSWORD = "Nueva2024!";
const buttons = (answer: { $: import("cheerio").CheerioAPI }) =>
  answer
    .$("main button")
    .map((_, button) => answer.$(button).text().trim())
    .get();

/** Step 0 of a mobile line's registration, posted; answers the page it leads to. */
const startMobile = (visitor: Visitor, number: string, confirmation = number) => visitor.follow("/registro?type=mbb", { number, confirmation });
const verify = (visitor: Visitor, type: string, code: string) => visitor.follow(`/registro?type=${type}&verification=1`, { intent: "verify", code });

describe("registration", () => {
  it("a mobile line (5523456789): number twice, code 1234, '¡Teléfono Verificado!', the completion's messages, then the login with the new password", async () => {
    const visitor = site.visitor();
    const start = await visitor.get("/registro?type=mbb");
    expect(h1(start)).toBe("Crea tu cuenta Bait");
    const step1 = await startMobile(visitor, "5523456789");
    expect(step1.url).toBe("/registro?type=mbb&verification=1");
    expect(h1(step1)).toBe("Verifica tu número");
    expect(mainText(step1)).toContain("Enviamos un código de 4 dígitos por SMS al (55) 23 45 67 89.");
    expect(buttons(step1)).toContain("Enviar nuevamente");

    const complete = await verify(visitor, "mbb", "1234");
    expect(complete.url).toBe("/completar-registro");
    expect(h1(complete)).toBe("¡Teléfono Verificado!");

    // The spec's messages first: nothing but a weak password, then a bad e-mail and another confirmation.
    const weak = await visitor.post("/completar-registro", { name: "", email: "", password: "debil", passwordConfirmation: "otra" });
    expect(weak.status).toBe(400);
    expect(fieldErrors(weak)).toEqual(expect.arrayContaining(["El nombre/alias es obligatorio", "El correo electrónico es obligatorio", "La contraseña ingresada es inválida"]));
    const mismatch = await visitor.post("/completar-registro", { name: "Nuevo", email: "nuevo@", password: NEW_PASSWORD, passwordConfirmation: "Nueva2024?" });
    expect(fieldErrors(mismatch)).toEqual(expect.arrayContaining(["Ingresa un correo electrónico válido", "La contraseña no coincide"]));
    expect(fieldErrors(mismatch)).not.toContain("El nombre/alias es obligatorio");
    expect(mismatch.$('input[name="name"]').attr("value")).toBe("Nuevo");
    expect(mismatch.$('input[name="email"]').attr("value")).toBe("nuevo@");

    const login = await visitor.follow("/completar-registro", { name: "Nuevo", email: "nuevo@example.com", password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, promotions: "on" });
    expect(login.url).toBe("/login?type=mbb");
    expect(mainText(login)).toContain("¡Listo! Tu cuenta Bait quedó registrada. Ya puedes iniciar sesión.");
    const home = await logIn(visitor, "mbb", "5523456789", NEW_PASSWORD);
    expect(home.url).toBe("/home");
  });

  it("a home-internet line (5587654321): phone, e-mail, service number and ICCID, then the login by service number", async () => {
    const visitor = site.visitor();
    const mobile = await visitor.get("/registro");
    expect(hrefOf(mobile, "Internet en Casa", 'nav[aria-label="Tipo de línea"]')).toBe("/registro?type=hbb");
    const start = await visitor.get("/registro?type=hbb");
    expect(mainText(start)).toContain("895214");
    const help = start.$("details").filter((_, details) => start.$(details).find("summary").text().trim() === "¿Dónde encuentro el ICCID?");
    expect(help.find('img[alt="Tarjeta SIM Bait: el ICCID es el número de 19 dígitos impreso debajo del chip."]').length).toBe(1);

    const step1 = await visitor.follow("/registro?type=hbb", { phone: "5522223333", email: "casa@example.com", serviceNumber: "5587654321", iccid: "0000000000013" });
    expect(step1.url).toBe("/registro?type=hbb&verification=1");
    expect(mainText(step1)).toContain("Enviamos un código de 4 dígitos por SMS al (55) 22 22 33 33.");
    const complete = await verify(visitor, "hbb", "1234");
    expect(complete.url).toBe("/completar-registro");
    expect(complete.$('input[name="email"]').attr("value")).toBe("casa@example.com");

    const login = await visitor.follow("/completar-registro", { name: "Casa", email: "casa@example.com", password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, promotions: "on" });
    expect(login.url).toBe("/login?type=hbb");
    expect(mainText(login)).toContain("¡Listo! Tu cuenta Bait quedó registrada. Ya puedes iniciar sesión.");
    expect((await logIn(visitor, "hbb", "5587654321", NEW_PASSWORD)).url).toBe("/home");
  });

  it("the ICCID of another service, or of another service number, is refused with its message", async () => {
    const visitor = site.visitor();
    const form = { phone: "5522223333", email: "casa@example.com", serviceNumber: "5587654321", iccid: "0000000000021" };
    const otherProfile = await visitor.post("/registro?type=hbb", form);
    expect(otherProfile.status).toBe(400);
    expect(fieldErrors(otherProfile)).toEqual(["El ICCID ingresado no pertenece a un servicio de Internet en Casa. Revisa que esté bien escrito."]);
    expect(otherProfile.$('input[name="iccid"]').attr("value")).toBe("0000000000021");
    const otherNumber = await visitor.post("/registro?type=hbb", { ...form, serviceNumber: "5598765432", iccid: "0000000000013" });
    expect(fieldErrors(otherNumber)).toEqual(["El ICCID ingresado no corresponde al número de servicio que escribiste. Revisa tus datos."]);
  });

  it("a number that already has an account (5512345678): 'Enviar nuevamente', then the code goes to /recuperacion?exist=1", async () => {
    const visitor = site.visitor();
    expect((await startMobile(visitor, "5512345678")).url).toBe("/registro?type=mbb&verification=1");
    const resent = await visitor.follow("/registro?type=mbb&verification=1", { intent: "resend" });
    expect(resent.url).toBe("/registro?type=mbb&verification=1");
    expect(mainText(resent)).toContain("Te enviamos un nuevo código.");
    const recovery = await verify(visitor, "mbb", "1234");
    expect(recovery.url).toBe("/recuperacion?exist=1&type=mbb");
    expect(mainText(recovery)).toContain("el número Bait ingresado ya tiene una cuenta registrada");
  });

  it("three wrong codes (portable internet, 5571234567): 'El código ingresado es incorrecto.', then the lockout with its countdown and 'Actualizar'", async () => {
    const visitor = site.visitor();
    const step1 = await visitor.follow("/registro?type=mifi", { phone: "5544445555", email: "mifi@example.com", serviceNumber: "5571234567", iccid: "0000000000021" });
    expect(step1.url).toBe("/registro?type=mifi&verification=1");
    expect(mainText(step1)).toContain("Enviamos un código de 4 dígitos por SMS al (55) 44 44 55 55.");

    const first = await visitor.post("/registro?type=mifi&verification=1", { intent: "verify", code: "0000" });
    expect(first.status).toBe(400);
    expect(fieldErrors(first)).toEqual(["El código ingresado es incorrecto. Te quedan 2 intentos."]);
    expect(first.$('input[name="code"]').attr("value")).toBe("");
    const second = await visitor.post("/registro?type=mifi&verification=1", { intent: "verify", code: "1111" });
    expect(fieldErrors(second)).toEqual(["El código ingresado es incorrecto. Te queda 1 intento antes de que bloqueemos tu número por una hora."]);

    const locked = await verify(visitor, "mifi", "2222");
    expect(locked.url).toBe("/registro?type=mifi&verification=1");
    expect(h1(locked)).toBe("Demasiados intentos");
    expect(mainText(locked)).toContain("iUps! Parece que has alcanzado el número máximo de intentos... vuelve a intentarlo en una hora");
    expect(locked.$('[role="timer"]').text()).toMatch(/^(59 minutos \d+ segundos?|1 hora 0 minutos 0 segundos)$/);
    expect(buttons(locked)).not.toContain("Verificar número");
    expect(buttons(locked)).not.toContain("Enviar nuevamente");
    expect(hrefOf(locked, "Actualizar", "main")).toBe("/registro?type=mifi&verification=1");
  });

  it("a number already locked out (5566666666) goes straight to the lockout", async () => {
    const locked = await startMobile(site.visitor(), "5566666666");
    expect(locked.url).toBe("/registro?type=mbb&verification=1");
    expect(h1(locked)).toBe("Demasiados intentos");
    expect(locked.$('[role="timer"]').text()).toContain("minuto");
  });
});

describe("registration without the state of an earlier step", () => {
  it("/completar-registro without a verified code goes to /registro", async () => {
    const answer = await site.visitor().follow("/completar-registro");
    expect(answer.url).toBe("/registro");
    expect(h1(answer)).toBe("Crea tu cuenta Bait");
  });

  it("step 1 without a code sent goes back to step 0", async () => {
    expect((await site.visitor().follow("/registro?type=hbb&verification=1")).url).toBe("/registro?type=hbb");
  });

  it("step 0 says what is missing or wrong, with the spec's texts, and keeps what was typed", async () => {
    const visitor = site.visitor();
    const missing = await visitor.post("/registro?type=mbb", { number: "5523456789", confirmation: "" });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing)).toEqual(["La confirmación de número es obligatoria"]);
    expect(missing.$('input[name="number"]').attr("value")).toBe("5523456789");
    const mismatch = await visitor.post("/registro?type=mbb", { number: "5523456789", confirmation: "5523456780" });
    expect(fieldErrors(mismatch)).toEqual(["El número no coincide"]);

    const mifi = await visitor.post("/registro?type=mifi", { phone: "", email: "mifi@example", serviceNumber: "", iccid: "" });
    expect(fieldErrors(mifi)).toEqual(expect.arrayContaining(["Ingresa un correo electrónico válido", "El ICCID es obligatorio", "El número telefónico es obligatorio"]));
    expect(mifi.$('input[name="email"]').attr("value")).toBe("mifi@example");
    const noEmail = await visitor.post("/registro?type=mifi", { phone: "", email: "", serviceNumber: "", iccid: "" });
    expect(fieldErrors(noEmail)).toContain("El correo electrónico es obligatorio");
  });
});

describe("the verification code", () => {
  it("is one field for the phone's keypad and SMS autofill", async () => {
    const visitor = site.visitor();
    const step = await visitor.follow("/recuperacion?type=mifi", { serviceNumber: "5576543210", phone: "5533334444" });
    expect(step.url).toBe("/recuperacion?type=mifi&verification=2");
    const code = step.$('input[name="code"]');
    expect(code.length).toBe(1);
    expect(step.$(`label[for="${code.attr("id")}"]`).text().trim()).toBe("Código de verificación");
    expect(code.attr("inputmode")).toBe("numeric");
    expect(code.attr("autocomplete")).toBe("one-time-code");
    expect(code.attr("maxlength")).toBe("4");
  });
});

describe("leaving the registration", () => {
  it("drops the verified code: back on /completar-registro the visitor starts over at /registro", async () => {
    const visitor = site.visitor();
    await startMobile(visitor, "5534567890");
    const complete = await verify(visitor, "mbb", "1234");
    expect(complete.url).toBe("/completar-registro");
    expect(h1(complete)).toBe("¡Teléfono Verificado!");
    const recharges = hrefOf(complete, "Recargas");
    expect(recharges).toBe("/recargas");
    expect((await visitor.get(recharges!)).status).toBe(200);
    expect((await visitor.follow("/completar-registro")).url).toBe("/registro");
  });
});
