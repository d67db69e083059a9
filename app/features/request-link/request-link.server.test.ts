import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { rechargeSale } from "#schemas/sale";
import type { SessionUser } from "#schemas/session";
import type { FormAnswer } from "~/lib/form-answer.server";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";
import { requestLinksForHome } from "./home.server";
import { requestLinks } from "./links.server";
import { loadMakerPage, makerAction, type MakerPage } from "./maker.server";
import { loadPayerPage, payerAction, type PayerPage } from "./payer.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const ana: SessionUser = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true, allowNotifications: false, whatsappOptIn: false };

/** The session cookie of `user`, signed in a moment ago. */
async function signedIn(user: SessionUser) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", user);
  session.set("tokens", sealTokens({ access: `token-${user.number}` }));
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return (await commitSession(session)).split(";")[0]!;
}

type Answer = { status: number; location: string | null; cookie: string; answer?: FormAnswer };
async function answerOf(out: Response | { data: unknown; init?: ResponseInit | null }): Promise<Answer> {
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") ?? "" };
  return { status: out.init?.status ?? 200, location: null, cookie: new Headers(out.init?.headers).get("Set-Cookie") ?? "", answer: out.data as FormAnswer };
}

const form = (fields: Record<string, string>, { cookie = "", url = "http://localhost/pide-recarga" } = {}) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });

const make = async (fields: Record<string, string>, cookie = "") => answerOf(await makerAction(form({ intent: "crear", ...fields }, { cookie }), context()));
/** A visitor's request, then the code sent to the line (the mock's 1234): the answer of the code step. */
async function visitorLink(fields: Record<string, string>) {
  const asked = await make(fields);
  expect(asked.status).toBe(303);
  const id = new URL(asked.location ?? "", "http://localhost").searchParams.get("confirmar") ?? "";
  return answerOf(await makerAction(form({ intent: "confirmar", id, code: "1234" }), context()));
}
const tokenOf = (location: string | null) => new URL(location ?? "", "http://localhost").searchParams.get("enlace") ?? "";
const payerPage = (token: string, query = "") => loadPayerPage(new Request(`http://localhost/r/${token}${query}`), context(), token);
const payable = (page: PayerPage) => {
  if (page.kind !== "pay") throw new Error(`refused: ${page.reason}`);
  return page;
};
const fieldTexts = (answer?: FormAnswer) => Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

describe("making a link (/pide-recarga)", () => {
  it("a customer's own line: the offers of its kind, then a link with their name and words; the link holds none of it", async () => {
    const cookie = await signedIn(ana);
    const page = await loadMakerPage(new Request("http://localhost/pide-recarga", { headers: { Cookie: cookie } }), context());
    expect(page).toMatchObject({ step: "form", maker: { kind: "customer", name: "Ana" }, line: { number: "5512345678", profile: "mbb" } });
    expect(page.offers.map((offer) => offer.offerId)).toContain("BAIT150");
    expect(page.offers.map((offer) => offer.offerId)).not.toContain("HBB349");

    const made = await make({ offerId: "BAIT150", message: "¿Me ayudas?", showName: "on" }, cookie);
    expect(made.status).toBe(303);
    const token = tokenOf(made.location);
    expect(token).toMatch(/^[A-Za-z0-9_-]{12}\.[0-9a-z]+\.[A-Za-z0-9_-]{16}$/);
    const shared = await loadMakerPage(new Request(`http://localhost${made.location}`, { headers: { Cookie: cookie } }), context());
    expect(shared.created).toMatchObject({ url: `http://localhost/r/${token}`, offerName: "Bait 150", maskedLine: "(55) •• •• 56 78", visitor: false });
    expect(shared.created?.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`¿Me ayudas? Puedes pagar mi recarga Bait aquí: http://localhost/r/${token}`)}`);
    expect(shared.links?.map((link) => link.url)).toContain(`http://localhost/r/${token}`);
  });

  it("a visitor's number is checked as the number-first answer checks it, with its messages beside the field", async () => {
    const idle = await loadMakerPage(new Request("http://localhost/pide-recarga?numero=5534567890"), context());
    expect(idle).toMatchObject({ step: "number", number: { value: "5534567890", error: translate("recharge:lineNumber.status.idle") } });
    const short = await loadMakerPage(new Request("http://localhost/pide-recarga?numero=55123"), context());
    expect(short.number.error).toBe(translate("errors:line.invalidNumber"));
    const hbb = await loadMakerPage(new Request("http://localhost/pide-recarga?numero=5598765432"), context());
    expect(hbb).toMatchObject({ step: "form", maker: { kind: "visitor" }, line: { profile: "hbb" }, links: null });
    expect(hbb.offers.every((offer) => offer.offerId.startsWith("HBB"))).toBe(true);
  });

  it("refuses, in Spanish and without a 5xx: words with a web address, an offer of another kind, a line that may not be recharged", async () => {
    const linked = await make({ numero: "5545678901", message: "paga en www.otro-sitio.mx" });
    expect([linked.status, fieldTexts(linked.answer)]).toEqual([400, { message: ["Tu mensaje no puede llevar enlaces ni direcciones web."] }]);
    const otherKind = await make({ numero: "5545678901", offerId: "HBB349" });
    expect([otherKind.status, fieldTexts(otherKind.answer)]).toEqual([422, { offerId: ["Esa recarga no está disponible para esta línea. Elige otra."] }]);
    const idle = await make({ numero: "5534567890" });
    expect(idle.status).toBe(422);
    expect(idle.answer?.message?.text).toBe(translate("requestLink:form.lineRefused"));
  });

  it("a visitor's link shows no name, whatever the box says; the 11th open link of a line is refused", async () => {
    const line = "5556789012";
    const first = await visitorLink({ numero: line, showName: "on" });
    const opened = await requestLinks.open(tokenOf(first.location));
    expect(opened).toMatchObject({ ok: true, record: { by: "code" } });
    expect(opened.ok && opened.record.name).toBeUndefined();
    for (let index = 1; index < 10; index += 1) expect((await visitorLink({ numero: line })).status).toBe(303);
    const refused = await visitorLink({ numero: line });
    expect(refused.status).toBe(409);
    expect(refused.answer?.message?.text).toBe("Ya hay 10 enlaces abiertos para esta línea. Espera a que alguno venza (duran 7 días), o inicia sesión con esta línea para cancelarlos.");
  });

  it("a customer cancels one of their line's links and comes back where they were; a visitor is sent to log in", async () => {
    const cookie = await signedIn(ana);
    const token = tokenOf((await make({}, cookie)).location);
    const id = token.split(".")[0]!;
    const cancelled = await answerOf(await makerAction(form({ intent: "cancelar", id, volver: "inicio" }, { cookie }), context()));
    expect([cancelled.status, cancelled.location]).toEqual([303, "/home?cancelado=1"]);
    expect(await requestLinks.open(token)).toEqual({ ok: false, reason: "revoked" });
    const again = await answerOf(await makerAction(form({ intent: "cancelar", id, volver: "pide-recarga" }, { cookie }), context()));
    expect(again.location).toBe("/pide-recarga?cancelado=0");
    await expect(makerAction(form({ intent: "cancelar", id }), context())).rejects.toMatchObject({ status: 302 });
  });
});

describe("paying a link (/r/<token>)", () => {
  it("says who asks in the maker's words, the line masked, the offer asked for first; pays through the checkout; the maker's /home says 'Te recargaron …'", async () => {
    const cookie = await signedIn(ana);
    const token = tokenOf((await make({ offerId: "BAIT150", message: "¡Gracias, tía!", showName: "on" }, cookie)).location);
    const page = payable(await payerPage(token));
    expect(page).toMatchObject({ heading: "Ana te pide una recarga", message: "¡Gracias, tía!", lineText: "Para la línea Bait (55) •• •• 56 78", selected: "BAIT150", askedGone: false, email: "" });
    expect(page.offers[0]).toMatchObject({ offerId: "BAIT150", asked: true });
    expect(page.offers.filter((offer) => offer.asked)).toHaveLength(1);
    expect(JSON.stringify(page)).not.toContain("5512345678");
    // 'Cambiar datos' of the checkout comes back with the offer chosen.
    expect(payable(await payerPage(token, "?recarga=BAIT50")).selected).toBe("BAIT50");

    const paid = await answerOf(await payerAction(form({ offerId: "BAIT50", email: "tia@example.com" }, { url: `http://localhost/r/${token}` }), context(), token));
    expect([paid.status, paid.location]).toEqual([303, "/pago"]);
    const sale = rechargeSale.parse((await sessionStorage.getSession(paid.cookie.split(";")[0])).get("sale"));
    expect(sale).toMatchObject({ kind: "recharge", offerId: "BAIT50", lineNumber: "5512345678", phone: "5512345678", email: "tia@example.com", loggedIn: false, returnTo: `/r/${token}`, references: { referencia2: "5512345678", referencia4: "mbb" } });

    // The charge lands in the history with the sale's uuid (as the mock's /cobrar does).
    world.history.get("5512345678")!.push({ uuid: sale.uuid, orderID: "ORD-PIDE-1", offeringID: "BAIT50", amount: 5000, applicationDate: new Date().toISOString(), rechargeApplied: true, status: "applied" });
    const home = await requestLinksForHome(new Request("http://localhost/home", { headers: { Cookie: cookie } }), ana, [sale.uuid, "otra"]);
    expect(home.paidRows).toEqual({ [sale.uuid]: "Bait 50" });
    expect(home.links?.map((link) => link.url)).not.toContain(`http://localhost/r/${token}`);
    expect(await payerPage(token)).toMatchObject({ kind: "refused", reason: "paid" });
  });

  it("bad input gets Spanish messages; an offer of another kind is refused", async () => {
    const token = tokenOf((await visitorLink({ numero: "5545678901" })).location);
    const empty = await answerOf(await payerAction(form({}), context(), token));
    expect([empty.status, fieldTexts(empty.answer)]).toEqual([400, { offerId: ["Elige la recarga que quieres pagar."], email: ["Escribe tu correo electrónico."] }]);
    const other = await answerOf(await payerAction(form({ offerId: "HBB349", email: "pepe@example.com" }), context(), token));
    expect([other.status, fieldTexts(other.answer)]).toEqual([422, { offerId: ["Esa recarga ya no está disponible para esta línea. Elige otra."] }]);
  });

  it("a line that may no longer be recharged: the spec's message instead of the form, and no sale", async () => {
    world.lines.set("5511110001", { number: "5511110001", profile: "mbb", status: "active" });
    const token = tokenOf((await visitorLink({ numero: "5511110001" })).location);
    world.lines.set("5511110001", { number: "5511110001", profile: "mbb", status: "idle" });
    const page = payable(await payerPage(token));
    expect(page.refusal).toEqual({ title: "Esta línea no puede recibir recargas ahora", text: translate("recharge:lineNumber.status.idle") });
    expect(page.offers).toEqual([]);
    const post = await answerOf(await payerAction(form({ offerId: "BAIT50", email: "pepe@example.com" }), context(), token));
    expect([post.status, post.answer?.message?.text]).toEqual([422, translate("recharge:lineNumber.status.idle")]);
  });

  it("portable internet: the sale is filed under the service number, with the customer's Bait number as the contact phone", async () => {
    const mifi: SessionUser = { ...ana, name: "Memo", number: "5533334444", serviceNumber: "5576543210", userType: 3, email: "demo.mifi@example.com" };
    const token = tokenOf((await make({}, await signedIn(mifi))).location);
    const page = payable(await payerPage(token));
    expect(page).toMatchObject({ heading: "Te piden una recarga", lineText: "Para el Internet Portátil (55) •• •• 32 10", selected: null });
    const offerId = page.offers[0]!.offerId;
    const paid = await answerOf(await payerAction(form({ offerId, email: "pepe@example.com" }), context(), token));
    const sale = rechargeSale.parse((await sessionStorage.getSession(paid.cookie.split(";")[0])).get("sale"));
    expect(sale).toMatchObject({ lineNumber: "5576543210", phone: "5533334444", references: { referencia2: "5576543210", referencia3: "5533334444", referencia4: "mifi" } });
  });

  it("refuses a tampered or unknown link as not found, and goes back to it when posted", async () => {
    const page = await payerPage("nada.que.ver");
    expect(page).toMatchObject({ kind: "refused", reason: "tampered" });
    const post = await answerOf(await payerAction(form({ offerId: "BAIT50", email: "pepe@example.com" }), context(), "nada.que.ver"));
    expect([post.status, post.location]).toEqual([303, "/r/nada.que.ver"]);
  });
});

describe("the maker's page never fails on what it reads", () => {
  it("a link in the address that is not open is simply not shown", async () => {
    const page: MakerPage = await loadMakerPage(new Request("http://localhost/pide-recarga?enlace=otra.cosa.x"), context());
    expect(page).toMatchObject({ created: null, step: "number" });
  });
});
