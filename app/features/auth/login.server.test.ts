import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { tokenNumber } from "../../../mocks/world";
import { sessionStorage, tokensOf } from "~/lib/session.server";
import { type FormAnswer } from "~/lib/form-answer.server";
import { loginAction } from "./login.server";
import { logoutAction } from "./logout.server";
import { translate } from "~/lib/i18n/i18n.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `203.0.113.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

async function post(type: string, fields: Record<string, string>, ctx = context(), cookie = "") {
  const request = new Request(`http://localhost/login?type=${type}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const out = await loginAction(request, ctx);
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") ?? "", answer: undefined };
  return { status: out.init?.status ?? 200, location: null, cookie: "", answer: out.data as FormAnswer };
}

const texts = (answer: FormAnswer | undefined) =>
  Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

const sessionOf = async (setCookie: string) => sessionStorage.getSession(setCookie.split(";")[0]);

describe("login: the form's messages (docs/accounts.md)", () => {
  it("mbb, empty: 'El número Bait es obligatorio' and 'La contraseña es requerida'", async () => {
    const { status, answer } = await post("mbb", { number: "", password: "" });
    expect(status).toBe(400);
    expect(texts(answer)).toEqual({ number: ["El número Bait es obligatorio"], password: ["La contraseña es requerida"] });
  });

  it("mbb, 9 digits: 'Ingresa los 10 dígitos de tu número Bait'; letters: 'Número inválido'", async () => {
    expect(texts((await post("mbb", { number: "551234567", password: "x" })).answer)).toEqual({ number: ["Ingresa los 10 dígitos de tu número Bait"] });
    expect(texts((await post("mbb", { number: "55123abcde", password: "x" })).answer)).toEqual({ number: ["Número inválido"] });
  });

  it("hbb and mifi ask for the service number: 'El número de servicio es obligatorio', 'Ingresa los 10 dígitos de tu número de servicio'", async () => {
    expect(texts((await post("hbb", { password: "x" })).answer)).toEqual({ number: ["El número de servicio es obligatorio"] });
    expect(texts((await post("mifi", { number: "55765", password: "x" })).answer)).toEqual({ number: ["Ingresa los 10 dígitos de tu número de servicio"] });
  });

  it("a multipart body that does not parse is an empty form: the 'obligatorio' messages, not a 500", async () => {
    const request = new Request("http://localhost/login?type=mbb", { method: "POST", body: "esto no es multipart", headers: { "Content-Type": "multipart/form-data; boundary=xyz" } });
    const out = await loginAction(request, context());
    if (out instanceof Response) throw new Error(`answered ${out.status}`);
    expect(out.init?.status).toBe(400);
    expect(texts(out.data as FormAnswer)).toEqual({ number: ["El número Bait es obligatorio"], password: ["La contraseña es requerida"] });
  });

  it("never sends back a card number or CVV posted beside the login fields", async () => {
    const { answer } = await post("mbb", { number: "551234567", password: "x", cardNumber: "4152313412345678", cvv: "987" });
    expect(JSON.stringify(answer)).not.toContain("4152313412345678");
    expect(JSON.stringify(answer)).not.toContain('"987"');
  });

  it("takes a number typed with spaces", async () => {
    const { status, location } = await post("hbb", { number: "55 9876 5432", password: "Bait2024!" });
    expect([status, location]).toEqual([303, "/home"]);
  });
});

describe("login: the upstream's answer", () => {
  it("signs hbb in: a new session with the user of docs/accounts.md, its tokens sealed, never the password", async () => {
    const { status, location, cookie } = await post("hbb", { number: "5598765432", password: "Bait2024!" });
    expect([status, location]).toEqual([303, "/home"]);
    const session = await sessionOf(cookie);
    expect(session.get("user")).toMatchObject({ name: "Casa Demo", number: "5511112222", serviceNumber: "5598765432", userType: 2 });
    expect(session.get("auth")).toBe("legacy");
    expect(typeof session.get("sid")).toBe("string");
    expect(tokenNumber(tokensOf(session)?.access)).toBeDefined();
    expect(cookie).not.toContain("Bait2024");
    expect(JSON.stringify(session.data)).not.toMatch(/Bait2024|mock-/);
  });

  it("gives every login a new session id", async () => {
    const first = await sessionOf((await post("mifi", { number: "5576543210", password: "Bait2024!" })).cookie);
    const second = await sessionOf((await post("mifi", { number: "5576543210", password: "Bait2024!" }, context(), "")).cookie);
    expect(first.get("sid")).not.toBe(second.get("sid"));
  });

  it("a wrong password says 'Hubo un error al validar tus datos' and keeps the number, not the password", async () => {
    const { status, answer } = await post("hbb", { number: "5598765432", password: "Equivocada1!" });
    expect(status).toBe(400);
    expect(answer?.message).toEqual({ tone: "error", text: "Hubo un error al validar tus datos" });
    expect(answer?.result.initialValue).toEqual({ number: "5598765432" });
  });

  it("a wrong password gets the same words and status whether or not the number has an account", async () => {
    for (const [profile, registered, unregistered] of [
      ["mbb", "5545678901", "5523456789"],
      ["hbb", "5598765432", "5587654321"],
      ["mifi", "5576543210", "5571234567"],
    ] as const) {
      const withAccount = await post(profile, { number: registered, password: "Equivocada1!" });
      const without = await post(profile, { number: unregistered, password: "Equivocada1!" });
      expect({ status: without.status, message: without.answer?.message }).toEqual({ status: withAccount.status, message: withAccount.answer?.message });
      expect(withAccount).toMatchObject({ status: 400, answer: { message: { text: "Hubo un error al validar tus datos" } } });
    }
  });

  it("a line the sso flag covers (Ana) signs in through the SSO legacy link", async () => {
    const { location, cookie } = await post("mbb", { number: "5512345678", password: "Bait2024!" });
    expect(location).toBe("/home");
    const session = await sessionOf(cookie);
    expect(session.get("auth")).toBe("sso");
    expect(session.get("user")).toMatchObject({ name: "Ana", userType: 1 });
  });

  it("a wrong password on the SSO link: 'Hubo un error al validar tus datos'", async () => {
    const { answer } = await post("mbb", { number: "5512345678", password: "Equivocada1!" });
    expect(answer?.message?.text).toBe("Hubo un error al validar tus datos");
  });

  it("an upstream that fails: 'Error al intentar iniciar sesión'", async () => {
    setSwitch("conn.login", { status: 500 });
    const { status, answer } = await post("hbb", { number: "5598765432", password: "Bait2024!" });
    expect(status).toBe(502);
    expect(answer?.message?.text).toBe("Error al intentar iniciar sesión");
  });

  it("after 10 failed attempts on one number it refuses for a while (429), even with the right password", async () => {
    const ip = context();
    for (let attempt = 0; attempt < 10; attempt += 1) await post("mifi", { number: "5576543210", password: "Mala2024!" }, ip);
    const { status, answer } = await post("mifi", { number: "5576543210", password: "Bait2024!" }, ip);
    expect(status).toBe(429);
    expect(answer?.message?.text).toMatch(/^Has hecho demasiados intentos\. Espera \d+ minutos y vuelve a intentarlo\.$/);
  });
});

describe("logout", () => {
  it("ends the upstream session and clears ours", async () => {
    const { cookie } = await post("hbb", { number: "5598765432", password: "Bait2024!" });
    const access = tokensOf(await sessionOf(cookie))?.access ?? "";
    const out = await logoutAction(new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie.split(";")[0] ?? "" } }));
    expect([out.status, out.headers.get("Location")]).toEqual([303, "/"]);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(tokenNumber(access)).toBeUndefined();
  });
});
