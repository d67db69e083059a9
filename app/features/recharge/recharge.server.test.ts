import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { mockServer } from "../../../mocks/node";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { rechargeSale } from "#schemas/sale";
import { sessionStorage } from "~/lib/session.server";
import { checkRechargeLine, historyVerdict } from "./line.server";
import { lineCheckResponse, rechargeAction, type RechargeAnswer } from "./recharge.server";
import { UpstreamError } from "~/upstream/http.server";
import { translate } from "~/lib/i18n/i18n.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

async function post(offerId: string, fields: Record<string, string>, { cookie = "", url = `http://localhost/recargas?section=traditionals&recarga=${offerId}` } = {}) {
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams({ offerId, ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const out = await rechargeAction(request, context());
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") ?? "", answer: undefined };
  return { status: out.init?.status ?? 200, location: null, cookie: new Headers(out.init?.headers).get("Set-Cookie") ?? "", answer: out.data as RechargeAnswer };
}

const fieldTexts = (answer: RechargeAnswer | undefined) =>
  Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

const saleOf = async (setCookie: string) => rechargeSale.parse((await sessionStorage.getSession(setCookie.split(";")[0])).get("sale"));

const IDLE = "Tu línea no está activa en este momento, por eso no es posible recargarla. Si necesitas ayuda, escríbenos por WhatsApp.";
const NOT_BAIT = "El número que ingresaste no es un número Bait. Revisa que esté bien escrito.";

describe("valid line for recharge (docs/recharge.md), asked of the upstream", () => {
  const cases: Array<[profile: "mbb" | "hbb" | "mifi", status: string, type: number, ok: boolean]> = [
    ["mbb", "active", 1, true],
    ["mbb", "suspend", 1, true],
    ["mbb", "predeactivate", 1, true],
    ["mbb", "idle", 1, false],
    ["mbb", "barring", 1, false],
    ["mifi", "active", 3, true],
    ["mifi", "suspend", 3, true],
    ["mifi", "predeactivate", 8, true],
    ["mifi", "idle", 3, false],
    ["hbb", "active", 2, true],
    ["hbb", "suspend", 2, false],
    ["hbb", "predeactivate", 2, false],
    ["hbb", "idle", 2, false],
  ];
  it.each(cases)("%s %s, offer type %i → %s", async (profile, status, type, ok) => {
    world.lines.set("5511110000", { number: "5511110000", profile, status: status as never });
    const verdict = await checkRechargeLine("5511110000", type);
    expect(verdict).toEqual(ok ? { ok: true } : { ok: false, messageKey: "recharge:lineNumber.status.idle" });
  });

  it("profile 'incompatible' gives the message of the profile being recharged", async () => {
    world.lines.set("5511110000", { number: "5511110000", profile: "incompatible" as never, status: "active" });
    expect(await checkRechargeLine("5511110000", 2)).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.hbb" });
    expect(await checkRechargeLine("5511110000", 1)).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.mbb" });
  });

  it("a number of another profile than the offer's is refused with that profile's message", async () => {
    expect(await checkRechargeLine("5598765432", 1)).toEqual({ ok: false, messageKey: "recharge:lineNumber.wrongProfile.mbb" });
    expect(await checkRechargeLine("5512345678", 3)).toEqual({ ok: false, messageKey: "recharge:lineNumber.wrongProfile.mifi" });
  });

  it.each([
    [0, "errors:line.noConnection"],
    [400, "errors:line.invalidNumber"],
    [404, "errors:line.notFound"],
    [412, "errors:line.notBait"],
    [424, "errors:line.dependencyFailed"],
    [500, "errors:line.unavailable"],
    [502, "errors:line.unavailable"],
  ])("the check answering HTTP %i (0: no answer): %s", async (status, key) => {
    if (status === 0) mockServer.use(http.get("https://core.upstream.mock/api/core/q/:type/:id/get/:view", () => HttpResponse.error()));
    else setSwitch("core.lineProfile", { status });
    expect(await checkRechargeLine("5512345678", 1)).toEqual({ ok: false, messageKey: key });
  });

  it("400 says 'dn must be 10 digits' in Spanish", () => {
    expect(translate("errors:line.invalidNumber")).toBe("El número debe tener 10 dígitos.");
  });

  it("associates (type 4) are checked by the replacement service: 0 goes on, -1, 1, 3, 4 and 500 refuse", async () => {
    expect(await checkRechargeLine("5512345678", 4)).toEqual({ ok: true });
    expect(await checkRechargeLine("5598765432", 4)).toEqual({ ok: false, messageKey: "recharge:replacement.notAssociate" });
    expect(await checkRechargeLine("5534567890", 4)).toEqual({ ok: false, messageKey: "recharge:replacement.needsActivation" });
    expect(await checkRechargeLine("5500000000", 4)).toEqual({ ok: false, messageKey: "recharge:replacement.wrongType.default" });
    world.lines.set("5511110000", { number: "5511110000", profile: "mbb", status: "barring" });
    expect(await checkRechargeLine("5511110000", 4)).toEqual({ ok: false, messageKey: "recharge:replacement.cannotRecharge" });
    setSwitch("core.serviceProfile", { status: 500 });
    expect(await checkRechargeLine("5512345678", 4)).toEqual({ ok: false, messageKey: "recharge:replacement.unavailable" });
  });
});

describe("the history rule (docs/recharge.md)", () => {
  const entry = (status: string, applied: boolean, date: string) => ({ uuid: "u", orderId: "o", offeringId: "BAIT100", amount: 100, appliedAt: date, applied, status });
  it("the newest entry not applied asks; applied goes on; an empty history goes on", () => {
    expect(historyVerdict({ ok: true, status: 200, data: [entry("not_applicated", false, "2026-11-20")] })).toEqual({ kind: "pending" });
    expect(historyVerdict({ ok: true, status: 200, data: [entry("applied", true, "2026-11-20"), entry("not_applicated", false, "2026-11-01")] })).toEqual({ kind: "clear" });
    expect(historyVerdict({ ok: true, status: 200, data: [] })).toEqual({ kind: "clear" });
  });
  it("a 412 goes on; any other failure stops with 'Ocurrió un error, inténtalo de nuevo más tarde.'", () => {
    const failure = (status: number) => ({ ok: false as const, error: new UpstreamError("core.rechargeHistory", "http", "x", status) });
    expect(historyVerdict(failure(412))).toEqual({ kind: "clear" });
    for (const status of [400, 404, 500, 502]) expect(historyVerdict(failure(status))).toEqual({ kind: "failed", messageKey: "recharge:history.error" });
    expect(translate("recharge:history.error")).toBe("Ocurrió un error, inténtalo de nuevo más tarde.");
  });
});

describe("'Siguiente' (the modal's action)", () => {
  it("5512345678 on Bait 100: the sale goes to the session and the visitor to /pago", async () => {
    const { status, location, cookie } = await post("BAIT100", { phone: "55 1234 5678", email: "demo.mbb@example.com", whatsapp: "on" });
    expect([status, location]).toEqual([303, "/pago"]);
    const sale = await saleOf(cookie);
    expect(sale).toMatchObject({
      kind: "recharge",
      offerId: "BAIT100",
      description: "Bait 100",
      price: 100,
      quantity: 1,
      total: 100,
      validityDays: 15,
      lineNumber: "5512345678",
      phone: "5512345678",
      email: "demo.mbb@example.com",
      whatsappOptIn: true,
      references: { referencia1: "BAIT100", referencia2: "5512345678", referencia3: "5512345678", referencia4: "mbb" },
      loggedIn: false,
      returnTo: "/recargas?section=traditionals",
    });
  });

  it("carries the campaign of the visitor's utm cookie or URL", async () => {
    const { cookie } = await post("BAIT100", { phone: "5512345678", email: "a@b.mx" }, { url: "http://localhost/recargas?recarga=BAIT100&utm_source=facebook&utm_medium=cpc&utm_campaign=buen-fin&utm_content=video" });
    expect((await saleOf(cookie)).campaign).toEqual({ source: "facebook", medium: "cpc", campaign: "buen-fin", content: "video" });
  });

  it("mifi: the service number is the line, the phone the contact", async () => {
    const { location, cookie } = await post("MIFI200", { serviceNumber: "5576543210", phone: "5533334444", email: "demo.mifi@example.com" });
    expect(location).toBe("/pago");
    expect((await saleOf(cookie)).references).toEqual({ referencia1: "MIFI200", referencia2: "5576543210", referencia3: "5533334444", referencia4: "mifi" });
  });

  it("refuses idle 5534567890, hbb suspended 5581112222 and 5500000000 on the number field, and keeps what was typed", async () => {
    const idle = await post("BAIT100", { phone: "5534567890", email: "a@b.mx" });
    expect(idle.status).toBe(422);
    expect(fieldTexts(idle.answer)).toEqual({ phone: [IDLE] });
    expect(idle.answer?.result.initialValue).toMatchObject({ phone: "5534567890", email: "a@b.mx" });
    expect(fieldTexts((await post("HBB349", { phone: "5581112222", email: "a@b.mx" })).answer)).toEqual({ phone: [IDLE] });
    expect(fieldTexts((await post("BAIT100", { phone: "5500000000", email: "a@b.mx" })).answer)).toEqual({ phone: [NOT_BAIT] });
  });

  it("mifi offers need the service number: 'Campo requerido'", async () => {
    const { status, answer } = await post("MIFI200", { phone: "5533334444", email: "a@b.mx" });
    expect(status).toBe(400);
    expect(fieldTexts(answer)).toEqual({ serviceNumber: ["Campo requerido"] });
  });

  it("5556789012 is asked whether to go on; 'Continuar' goes to /pago", async () => {
    const asked = await post("BAIT100", { phone: "5556789012", email: "a@b.mx" });
    expect(asked.status).toBe(200);
    expect(asked.answer?.pending).toEqual({ phone: "5556789012", email: "a@b.mx", whatsapp: false });
    const cookie = asked.cookie.split(";")[0]!;
    const continued = await post("BAIT100", { phone: "5556789012", email: "a@b.mx", intent: "continue" }, { cookie });
    expect([continued.status, continued.location]).toEqual([303, "/pago"]);
    // The answer is used up with the sale.
    expect((await sessionStorage.getSession(continued.cookie.split(";")[0])).get("rechargeAsked")).toBeUndefined();
  });

  it("'Continuar' counts only for the line and offer that were asked: otherwise the question comes again", async () => {
    const unasked = await post("BAIT100", { phone: "5556789012", email: "a@b.mx", intent: "continue" });
    expect(unasked.answer?.pending).toBeDefined();
    const cookie = unasked.cookie.split(";")[0]!;
    const otherOffer = await post("BAIT200", { phone: "5556789012", email: "a@b.mx", intent: "continue" }, { cookie, url: "http://localhost/recargas?recarga=BAIT200" });
    expect(otherOffer.answer?.pending).toBeDefined();
  });

  it("a history failure other than 412 closes the modal with the generic error", async () => {
    setSwitch("core.rechargeHistory", { status: 500 });
    const { status, location, cookie } = await post("BAIT100", { phone: "5512345678", email: "a@b.mx" });
    expect([status, location]).toEqual([303, "/recargas?section=traditionals"]);
    expect((await sessionStorage.getSession(cookie.split(";")[0])).get("notice")).toBe("recharge:history.error");
  });

  it("a 412 from the history goes on", async () => {
    setSwitch("core.rechargeHistory", { status: 412 });
    expect((await post("BAIT100", { phone: "5512345678", email: "a@b.mx" })).location).toBe("/pago");
  });

  it("an unknown offer, or a SIM offer, is not sold through the modal", async () => {
    const { status, answer } = await post("NOPE", { phone: "5512345678", email: "a@b.mx" });
    expect(status).toBe(404);
    expect(answer?.message?.text).toBe("Esta recarga ya no está disponible. Elige otra de nuestras recargas.");
    expect((await post("SIM150", { phone: "5512345678", email: "a@b.mx" })).status).toBe(404);
  });

  it("offers the upstream cannot give: 'Hubo problema al recuperar las recargas, por favor inténtalo de nuevo'", async () => {
    setSwitch("conn.offers", { status: 500 });
    setSwitch("*", { status: 500 });
    const { answer } = await post("BAIT100", { phone: "5512345678", email: "a@b.mx" });
    expect(answer?.message?.text).toBe("Hubo problema al recuperar las recargas, por favor inténtalo de nuevo");
  });
});

describe("GET /api/linea (the live check)", () => {
  const check = async (query: string) => {
    const out = await lineCheckResponse(new Request(`http://localhost/api/linea?${query}`), context());
    return (await out.json()) as { number: string; ok: boolean; message?: string };
  };
  it("answers for the number asked, with the message in Spanish", async () => {
    expect(await check("numero=5512345678&oferta=BAIT100")).toEqual({ number: "5512345678", ok: true });
    expect(await check("numero=5534567890&oferta=BAIT100")).toEqual({ number: "5534567890", ok: false, message: IDLE });
    expect(await check("numero=55%2000000000&oferta=BAIT100")).toEqual({ number: "5500000000", ok: false, message: NOT_BAIT });
    expect(await check("numero=123&oferta=BAIT100")).toEqual({ number: "123", ok: false, message: "El número debe tener 10 dígitos." });
    // What was refused comes back as digits only.
    expect(await check("numero=%3Cb%3E55%3C%2Fb%3E&oferta=BAIT100")).toEqual({ number: "55", ok: false, message: "El número debe tener 10 dígitos." });
  });
});
