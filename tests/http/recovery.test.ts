import { describe, expect, it } from "vitest";
import { alerts, fieldErrors, h1, hrefOf, logIn, mainText } from "./support/accounts";
import { useSite, type Visitor } from "./support/site";

/**
 * The password recovery without JavaScript (/recuperacion, docs/accounts.md, spec §2 "Recovery
 * screen", §5, §8): each step's post, its redirect and its Spanish messages, the new password then
 * signing in with it, the lockout after three wrong codes, and the steps that need an earlier one.
 * The file's mock world is its own, so the journeys change the demo lines freely. The browser part
 * (the client-side checks, the countdown, the journey end to end with and without JavaScript, axe)
 * is in tests/e2e/accounts/recovery.spec.ts.
 */
const site = useSite();
const NEW_PASSWORD = "Nueva2024!";
const LOCKED = "iUps! Parece que has alcanzado el número máximo de intentos... vuelve a intentarlo en una hora";
const WRONG_CODE = "Lo sentimos, ha superado los cambios de número permitidos";

const startMobile = (visitor: Visitor, number: string, confirmation = number) => visitor.follow("/recuperacion?type=mbb&verification=1", { number, confirmation });
const startService = (visitor: Visitor, type: "hbb" | "mifi", serviceNumber: string, phone: string) =>
  visitor.follow(`/recuperacion?type=${type}&verification=1`, { serviceNumber, phone });
const sendCode = (visitor: Visitor, type: string, code: string) => visitor.follow(`/recuperacion?type=${type}&verification=2`, { intent: "verify", code });
const choose = (visitor: Visitor, type: string, password: string, passwordConfirmation = password) =>
  visitor.follow(`/recuperacion?type=${type}&verification=3`, { password, passwordConfirmation });

describe("recovery of a mobile line", () => {
  it("step 1's page: 'Cambio de contraseña', 'Paso 1 de 3' and the link to the login", async () => {
    const page = await site.visitor().get("/recuperacion");
    expect(page.status).toBe(200);
    expect(page.$("title").text()).toBe("Cambio de contraseña");
    expect(h1(page)).toBe("Cambio de contraseña");
    expect(mainText(page)).toContain("Paso 1 de 3");
    expect(hrefOf(page, "¿Ya tienes cuenta Bait? Inicia sesión")).toBe("/login?type=mbb");
  });

  it("Ana's data, code 1234 and a new password; the login says so and the new password lands on /home", async () => {
    const visitor = site.visitor();
    const step2 = await startMobile(visitor, "5512345678");
    expect(step2.url).toBe("/recuperacion?type=mbb&verification=2");
    expect(h1(step2)).toBe("Verifica tu número");
    expect(mainText(step2)).toContain("Paso 2 de 3");
    expect(step2.$("main button").map((_, button) => step2.$(button).text().trim()).get()).toContain("Enviar nuevamente");

    const step3 = await sendCode(visitor, "mbb", "1234");
    expect(step3.url).toBe("/recuperacion?type=mbb&verification=3");
    expect(h1(step3)).toBe("¡Teléfono verificado!");
    expect(mainText(step3)).toContain("Paso 3 de 3");

    const login = await choose(visitor, "mbb", NEW_PASSWORD);
    expect(login.url).toBe("/login?type=mbb");
    expect(mainText(login)).toContain("Tu contraseña se cambió correctamente. Ya puedes iniciar sesión con ella.");
    expect((await logIn(visitor, "mbb", "5512345678", NEW_PASSWORD)).url).toBe("/home");
  });
});

describe("home and portable internet", () => {
  it("hbb: service number 5598765432 and phone 5511112222 reach step 2; a wrong code says so and empties the field, 1234 verifies", async () => {
    const visitor = site.visitor();
    const mobile = await visitor.get("/recuperacion");
    expect(hrefOf(mobile, "Internet en Casa")).toBe("/recuperacion?type=hbb");
    const start = await visitor.get("/recuperacion?type=hbb");
    expect(start.$("a").filter((_, a) => start.$(a).text().trim() === "Internet en Casa").attr("aria-current")).toBe("page");

    const step2 = await startService(visitor, "hbb", "5598765432", "5511112222");
    expect(step2.url).toBe("/recuperacion?type=hbb&verification=2");
    expect(mainText(step2)).toContain("Enviamos un código de 4 dígitos por SMS al (55) 11 11 22 22.");

    const wrong = await sendCode(visitor, "hbb", "9999");
    expect(h1(wrong)).toBe("Verifica tu número");
    expect(mainText(wrong)).toContain(WRONG_CODE);
    expect(wrong.$('input[name="code"]').attr("value") ?? "").toBe("");

    const step3 = await sendCode(visitor, "hbb", "1234");
    expect(step3.url).toBe("/recuperacion?type=hbb&verification=3");
    expect(h1(step3)).toBe("¡Teléfono verificado!");
  });

  it("'Enviar nuevamente' sends a new code and says so, on step 2", async () => {
    const visitor = site.visitor();
    await startService(visitor, "mifi", "5576543210", "5533334444");
    const resent = await visitor.follow("/recuperacion?type=mifi&verification=2", { intent: "resend" });
    expect(resent.url).toBe("/recuperacion?type=mifi&verification=2");
    expect(mainText(resent)).toContain("Te enviamos un nuevo código.");
    expect(resent.$('input[name="code"]')).toHaveLength(1);
  });
});

describe("messages", () => {
  it("step 1 (mobile): both numbers required, 10 digits, 'El número no coincide.'; the numbers typed stay", async () => {
    const visitor = site.visitor();
    const empty = await visitor.post("/recuperacion?type=mbb&verification=1", { number: "", confirmation: "" });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty)).toEqual(expect.arrayContaining(["El número Bait es obligatorio", "La confirmación de número es obligatoria"]));
    expect(empty.$('input[name="number"]').attr("aria-invalid")).toBe("true");

    const short = await visitor.post("/recuperacion?type=mbb&verification=1", { number: "551234", confirmation: "551234" });
    expect(fieldErrors(short)).toContain("Ingresa los 10 dígitos de tu número Bait");

    const mismatch = await startMobile(visitor, "5512345678", "5512345679");
    expect(mismatch.url).toBe("/recuperacion?type=mbb&verification=1");
    expect(mainText(mismatch)).toContain("El número no coincide.");
    expect(h1(mismatch)).toBe("Cambio de contraseña");
    expect(mismatch.$('input[name="number"]').attr("value")).toBe("5512345678");
  });

  it("step 1 (home internet): both numbers required, then 'Ingresa los 10 dígitos de tu número telefónico'", async () => {
    const visitor = site.visitor();
    const empty = await visitor.post("/recuperacion?type=hbb&verification=1", { serviceNumber: "", phone: "" });
    expect(fieldErrors(empty)).toEqual(expect.arrayContaining(["El número de servicio es obligatorio", "El número telefónico es obligatorio"]));
    const short = await visitor.post("/recuperacion?type=hbb&verification=1", { serviceNumber: "5598765432", phone: "55111" });
    expect(fieldErrors(short)).toContain("Ingresa los 10 dígitos de tu número telefónico");
    expect(short.$('input[name="serviceNumber"]').attr("value")).toBe("5598765432");
  });

  it("a line without an account (code 0) goes to its registration, which says why", async () => {
    const registration = await startMobile(site.visitor(), "5534567890");
    expect(registration.url).toBe("/registro?type=mbb");
    expect(mainText(registration)).toContain("Tu número aún no tiene una cuenta Bait. Regístrate para crearla y después podrás iniciar sesión.");
  });

  it("?exist=1 (from the registration) warns that the number already has an account", async () => {
    const page = await site.visitor().get("/recuperacion?type=mbb&exist=1");
    expect(mainText(page)).toContain(
      "Lo sentimos, el número Bait ingresado ya tiene una cuenta registrada. Si no recuerdas tu contraseña, puedes solicitar la recuperación.",
    );
  });

  it("step 2: the code is required; step 3: both passwords required, then 'La contraseña no coincide.', and no password comes back", async () => {
    const visitor = site.visitor();
    await startService(visitor, "mifi", "5576543210", "5533334444");
    const noCode = await visitor.post("/recuperacion?type=mifi&verification=2", { intent: "verify", code: "" });
    expect(fieldErrors(noCode)).toContain("Ingresa el código de verificación");

    expect((await sendCode(visitor, "mifi", "1234")).url).toBe("/recuperacion?type=mifi&verification=3");
    const empty = await visitor.post("/recuperacion?type=mifi&verification=3", { password: "", passwordConfirmation: "" });
    expect(fieldErrors(empty).filter((text) => text === "La contraseña es obligatoria")).toHaveLength(2);
    const mismatch = await visitor.post("/recuperacion?type=mifi&verification=3", { password: NEW_PASSWORD, passwordConfirmation: "Otra2024!" });
    expect(fieldErrors(mismatch)).toContain("La contraseña no coincide.");
    expect(mismatch.body).not.toContain(NEW_PASSWORD);
    expect(mismatch.body).not.toContain("Otra2024!");
  });

  it("steps 2 and 3 without the flow's state go back to step 1 of their line's type", async () => {
    const visitor = site.visitor();
    expect((await visitor.get("/recuperacion?type=hbb&verification=2")).location).toBe("/recuperacion?type=hbb");
    expect((await visitor.get("/recuperacion?verification=3")).location).toBe("/recuperacion?type=mbb");
  });
});

describe("lockout", () => {
  it("three wrong codes lock the line: the one-hour message and a countdown, no code field and no new code", async () => {
    const visitor = site.visitor();
    await startMobile(visitor, "5556789012");
    for (const code of ["1111", "2222"]) {
      const wrong = await sendCode(visitor, "mbb", code);
      expect(h1(wrong)).toBe("Verifica tu número");
      expect(mainText(wrong)).toContain(WRONG_CODE);
    }
    const locked = await sendCode(visitor, "mbb", "3333");
    expect(h1(locked)).toBe("Demasiados intentos");
    expect(mainText(locked)).toContain(LOCKED);
    expect(locked.$('[role="timer"]').text().trim()).toMatch(/^(59 minutos \d+ segundos|1 hora 0 minutos 0 segundos)$/);
    expect(locked.$('input[name="code"]')).toHaveLength(0);
    expect(locked.$("main button").filter((_, button) => locked.$(button).text().trim() === "Enviar nuevamente")).toHaveLength(0);
  });

  it("5566666666 starts locked: the time left, and 'Actualizar' (a link) asks the server again for a fresh answer no cache keeps", async () => {
    const visitor = site.visitor();
    const locked = await startMobile(visitor, "5566666666");
    expect(h1(locked)).toBe("Demasiados intentos");
    expect(mainText(locked)).toContain(LOCKED);
    expect(locked.$('[role="timer"]').text().trim()).toMatch(/minutos? \d+ segundos?$/);
    const refresh = hrefOf(locked, "Actualizar");
    expect(refresh).toBeDefined();
    const again = await visitor.get(refresh!);
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(again.$('[role="timer"]').text().trim()).toMatch(/minutos? \d+ segundos?$/);
    expect(alerts(again).join(" ")).not.toContain("Ya puedes solicitar un nuevo código.");
  });
});
