import { describe, expect, it } from "vitest";
import { ana } from "../e2e/support/session";
import { formData, linksNamed, textOf } from "./support/pages";
import { useSite, type Answer } from "./support/site";

/**
 * The prospect tools (docs/prospect.md) as a browser without JavaScript meets them: /cobertura's
 * check and /centros-de-atencion's search and filter (GET forms whose answer is a link), and the
 * posts of /cambio-nir and /haz-tu-portabilidad (each answer, each refusal's message, the values
 * kept). Demo data: DEMO-DATA.md › Postal codes and › Prospects. The browser's part (the forms with
 * JavaScript, axe, the portability journey without it) is in tests/e2e/prospect/.
 */
const site = useSite();

/** The elements of `answer` whose own text is exactly `text` (spaces collapsed). */
const withText = (answer: Answer, text: string, selector = "main *") =>
  answer.$(selector).filter((_, element) => textOf(answer.$, element) === text && answer.$(element).children().filter((__, child) => textOf(answer.$, child) === text).length === 0);
const headings = (answer: Answer) => answer.$("main h1, main h2, main h3").map((_, element) => textOf(answer.$, element)).get();
/** The alerts' texts (an error summary, a refusal). */
const alerts = (answer: Answer) => answer.$('[role="alert"]').map((_, element) => textOf(answer.$, element)).get().join(" | ");

describe("/cobertura", () => {
  const COVERED = "Sí, hay cobertura Bait en tu zona.";
  const NOT_COVERED = "Por ahora no hay cobertura Bait en esta zona.";
  const CAPACITY = "Hay capacidad disponible: puedes contratar Internet en casa en este domicilio.";

  it("the check is a GET form on /cobertura: its answer is a link", async () => {
    const { $ } = await site.visitor().get("/cobertura");
    const form = $("form#cobertura");
    expect([form.attr("method"), form.attr("action")]).toEqual(["get", "/cobertura"]);
    expect($('[form="cobertura"][name="cp"]').length + form.find('[name="cp"]').length).toBeGreaterThan(0);
    expect(form.find('[name="direccion"]').length + $('[form="cobertura"][name="direccion"]').length).toBeGreaterThan(0);
  });

  it.each([
    ["06600", "Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600"],
    ["64000", "Monterrey Centro, Monterrey, Nuevo León, C.P. 64000"],
    ["44100", "Guadalajara Centro, Guadalajara, Jalisco, C.P. 44100"],
  ])("%s has coverage and capacity for home internet", async (postalCode, place) => {
    const answer = await site.visitor().get(`/cobertura?cp=${postalCode}`);
    expect(answer.status).toBe(200);
    expect(headings(answer)).toContain(`Resultado para ${place}`);
    expect(withText(answer, COVERED).length).toBe(1);
    expect(withText(answer, CAPACITY).length).toBe(1);
    expect(answer.$("#cobertura-cp").attr("value")).toBe(postalCode);
  });

  it("99999 has no coverage, and says what to do", async () => {
    const answer = await site.visitor().get("/cobertura?cp=99999");
    expect(withText(answer, NOT_COVERED).length).toBe(1);
    expect(answer.$("main").text()).toContain("Revisa que el código postal esté bien escrito");
    expect(withText(answer, COVERED).length).toBe(0);
  });

  it("the street makes the answer name the address", async () => {
    const answer = await site.visitor().get(`/cobertura?cp=06600&direccion=${encodeURIComponent("Av. Paseo de la Reforma 222")}`);
    expect(headings(answer)).toContain("Resultado para Av. Paseo de la Reforma 222, Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600");
  });

  it("a postal code of 3 digits is refused with its message, nothing asked", async () => {
    const answer = await site.visitor().get("/cobertura?cp=123");
    expect(linksNamed(answer.$, answer.$('[role="alert"]'), "Código postal: El código postal debe tener 5 dígitos").length).toBe(1);
    expect(withText(answer, COVERED).length).toBe(0);
  });
});

describe("/centros-de-atencion", () => {
  const faq = (answer: Answer) => answer.$("#preguntas-frecuentes");
  const faqHas = (answer: Answer, text: string) => faq(answer).text().replace(/\s+/g, " ").includes(text);

  it("the legacy FAQ aliases lead to the help centre's questions, with the upstream's questions by topic", async () => {
    for (const alias of ["/preguntas-frecuentes", "/faq-bait"]) {
      const answer = await site.visitor().get(alias);
      expect(answer.status, alias).toBeGreaterThanOrEqual(300);
      expect(answer.status, alias).toBeLessThan(400);
      expect(answer.location, alias).toBe("/centros-de-atencion#preguntas-frecuentes");
    }
    const answer = await site.visitor().get("/centros-de-atencion");
    const titles = faq(answer).find("h2, h3").map((_, element) => textOf(answer.$, element)).get();
    expect(titles).toEqual(expect.arrayContaining(["Centro de Ayuda", "Portabilidad"]));
    expect(faqHas(answer, "¿Cómo recargo mi línea Bait?")).toBe(true);
  });

  it("the search is a GET form (q) that finds questions with or without accents, and says when none match", async () => {
    const page = await site.visitor().get("/centros-de-atencion");
    const search = faq(page).find('form[role="search"]');
    expect(search.attr("method")).toBe("get");
    expect(new URL(search.attr("action")!, site.base).pathname).toBe("/centros-de-atencion");
    expect(search.find('input[name="q"]').length).toBe(1);

    const found = await site.visitor().get(`/centros-de-atencion?q=${encodeURIComponent("contraseña")}`);
    expect(faqHas(found, "1 pregunta encontrada para «contraseña».")).toBe(true);
    expect(faqHas(found, "Olvidé mi contraseña, ¿qué hago?")).toBe(true);
    expect(faqHas(found, "¿Cómo recargo mi línea Bait?")).toBe(false);

    const plain = await site.visitor().get("/centros-de-atencion?q=cuanto+cuesta+portabilidad");
    expect(faqHas(plain, "¿Cuánto cuesta hacer la portabilidad?")).toBe(true);
    expect(faqHas(plain, "La portabilidad es gratis. Solo necesitas tu NIP, tu identificación y una SIM Bait.")).toBe(true);

    const none = await site.visitor().get("/centros-de-atencion?q=xyzzy");
    expect(faqHas(none, "No encontramos preguntas para «xyzzy». Prueba con otra palabra o llámanos gratis al 800 123 2248.")).toBe(true);
    const all = await site.visitor().get(linksNamed(none.$, faq(none), "Ver todas las preguntas").attr("href")!);
    expect(faqHas(all, "¿Cómo recargo mi línea Bait?")).toBe(true);
  });

  it("the centres are filtered by state (a GET form, estado)", async () => {
    const page = await site.visitor().get("/centros-de-atencion");
    expect(headings(page)).toContain("Bait Centro de Atención Reforma");
    const filter = page.$('form[aria-label="Filtra por estado"]');
    expect(filter.attr("method")).toBe("get");
    expect(filter.find('select[name="estado"] option').map((_, option) => page.$(option).attr("value")).get()).toEqual(expect.arrayContaining(["", "Nuevo León"]));

    const nuevoLeon = await site.visitor().get(`/centros-de-atencion?estado=${encodeURIComponent("Nuevo León")}`);
    expect(nuevoLeon.$("main").text().replace(/\s+/g, " ")).toContain("2 centros en Nuevo León.");
    expect(headings(nuevoLeon)).toContain("Bait Centro de Atención Monterrey");
    expect(headings(nuevoLeon)).not.toContain("Bait Centro de Atención Reforma");

    const every = await site.visitor().get("/centros-de-atencion?estado=");
    expect(headings(every)).toContain("Bait Centro de Atención Reforma");
  });
});

describe("/cambio-nir", () => {
  /** Signs in as the owner of `number` and posts the change to `areaCode` from the page's form. */
  async function change(number: string, areaCode: string): Promise<Answer> {
    const visitor = site.visitor();
    await visitor.signIn({ ...ana, number });
    const page = await visitor.get("/cambio-nir");
    expect(textOf(page.$, page.$(".tool__line"))).toContain(`(${number.slice(0, 2)}) ${number.slice(2, 4)} ${number.slice(4, 6)} ${number.slice(6, 8)} ${number.slice(8)}`);
    return visitor.follow("/cambio-nir", formData(page.$, page.$("form#cambio-nir"), { nir: areaCode }));
  }

  it("lists the available area codes by state, in the list and in the customer's select", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const answer = await visitor.get("/cambio-nir");
    const list = answer.$(".area-codes");
    expect(textOf(answer.$, list.find("h2, h3").first())).toBe("Ladas disponibles por estado");
    const pairs = list.find("dt").map((_, term) => `${textOf(answer.$, term)} → ${textOf(answer.$, answer.$(term).next("dd"))}`).get();
    expect(pairs).toEqual(expect.arrayContaining(["Ciudad de México → 55 · Ciudad de México", "Jalisco → 33 · Guadalajara", "Nuevo León → 81 · Monterrey"]));
    expect(answer.$("select#cambio-nir-nir optgroup[label='Jalisco'] option").map((_, option) => textOf(answer.$, option)).get()).toEqual(["33 · Guadalajara"]);
  });

  it("an active mobile line changes its area code and gets its new number", async () => {
    const answer = await change("5512345678", "55");
    expect(headings(answer)).toContain("¡Listo! Cambiamos tu lada");
    expect(withText(answer, "Tu número nuevo es (55) 12 34 56 78.").length).toBe(1);
  });

  it("an idle line is refused with the idle message, the chosen area code kept", async () => {
    const answer = await change("5534567890", "33");
    expect(alerts(answer)).toContain("Tu línea está inactiva. Haz una recarga para activarla y después podrás cambiar tu lada.");
    expect(answer.$("select#cambio-nir-nir option[selected]").attr("value")).toBe("33");
  });

  it("a portable-internet line is refused with the mifi message", async () => {
    expect(alerts(await change("5576543210", "81"))).toContain("El cambio de lada no está disponible para Internet portátil (MiFi).");
  });

  it("a number that is not Bait is refused", async () => {
    expect(alerts(await change("5500000000", "81"))).toContain("El número que ingresaste no es un número Bait. Revisa que esté bien escrito.");
  });

  it("the form says what is missing", async () => {
    const answer = await change("5512345678", "");
    expect(linksNamed(answer.$, answer.$('[role="alert"]'), "Nueva lada: Elige tu nueva lada").length).toBe(1);
  });

  it("a visitor who has not signed in is asked to, and comes back to the form after logging in", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/cambio-nir");
    expect(withText(page, "Para cambiar la lada de tu línea, inicia sesión con tu número Bait: así nos aseguramos de que la línea es tuya.").length).toBe(1);
    expect(page.$("form#cambio-nir").length).toBe(0);
    const login = await visitor.follow(linksNamed(page.$, page.$("main"), "Iniciar sesión para cambiar mi lada").attr("href")!);
    expect(login.url.split("?")[0]).toBe("/login");
    const form = login.$("main form").filter((_, element) => login.$(element).find('[name="password"]').length > 0);
    const back = await visitor.follow(form.attr("action")!, formData(login.$, form, { number: ana.number, password: "Bait2024!" }));
    expect(back.url).toBe("/cambio-nir");
    expect(textOf(back.$, back.$(".tool__line"))).toContain("(55) 12 34 56 78");
    expect(back.$("form#cambio-nir").length).toBe(1);
  });
});

describe("/haz-tu-portabilidad", () => {
  const NUMBER = "5590000011";
  /** A SIM no other request of these tests takes. */
  const FREE_ICCID = "0000000000088";
  const typed = (values: { numero: string; nip: string; iccid: string }) => ({ ...values, nombre: "Rosa Pérez", correo: "rosa@example.com", telefono: "5511112222" });

  async function request(values: { numero: string; nip: string; iccid: string }): Promise<Answer> {
    const reset = await site.fetch("/__mocks/reset-lines", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ numbers: [NUMBER] }) });
    expect(reset.ok).toBe(true);
    const visitor = site.visitor();
    const page = await visitor.get("/haz-tu-portabilidad");
    return visitor.follow("/haz-tu-portabilidad", formData(page.$, page.$("form#portabilidad"), typed(values)));
  }

  it("a request is accepted and the confirmation says what happens next and when", async () => {
    const answer = await request({ numero: NUMBER, nip: "1234", iccid: "0000000000070" });
    expect(headings(answer)).toContain("Recibimos tu solicitud de portabilidad");
    expect(answer.$("main").text()).toMatch(/PORT-/);
    expect(withText(answer, "Te enviamos el folio a rosa@example.com. Guárdalo: te lo pediremos si necesitas ayuda.").length).toBe(1);
    expect(answer.$("main").text().replace(/\s+/g, " ")).toMatch(/En un máximo de 24 horas tu número \(55\) 90 00 00 11 pasará a Bait/);
  });

  it("a wrong NIP is refused and the form keeps what was typed, except the NIP", async () => {
    const answer = await request({ numero: NUMBER, nip: "9999", iccid: FREE_ICCID });
    expect(alerts(answer)).toContain("El NIP que ingresaste no es correcto. Solicítalo de nuevo marcando 051 desde tu línea actual.");
    expect(answer.$("#portabilidad-numero").attr("value")).toBe(NUMBER);
    expect(answer.$("#portabilidad-nombre").attr("value")).toBe("Rosa Pérez");
    expect(answer.$("#portabilidad-nip").attr("value") ?? "").toBe("");
  });

  it("a number that is already Bait is refused", async () => {
    expect(alerts(await request({ numero: "5512345678", nip: "1234", iccid: FREE_ICCID }))).toContain("Este número ya es Bait, no necesitas hacer una portabilidad.");
  });

  it("a SIM that comes from a portability gets the portability-from-ICCID message", async () => {
    const answer = await request({ numero: NUMBER, nip: "1234", iccid: "0000000000054" });
    expect(alerts(answer)).toContain("La SIM que capturaste proviene de una portabilidad. Tu número (55) 90 00 00 54 se activará en cuanto termine el proceso");
  });

  it("every field's rule has its message, listed in the summary", async () => {
    const visitor = site.visitor();
    const page = await visitor.get("/haz-tu-portabilidad");
    const answer = await visitor.follow("/haz-tu-portabilidad", formData(page.$, page.$("form#portabilidad")));
    const summary = answer.$('[role="alert"]').filter((_, element) => textOf(answer.$, element).includes("Revisa los siguientes datos:"));
    for (const text of [
      "Número que quieres traer a Bait: Escribe el número que quieres traer",
      "NIP de portabilidad: Escribe tu NIP de portabilidad",
      "ICCID de tu SIM Bait: Escribe el ICCID de tu SIM Bait",
      "Nombre completo: Escribe tu nombre",
      "Correo electrónico: Escribe tu correo electrónico",
      "Número de contacto: Escribe un número de contacto",
    ]) {
      expect(linksNamed(answer.$, summary, text).length, text).toBe(1);
    }
  });
});
