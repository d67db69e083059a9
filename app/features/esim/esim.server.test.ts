import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { sales } from "../../../mocks/world-sales";
import { esimSale } from "#schemas/sale";
import { translate } from "~/lib/i18n/i18n.server";
import { sessionStorage } from "~/lib/session.server";
import { esimAction, fieldStepResponse, imeiCheckResponse, type EsimAnswer } from "./esim.server";
import { esimModalData } from "./offer.server";

useMockUpstream({ timeoutMs: 2000 });

const ESIM = "https://esim.upstream.mock/api/esim/v1/api";
let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" } as AppLoadContext);
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const visitorOf = (uuid: string) => sales.visitors.get(uuid);

/** The modal opened on /e-sim: its data and the journey cookie it set. */
async function openModal(url = "http://localhost/e-sim?oferta=ESIM100", cookie = "") {
  const opened = await esimModalData(new Request(url, { headers: { Cookie: cookie } }));
  const journey = opened.setCookie ? cookiePair(opened.setCookie) : cookie;
  const uuid = JSON.parse(Buffer.from(decodeURIComponent(journey.split("=")[1]!).split(".")[0]!, "base64").toString()).uuid as string;
  return { modal: opened.modal, cookie: journey, uuid };
}

const form = (fields: Record<string, string> = {}) => ({
  offerId: "ESIM100",
  contactNumber: "5512345678",
  email: "ana@example.com",
  emailconfirmar: "ana@example.com",
  imei: "356938035643809",
  ...fields,
});

async function post(fields: Record<string, string>, { url = "http://localhost/e-sim?oferta=ESIM100", cookie = "" } = {}) {
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });
  const out = (await esimAction(request, context())) as Response | { data: unknown; init: ResponseInit | null };
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookies: out.headers.getSetCookie(), answer: undefined };
  return { status: out.init?.status ?? 200, location: null, cookies: [], answer: out.data as EsimAnswer };
}

const errorsOf = (answer: EsimAnswer | undefined) => Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

describe("the eSIM modal's data (?oferta=OFFERID)", () => {
  it("ESIM100: the total in MXN, what it includes, the links, and a journey session kept a day in a cookie", async () => {
    const opened = await esimModalData(new Request("http://localhost/e-sim?oferta=ESIM100"));
    expect(opened.modal).toMatchObject({
      ok: true,
      offer: { offerId: "ESIM100", name: "E-SIM Bait 100", validityText: "Vigencia de 15 días" },
      totalText: "$100.00",
      physicalSimHref: "/cambiate-a-bait?section=sim",
      fairUseHref: "/politica-de-uso-justo",
      portability: false,
    });
    expect(opened.setCookie).toMatch(/bait_visitante=.+Max-Age=86400;.*HttpOnly/);
  });

  it("an offer that is not an eSIM is the catalogue's message, never a blank modal", async () => {
    for (const id of ["SIM200", "BAIT100", "NOEXISTE"]) {
      const opened = await esimModalData(new Request(`http://localhost/e-sim?oferta=${id}`));
      expect(opened.modal).toEqual({ ok: false, message: "Esta E-SIM ya no está disponible. Elige otra de nuestras E-SIM.", retry: false });
    }
  });

  it("the journey session is asked up to 3 times; then the spec's message with 'Volver a intentar'", async () => {
    let asked = 0;
    mockServer.use(http.get(`${ESIM}/publico/asignarSesion`, () => (++asked, HttpResponse.json({ success: false }, { status: 500 }))));
    const opened = await esimModalData(new Request("http://localhost/e-sim?oferta=ESIM100"));
    expect(asked).toBe(3);
    expect(opened.modal).toEqual({ ok: false, message: "Hubo un error al obtener la información. Por favor, recarga la página e inténtalo de nuevo.", retry: true });
    expect(opened.setCookie).toBeNull();
  });

  it("a second try that succeeds is enough", async () => {
    let asked = 0;
    mockServer.use(http.get(`${ESIM}/publico/asignarSesion`, () => (++asked === 1 ? HttpResponse.json({}, { status: 503 }) : undefined)));
    const opened = await esimModalData(new Request("http://localhost/e-sim?oferta=ESIM100"));
    expect(asked).toBe(2);
    expect(opened.modal.ok).toBe(true);
  });

  it("the same visitor keeps its journey, and its form starts with what it told the journey", async () => {
    const first = await openModal();
    await post(form({ email: "vuelve@example.com", emailconfirmar: "vuelve@example.com" }), { cookie: first.cookie });
    await expect.poll(() => visitorOf(first.uuid)?.email).toBe("vuelve@example.com");
    const again = await openModal("http://localhost/e-sim?oferta=ESIM150", first.cookie);
    expect(again.uuid).toBe(first.uuid);
    expect(again.modal.ok && again.modal.prefill).toEqual({ contactNumber: "5512345678", email: "vuelve@example.com", emailconfirmar: "vuelve@example.com", imei: "356938035643809" });
  });

  it("?flujo=portabilidad is the portability flow ('Soy usuario Bait' not asked)", async () => {
    const { modal } = await openModal("http://localhost/e-sim?flujo=portabilidad&oferta=ESIM100");
    expect(modal.ok && modal.portability).toBe(true);
  });
});

describe("the device check (one module for the eSIM modal and /compatibilidad)", () => {
  it.each([
    ["356938035643809", "esim", "success", "¡Felicidades! Su equipo es compatible con nuestra red Bait y con E-SIM."],
    ["490154203237518", "networkOnly", "error", "Tu equipo es compatible con la red Bait, pero no con una E-SIM. Te invitamos a adquirir una SIM física para disfrutar de nuestros servicios."],
    ["351756051523993", "incompatible", "error", "Lo sentimos. Su equipo no es compatible con nuestra red Bait."],
    ["353322110099885", "vozapp", "warning", "Tu equipo es compatible con la red Bait a través de la aplicación VozAPP. Descárgala en tu tienda de aplicaciones para hacer y recibir llamadas."],
    ["867530901234565", "error", "error", "Estimado usuario, ha ocurrido un error interno del servidor. Por favor, inténtalo de nuevo más tarde."],
  ])("GET /api/imei?imei=%s answers %s", async (imei, verdict, tone, message) => {
    const response = await imeiCheckResponse(new Request(`http://localhost/api/imei?imei=${imei}`), context());
    expect(await response.json()).toEqual({ imei, verdict, tone, message });
  });

  it("a malformed answer is 'Error al obtener la respuesta del servicio'; a 400 is 'compatible but not with an E-SIM'", async () => {
    setSwitch("core.validateImei", { malformed: true });
    const malformed = await (await imeiCheckResponse(new Request("http://localhost/api/imei?imei=356938035643809"), context())).json();
    expect(malformed.message).toBe("Error al obtener la respuesta del servicio");
    setSwitch("core.validateImei", { status: 400 });
    const bad = await (await imeiCheckResponse(new Request("http://localhost/api/imei?imei=356938035643809"), context())).json();
    expect(bad.verdict).toBe("networkOnly");
  });

  it("a malformed IMEI never reaches the upstream: 'El formato del IMEI es inválido'", async () => {
    let called = false;
    mockServer.use(http.post("https://core.upstream.mock/api/core/api/validate/IMEI", () => ((called = true), undefined)));
    for (const imei of ["", "12345", "3569380356438091234", "35693803564380a"]) {
      const answer = await imeiCheckResponse(new Request(`http://localhost/api/imei?imei=${imei}`), context());
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toMatch(/^El (formato del IMEI es inválido|IMEI es obligatorio)$/);
    }
    expect(called).toBe(false);
  });

  it("counts every check against the IP: the 101st in 15 minutes is refused without asking the upstream", async () => {
    const ip = context();
    for (let index = 0; index < 100; index += 1) await imeiCheckResponse(new Request("http://localhost/api/imei?imei=351756051523993"), ip);
    const refused = await imeiCheckResponse(new Request("http://localhost/api/imei?imei=351756051523993"), ip);
    expect(refused.status).toBe(429);
  });

  it("records the journey's imeicompatible step (true only for an eSIM device) when the visitor has a journey", async () => {
    const { cookie, uuid } = await openModal();
    await imeiCheckResponse(new Request("http://localhost/api/imei?imei=490154203237518&recorrido=esim", { headers: { Cookie: cookie } }), context());
    await expect.poll(() => visitorOf(uuid)?.steps.imeicompatible).toBe("false");
    await post({ ...form(), intent: "revisar-imei" }, { cookie });
    await expect.poll(() => visitorOf(uuid)?.steps.imeicompatible).toBe("true");
  });
});

describe("'Revisar compatibilidad' without JavaScript", () => {
  it("answers the device check and keeps the rest of the form as typed, judging nothing else", async () => {
    const { cookie } = await openModal();
    const { status, answer } = await post({ offerId: "ESIM100", email: "a medias", imei: "490154203237518", intent: "revisar-imei" }, { cookie });
    expect(status).toBe(200);
    expect(answer?.device).toMatchObject({ verdict: "networkOnly", tone: "error" });
    expect(errorsOf(answer)).toEqual({});
    expect(answer?.result?.initialValue).toMatchObject({ email: "a medias", imei: "490154203237518" });
  });
});

describe("'Pagar'", () => {
  it("refuses the form with the spec's messages, keeping what was typed", async () => {
    const { answer, status } = await post(form({ contactNumber: "55 12", email: "ana@", emailconfirmar: "otra@example.com", imei: "" }));
    expect(status).toBe(400);
    expect(errorsOf(answer)).toEqual({
      contactNumber: ["Número de teléfono inválido"],
      email: ["Correo inválido"],
      emailconfirmar: ["El correo electrónico no coincide."],
      imei: ["El IMEI es obligatorio"],
    });
    expect(answer?.result?.initialValue).toMatchObject({ email: "ana@", emailconfirmar: "otra@example.com" });
  });

  it("pays only for a device that takes an eSIM: the check runs again on the server", async () => {
    const { cookie } = await openModal();
    const { status, answer } = await post(form({ imei: "351756051523993" }), { cookie });
    expect(status).toBe(422);
    expect(answer?.device?.message).toBe("Lo sentimos. Su equipo no es compatible con nuestra red Bait.");
    expect(errorsOf(answer).imei).toEqual(["Para pagar, revisa primero que tu equipo sea compatible con E-SIM."]);
  });

  it("limite@example.com: back to the page without the modal, with 'Lo sentimos, has excedido el número de compras de ESIM por usuario.'", async () => {
    const { cookie } = await openModal("http://localhost/recargas?section=e-sim&oferta=ESIM100");
    const { status, location, cookies } = await post(form({ email: "limite@example.com", emailconfirmar: "limite@example.com" }), {
      url: "http://localhost/recargas?section=e-sim&oferta=ESIM100",
      cookie,
    });
    expect(status).toBe(303);
    expect(location).toBe("/recargas?section=e-sim");
    const session = await sessionStorage.getSession(cookies.map(cookiePair).join("; "));
    expect(session.get("notice")).toBe("esim:flow.limitExceeded");
    expect(translate("esim:flow.limitExceeded")).toBe("Lo sentimos, has excedido el número de compras de ESIM por usuario.");
  });

  it("a journey that already bought: 'Ocurrió un error al procesar tu solicitud de compra, por favor inténtalo de nuevo.'", async () => {
    const { cookie, uuid } = await openModal();
    sales.sold.add(uuid);
    const { status, answer } = await post(form(), { cookie });
    expect(status).toBe(409);
    expect(answer?.message?.text).toBe("Ocurrió un error al procesar tu solicitud de compra, por favor inténtalo de nuevo.");
  });

  it("a valid form and an eSIM device: the steps bait and boton, the all-data update, and the eSIM sale in the session on its way to /pago", async () => {
    const { cookie, uuid } = await openModal();
    const { status, location, cookies } = await post(form({ isBait: "on" }), { cookie });
    expect([status, location]).toEqual([303, "/pago"]);
    const sale = esimSale.parse((await sessionStorage.getSession(cookies.map(cookiePair).join("; "))).get("sale"));
    expect(sale).toMatchObject({
      kind: "esim",
      uuid,
      offerId: "ESIM100",
      price: 100,
      total: 100,
      imei: "356938035643809",
      isBaitUser: true,
      portability: false,
      phone: "5512345678",
      email: "ana@example.com",
      returnTo: "/e-sim",
    });
    await expect.poll(() => visitorOf(uuid)?.steps).toMatchObject({ bait: "true", boton: "true", imeicompatible: "true" });
    await expect.poll(() => visitorOf(uuid)).toMatchObject({ flow: "esim", email: "ana@example.com", imei: "356938035643809", isBait: true, proceedToPay: true, portability: false });
  });

  it("in the portability flow 'Soy usuario Bait' counts for nothing and the journey is filed as a portability", async () => {
    const url = "http://localhost/e-sim?flujo=portabilidad&oferta=ESIM100";
    const { cookie, uuid } = await openModal(url);
    const { cookies } = await post(form({ isBait: "on" }), { url, cookie });
    const sale = esimSale.parse((await sessionStorage.getSession(cookies.map(cookiePair).join("; "))).get("sale"));
    expect(sale).toMatchObject({ isBaitUser: false, portability: true });
    await expect.poll(() => visitorOf(uuid)).toMatchObject({ flow: "portabilidad", portability: true, isBait: false });
  });

  it("tracking never holds the visitor up: the sale goes to /pago while the steps are still unanswered", async () => {
    const { cookie } = await openModal();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let pending = 0;
    mockServer.use(
      http.post(`${ESIM}/publico/tracking/:uuid/:step`, async () => {
        pending += 1;
        await held;
        return HttpResponse.json({ success: true });
      })
    );
    const { status, location } = await post(form(), { cookie });
    expect([status, location]).toEqual([303, "/pago"]);
    expect(pending).toBeGreaterThan(0);
    release();
  });

  it("a tracking failure is logged, never shown: the sale still goes to /pago", async () => {
    const { cookie } = await openModal();
    setSwitch("esim.trackStep", { status: 500 });
    setSwitch("esim.saveAllData", { status: 500 });
    const { status, location } = await post(form(), { cookie });
    expect([status, location]).toEqual([303, "/pago"]);
  });
});

describe("POST /api/esim/paso (a field left valid)", () => {
  const step = (cookie: string, campo: string, valor: string) =>
    fieldStepResponse(
      new Request("http://localhost/api/esim/paso", { method: "POST", body: new URLSearchParams({ campo, valor }), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } })
    );

  it("records telefono, correo and imei only when the value is valid, and always answers 204", async () => {
    const { cookie, uuid } = await openModal();
    for (const [campo, valor] of [
      ["contactNumber", "55 1234"],
      ["email", "ana@"],
      ["imei", "123"],
      ["password", "x"],
    ] as const)
      expect((await step(cookie, campo, valor)).status).toBe(204);
    expect(visitorOf(uuid)?.steps).toEqual({});
    await step(cookie, "contactNumber", "55 1234 5678");
    await step(cookie, "email", " ana@example.com ");
    await step(cookie, "imei", "356938035643809");
    await expect.poll(() => visitorOf(uuid)?.steps).toEqual({ telefono: "5512345678", correo: "ana@example.com", imei: "356938035643809" });
  });

  it("without a journey, or with a body that is not a form, nothing is sent and the answer is still 204", async () => {
    expect((await step("", "email", "ana@example.com")).status).toBe(204);
    const json = await fieldStepResponse(new Request("http://localhost/api/esim/paso", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }));
    expect(json.status).toBe(204);
  });
});
