import { beforeEach, describe, expect, it } from "vitest";
import { fieldErrors, h1, hrefOf, logIn, mainText, resetLines } from "./support/accounts";
import { useSite, type Visitor } from "./support/site";

/**
 * SIM replacement without JavaScript (docs/profile.md) for Marta, 5556789012: step 1 with the new
 * SIM's ICCID (typed after 895214), the ICCID catalogue's refusals with the ICCID kept, the code
 * 1234 on step 2, and the lockout after three wrong codes with its 'Actualizar' link in place of
 * the ticking countdown. The journeys with JavaScript (the countdown ticking) and the axe audits
 * are in tests/e2e/profile/replacement.spec.ts.
 */
const site = useSite();
const MARTA = "5556789012";
const EMAIL = "marta.pendiente@example.com";

const start = (visitor: Visitor, iccid: string) => visitor.post("/reposicion-sim", { iccid, email: EMAIL, reason: "extravio" });
const typeCode = (visitor: Visitor, code: string) => visitor.post("/reposicion-sim?paso=2", { intent: "verify", code });

describe("reposicion-sim", () => {
  beforeEach(async () => {
    await resetLines(site, [MARTA]);
  });

  it("a replacement with the free SIM 8952140000000000039 goes ahead after a wrong code and then 1234", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", MARTA);
    const page = await visitor.get("/reposicion-sim");
    expect(page.$("title").text()).toBe("Reposición de SIM");
    expect(mainText(page)).toContain("(55) 56 78 90 12");
    expect(page.$('input[name="email"]').attr("value")).toBe(EMAIL);
    expect(page.$('select[name="reason"] option[value="extravio"]').text()).toBe("Extravío");
    expect(page.$("form#replacement-start").attr("action")).toBe("/reposicion-sim");

    const started = await start(visitor, "0000000000039");
    expect(started.status).toBe(303);
    expect(started.location).toBe("/reposicion-sim?paso=2");
    const step2 = await visitor.get(started.location!);
    expect(mainText(step2)).toContain("Te enviamos un código de verificación de 4 dígitos. Escríbelo para continuar.");
    expect(step2.$("form#replacement-code").attr("action")).toBe("/reposicion-sim?paso=2");

    const wrong = await typeCode(visitor, "1111");
    expect(wrong.status).toBe(400);
    expect(mainText(wrong)).toContain("El código ingresado es incorrecto. Te quedan 2 intentos.");

    const done = await visitor.follow("/reposicion-sim?paso=2", { intent: "verify", code: "1234" });
    expect(done.url).toBe("/reposicion-sim?paso=3");
    expect(mainText(done)).toContain("¡Reposición confirmada!");
    expect(mainText(done)).toContain("Tu línea (55) 56 78 90 12 ya está asignada a la SIM con ICCID 8952140000000000039.");
  });

  it.each([
    { what: "a SIM of another line", iccid: "0000000000047", message: "Esta SIM ya está asignada a otro número. Revisa el ICCID o usa otra SIM." },
    { what: "a SIM from a portability", iccid: "0000000000054", message: "La SIM que capturaste proviene de una portabilidad y no puede usarse para una reposición. Usa otra SIM Bait." },
    { what: "a short ICCID", iccid: "12345", message: "Ingresa los 13 dígitos restantes del ICCID" },
  ])("the ICCID catalogue refuses $what ($iccid) with its message and keeps what was typed", async ({ iccid, message }) => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", MARTA);
    const refused = await start(visitor, iccid);
    expect(refused.status).toBe(400);
    expect([...fieldErrors(refused), mainText(refused)].join(" | ")).toContain(message);
    expect(refused.$('input[name="iccid"]').attr("value")).toBe(iccid);
    expect(refused.$('select[name="reason"] option[value="extravio"]').is("[selected]")).toBe(true);
  });

  it("three wrong codes lock the replacement for an hour: the time left and an 'Actualizar' link to see it again", async () => {
    const visitor = site.visitor();
    await logIn(visitor, "mbb", MARTA);
    expect((await start(visitor, "0000000000062")).location).toBe("/reposicion-sim?paso=2");
    expect(mainText(await typeCode(visitor, "1111"))).toContain("El código ingresado es incorrecto. Te quedan 2 intentos.");
    expect(mainText(await typeCode(visitor, "2222"))).toContain("El código ingresado es incorrecto. Te queda 1 intento antes de que bloqueemos tu número por una hora.");
    const locked = await visitor.follow("/reposicion-sim?paso=2", { intent: "verify", code: "3333" });
    expect(locked.url).toBe("/reposicion-sim?paso=2");
    expect(mainText(locked)).toContain("Espera para intentarlo de nuevo");
    expect(mainText(locked)).toContain("Superaste el número de intentos permitidos. Por seguridad, tu línea quedó bloqueada una hora para esta reposición.");
    // The server rounds the hour up: "1 hora 0 minutos 0 segundos", or "59 minutos …" a second later.
    expect(locked.$(".countdown__time").text()).toMatch(/1 hora 0 minutos|59 minutos/);
    expect(hrefOf(locked, "Actualizar", "main")).toBe("/reposicion-sim?paso=2");
    expect(locked.$("form#replacement-code").length).toBe(0);
    expect(h1(locked)).toBe("Reposición de SIM");
  });
});

it("an anonymous visit goes to the home page", async () => {
  expect((await site.visitor().follow("/reposicion-sim")).url).toBe("/");
});
