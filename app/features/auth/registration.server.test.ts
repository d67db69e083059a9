import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { clockStandsStill, useMockUpstream } from "../../../mocks/test-support";
import { forgetLimits, testBrowser } from "./test-browser";
import { world } from "../../../mocks/world";
import { login } from "~/upstream/conn/access.server";
import { completeAction, completePage, iccidCheckResponse, lockSeconds, registerAction, registerPage, type IccidCheckAnswer, type RegistrationAnswer } from "./registration.server";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";

useMockUpstream();
beforeEach(forgetLimits);

const ORIGIN = "http://localhost";

type Out = { status: number; location: string | null; answer: RegistrationAnswer | undefined; headers: Headers };

/**
 * A browser for the registration pages: keeps the cookies the answers set (the flow cookie, the
 * flashed notice) and sends them back between steps. Each browser has its own IP, so the attempt
 * limits of one test never reach another.
 */
function browser() {
  const { jar, context, keep, request } = testBrowser(ORIGIN);
  const settle = (out: unknown): Out => {
    if (out instanceof Response) {
      keep(out.headers);
      return { status: out.status, location: out.headers.get("Location"), answer: undefined, headers: out.headers };
    }
    const { data, init } = out as { data: RegistrationAnswer; init?: ResponseInit | null };
    const headers = new Headers(init?.headers);
    keep(headers);
    return { status: init?.status ?? 200, location: null, answer: data, headers };
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

  return {
    jar,
    context,
    request,
    keep,
    async post(path: string, fields: Record<string, string>) {
      return settle(await registerAction(request(path, form(fields)), context));
    },
    async complete(fields: Record<string, string>) {
      return settle(await completeAction(request("/completar-registro", form(fields))));
    },
    /** GETs /registro: its view, or where it redirects. */
    async page(path: string) {
      try {
        const out = await registerPage(request(path));
        expect(out.headers["Cache-Control"]).toBe("private, no-store");
        keep(new Headers(out.headers));
        return { view: out.view, notice: out.notice, location: null };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        return { view: undefined, notice: null, location: thrown.headers.get("Location") };
      }
    },
    async completion() {
      try {
        return { page: await completePage(request("/completar-registro")), location: null };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        return { page: undefined, location: thrown.headers.get("Location") };
      }
    },
    async iccid(query: Record<string, string>) {
      const response = await iccidCheckResponse(request(`/api/iccid?${new URLSearchParams(query).toString()}`), context);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      return { status: response.status, body: (await response.json()) as IccidCheckAnswer };
    },
    /** The notice flashed for the next page, read as that page's loader would. */
    async notice() {
      return (await takeNotice(request("/"))).notice;
    },
  };
}

/** The Spanish texts of the fields' errors (schema errors are catalogue keys; the upstream's checks answer texts). */
const texts = (answer: RegistrationAnswer | undefined) =>
  Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

const MBB = "/registro?type=mbb";
const MBB_CODE = "/registro?type=mbb&verification=1";
const HBB = "/registro?type=hbb";
const HBB_CODE = "/registro?type=hbb&verification=1";
const MIFI = "/registro?type=mifi";

const hbbLine = { phone: "5522223333", email: "casa@example.com", serviceNumber: "5587654321", iccid: "0000000000013" };
const newAccount = { name: "Nuevo", email: "nuevo@example.com", password: "Nueva2024!", passwordConfirmation: "Nueva2024!", promotions: "on" };

/** A browser that has sent the code to a line (and, when asked, typed the right one). */
async function atCode(path = MBB, fields: Record<string, string> = { number: "5523456789", confirmation: "5523456789" }) {
  const b = browser();
  const sent = await b.post(path, fields);
  expect(sent).toMatchObject({ status: 303, location: `${path}&verification=1` });
  return b;
}
/** What the route gives a page every visitor may share (app/render/page/cache-variant.server.ts). */
const PUBLIC = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

describe("what a cache may keep of /registro", () => {
  const cacheControlOf = async (b: ReturnType<typeof browser>, path: string) => (await registerPage(b.request(path), { publicCacheControl: PUBLIC })).headers["Cache-Control"];

  it("step 0 of every line type is the same page for everyone: the route's public header; without it, private", async () => {
    for (const path of ["/registro", MBB, HBB, MIFI]) expect(await cacheControlOf(browser(), path), path).toBe(PUBLIC);
    expect((await registerPage(browser().request(MBB))).headers["Cache-Control"]).toBe("private, no-store");
  });

  it("a flashed notice, the code step (the person's number) and the lockout are private", async () => {
    const noticed = browser();
    const redirect = await redirectWithNotice(noticed.request("/recuperacion"), MBB, "auth:recovery.notRegistered");
    noticed.keep(redirect.headers);
    expect(await cacheControlOf(noticed, MBB)).toBe("private, no-store");
    expect(await cacheControlOf(await atCode(), MBB_CODE)).toBe("private, no-store");
    expect(await cacheControlOf(await atCode(MBB, { number: "5566666666", confirmation: "5566666666" }), MBB_CODE)).toBe("private, no-store");
  });
});

async function verified(path = MBB, fields?: Record<string, string>) {
  const b = await atCode(path, fields);
  expect(await b.post(`${path}&verification=1`, { intent: "verify", code: "1234" })).toMatchObject({ status: 303, location: "/completar-registro" });
  return b;
}

describe("step 0: the line", () => {
  it("asks a mobile line for its number twice: 'La confirmación de número es obligatoria', 'El número no coincide'", async () => {
    const b = browser();
    const missing = await b.post(MBB, { number: "5523456789" });
    expect(missing.status).toBe(400);
    expect(texts(missing.answer)).toEqual({ confirmation: ["La confirmación de número es obligatoria"] });
    const different = await b.post(MBB, { number: "5523456789", confirmation: "5523456780" });
    expect(texts(different.answer)).toEqual({ confirmation: ["El número no coincide"] });
    const empty = await b.post(MBB, {});
    expect(texts(empty.answer)).toEqual({ number: ["El número Bait es obligatorio"], confirmation: ["La confirmación de número es obligatoria"] });
    expect(b.jar.size).toBe(0);
  });

  it("asks a home line for phone, e-mail, service number and ICCID: 'El correo electrónico es obligatorio', 'El ICCID es obligatorio'", async () => {
    const b = browser();
    const empty = await b.post(HBB, {});
    expect(texts(empty.answer)).toEqual({
      phone: ["El número telefónico es obligatorio"],
      email: ["El correo electrónico es obligatorio"],
      serviceNumber: ["El número de servicio es obligatorio"],
      iccid: ["El ICCID es obligatorio"],
    });
    const badEmail = await b.post(HBB, { ...hbbLine, email: "casa@example" });
    expect(texts(badEmail.answer)).toEqual({ email: ["Ingresa un correo electrónico válido"] });
    const shortIccid = await b.post(HBB, { ...hbbLine, iccid: "00000013" });
    expect(texts(shortIccid.answer)).toEqual({ iccid: ["Ingresa los 13 dígitos restantes del ICCID"] });
  });

  it("sends the code to a mobile line and keeps the line in the flow cookie for step 1", async () => {
    const b = await atCode();
    expect([...b.jar.keys()]).toContain("bait_registro");
    expect(await b.page(MBB_CODE)).toMatchObject({ view: { step: "code", phone: "(55)\u00a023\u00a045\u00a067\u00a089" } });
  });

  it("checks the SIM of a home line (the active hbb service with that number) before sending the code to the contact phone", async () => {
    const b = await atCode(HBB, hbbLine);
    expect(await b.page(HBB_CODE)).toMatchObject({ view: { step: "code", phone: "(55)\u00a022\u00a022\u00a033\u00a033" } });
    // The same line's step 1 under another type is not this flow: back to that type's step 0.
    expect((await b.page(MBB_CODE)).location).toBe(MBB);
  });

  it("accepts a portable line with its own SIM", async () => {
    await atCode(MIFI, { phone: "5544445555", email: "mifi@example.com", serviceNumber: "5571234567", iccid: "0000000000021" });
  });

  it("refuses the ICCID of another type of service, of another service number, or unknown, sending no code", async () => {
    const b = browser();
    const mifiSim = await b.post(HBB, { ...hbbLine, iccid: "0000000000021" });
    expect(mifiSim.status).toBe(400);
    expect(texts(mifiSim.answer)).toEqual({ iccid: ["El ICCID ingresado no pertenece a un servicio de Internet en Casa. Revisa que esté bien escrito."] });

    const otherService = await b.post(HBB, { ...hbbLine, phone: "5511112222", serviceNumber: "5598765432" });
    expect(texts(otherService.answer)).toEqual({ iccid: ["El ICCID ingresado no corresponde al número de servicio que escribiste. Revisa tus datos."] });

    const unknown = await b.post(HBB, { ...hbbLine, iccid: "9999999999999" });
    expect(texts(unknown.answer)).toEqual({ iccid: ["El ICCID que ingresaste no pertenece a un número Bait. Revisa que esté bien escrito."] });
    expect(b.jar.size).toBe(0);
  });

  it("says a number that is not Bait is not a Bait mobile number", async () => {
    const out = await browser().post(MBB, { number: "5500000000", confirmation: "5500000000" });
    expect(out.status).toBe(400);
    expect(out.answer?.message).toEqual({ tone: "error", text: translate("auth:register.notBait.mbb") });
  });

  it("shows the upstream's message when the phone is not the service's contact phone", async () => {
    const out = await browser().post(HBB, { ...hbbLine, phone: "5500001111" });
    expect(out.answer?.message?.text).toBe("El número telefónico no corresponde al número de servicio.");
  });

  it("goes to the lockout of step 1 for a number already locked out (5566666666)", async () => {
    clockStandsStill();
    const b = await atCode(MBB, { number: "5566666666", confirmation: "5566666666" });
    const page = await b.page(MBB_CODE);
    expect(page.view?.step).toBe("locked");
    expect(page.view?.step === "locked" && page.view.seconds).toBe(3600);
  });

  it("keeps both numbers typed after a refused submit (a number is not a secret), so only the wrong one is retyped", async () => {
    const out = await browser().post(MBB, { number: "5523456789", confirmation: "55" });
    expect(out.answer?.result.initialValue).toEqual({ number: "5523456789", confirmation: "55" });
  });

  it("shows the notice the recovery flashed for this page", async () => {
    const b = browser();
    const redirect = await redirectWithNotice(b.request("/recuperacion"), MBB, "auth:recovery.notRegistered");
    for (const line of redirect.headers.getSetCookie()) b.jar.set(line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1, line.indexOf(";")));
    expect(await b.page(MBB)).toMatchObject({ view: { step: "start" }, notice: "auth:recovery.notRegistered" });
  });

  it("refuses a second code to the same number within 30 s, whatever the first got: 'Ya te enviamos un código…' (429, Retry-After), keeping what was typed", async () => {
    // A number no other test uses (not Bait either: the upstream refuses the send with a 412).
    const line = { number: "5599990001", confirmation: "5599990001" };
    expect((await browser().post(MBB, line)).status).toBe(400);
    const limited = await browser().post(MBB, line);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(limited.answer?.message?.text).toBe("Ya te enviamos un código. Podrás pedir otro en 30 segundos.");
    expect(limited.answer?.result.initialValue).toEqual(line);
  });

  it("step 0 again within 30 s after a code was sent (another browser): on to the code step, 'Ya te enviamos un código; escríbelo abajo…', nothing sent", async () => {
    const line = { number: "5523456789", confirmation: "5523456789" };
    expect(await browser().post(MBB, line)).toMatchObject({ status: 303, location: MBB_CODE });
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 5_000);
    const other = browser();
    expect(await other.post(MBB, line)).toMatchObject({ status: 303, location: MBB_CODE });
    const page = await other.page(MBB_CODE);
    expect(page.view).toMatchObject({ step: "code", phone: "(55)\u00a023\u00a045\u00a067\u00a089" });
    expect(page.notice).toBe("auth:code.alreadySent");
  });

  it("counts every code sent to a number in the hour, successful ones too: the sixth is refused with the hour's message", async () => {
    const line = { number: "5523456789", confirmation: "5523456789" };
    const start = Date.now();
    for (let sent = 0; sent < 5; sent++) {
      vi.spyOn(Date, "now").mockReturnValue(start + sent * 31_000);
      expect(await browser().post(MBB, line)).toMatchObject({ status: 303, location: MBB_CODE });
    }
    vi.spyOn(Date, "now").mockReturnValue(start + 5 * 31_000);
    const limited = await browser().post(MBB, line);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBe(3600 - 5 * 31);
    expect(limited.answer?.message?.text).toBe("Ya pediste todos los códigos que se pueden enviar en una hora. Podrás pedir otro en 58 minutos.");
  });
});

describe("the live ICCID check (GET /api/iccid)", () => {
  it("confirms the SIM of the service number typed", async () => {
    expect(await browser().iccid({ iccid: "0000000000013", serviceNumber: "5587654321", type: "hbb" })).toEqual({
      status: 200,
      body: { iccid: "0000000000013", serviceNumber: "5587654321", ok: true },
    });
  });

  it("answers the refusals in Spanish", async () => {
    const b = browser();
    expect((await b.iccid({ iccid: "0000000000013", serviceNumber: "5587654321", type: "mifi" })).body).toMatchObject({
      ok: false,
      message: "El ICCID ingresado no pertenece a un servicio de Internet Portátil. Revisa que esté bien escrito.",
    });
    expect((await b.iccid({ iccid: "0000000000013", serviceNumber: "5598765432", type: "hbb" })).body.message).toBe(translate("auth:register.iccidServiceMismatch"));
    const malformed = await b.iccid({ iccid: "123", type: "hbb" });
    expect(malformed).toMatchObject({ status: 400, body: { ok: false, message: "Ingresa los 13 dígitos restantes del ICCID" } });
  });

  it("says the service is unavailable when the upstream fails", async () => {
    setSwitch("core.lineProfile", { status: 500 });
    expect((await browser().iccid({ iccid: "0000000000013", serviceNumber: "5587654321", type: "hbb" })).body).toMatchObject({ ok: false, message: translate("errors:iccid.unavailable") });
  });

  it("is limited per IP: after 100 refused checks the next answers 429", async () => {
    const b = browser();
    for (let i = 0; i < 100; i++) await b.iccid({ iccid: "9999999999999", serviceNumber: "5587654321", type: "hbb" });
    const limited = await b.iccid({ iccid: "0000000000013", serviceNumber: "5587654321", type: "hbb" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Has hecho demasiados intentos/);
  });
});

describe("step 1: the code", () => {
  it("without a flow goes back to step 0", async () => {
    const b = browser();
    expect((await b.page(MBB_CODE)).location).toBe(MBB);
    expect(await b.post(MBB_CODE, { intent: "verify", code: "1234" })).toMatchObject({ status: 303, location: MBB });
  });

  it("says 'El código ingresado es incorrecto.' with the attempts left, never echoing the code", async () => {
    const b = await atCode();
    const wrong = await b.post(MBB_CODE, { intent: "verify", code: "0000" });
    expect(wrong.status).toBe(400);
    expect(texts(wrong.answer)).toEqual({ code: ["El código ingresado es incorrecto. Te quedan 2 intentos."] });
    expect(wrong.answer?.result.initialValue).not.toHaveProperty("code");
    const last = await b.post(MBB_CODE, { intent: "verify", code: "1111" });
    expect(texts(last.answer).code?.[0]).toMatch(/^El código ingresado es incorrecto\. Te queda 1 intento/);
    const required = await b.post(MBB_CODE, { intent: "verify" });
    expect(texts(required.answer)).toEqual({ code: ["Ingresa el código de verificación"] });
  });

  it("locks the line for an hour after the third wrong code: countdown, no code form, no resend while it runs", async () => {
    clockStandsStill();
    const b = await atCode();
    await b.post(MBB_CODE, { intent: "verify", code: "0000" });
    await b.post(MBB_CODE, { intent: "verify", code: "1111" });
    expect(await b.post(MBB_CODE, { intent: "verify", code: "2222" })).toMatchObject({ status: 303, location: MBB_CODE });
    const page = await b.page(MBB_CODE);
    expect(page.view?.step).toBe("locked");
    const seconds = page.view?.step === "locked" ? page.view.seconds : 0;
    expect(seconds).toBe(3600);
    // Neither the right code nor a new one while it runs.
    expect(await b.post(MBB_CODE, { intent: "verify", code: "1234" })).toMatchObject({ status: 303, location: MBB_CODE });
    expect(await b.post(MBB_CODE, { intent: "resend" })).toMatchObject({ status: 303, location: MBB_CODE });
    expect(world.verified.size).toBe(0);
  });

  it("sends the number of an existing account (statusCode 1) to /recuperacion?exist=1 and ends the flow", async () => {
    const b = await atCode(MBB, { number: "5512345678", confirmation: "5512345678" });
    expect(await b.post(MBB_CODE, { intent: "verify", code: "1234" })).toMatchObject({ status: 303, location: "/recuperacion?exist=1&type=mbb" });
    expect(b.jar.has("bait_registro")).toBe(false);
  });

  it("refuses 'Enviar nuevamente' right after a code was sent: 'Ya te enviamos un código…', marked as the resend form's answer", async () => {
    const b = await atCode();
    const out = await b.post(MBB_CODE, { intent: "resend" });
    expect(out).toMatchObject({ status: 429, answer: { form: "resend", message: { tone: "error", text: "Ya te enviamos un código. Podrás pedir otro en 30 segundos." } } });
    expect(out.headers.get("Retry-After")).toBe("30");
  });

  it("sends a new code with 'Enviar nuevamente' (30 s later) and says so once", async () => {
    const b = await atCode();
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 30_000);
    expect(await b.post(MBB_CODE, { intent: "resend" })).toMatchObject({ status: 303, location: MBB_CODE });
    expect(await b.page(MBB_CODE)).toMatchObject({ view: { step: "code" }, notice: "auth:code.resent" });
    expect((await b.page(MBB_CODE)).notice).toBeNull();
  });

  it("says why a resend failed, marked as the resend form's answer", async () => {
    const b = await atCode();
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 30_000);
    setSwitch("sso.sendOtp", { status: 500 });
    const out = await b.post(MBB_CODE, { intent: "resend" });
    expect(out).toMatchObject({ status: 502, answer: { form: "resend", message: { tone: "error", text: translate("errors:upstream.unavailable") } } });
  });

  it("goes to /completar-registro with the right code", async () => {
    const b = await verified();
    expect(await b.completion()).toMatchObject({ page: { profile: "mbb", email: "" } });
  });
});

describe("/completar-registro", () => {
  it("without a verified code goes back to /registro", async () => {
    expect((await browser().completion()).location).toBe("/registro");
    const b = await atCode(HBB, hbbLine);
    expect((await b.completion()).location).toBe(HBB);
    expect(await b.complete(newAccount)).toMatchObject({ status: 303, location: HBB });
  });

  it("asks for the data with the spec's messages", async () => {
    const b = await verified();
    const empty = await b.complete({});
    expect(empty.status).toBe(400);
    expect(texts(empty.answer)).toEqual({
      name: ["El nombre/alias es obligatorio"],
      email: ["El correo electrónico es obligatorio"],
      password: ["La contraseña es obligatoria"],
      passwordConfirmation: ["La contraseña no coincide"],
    });
    const weak = await b.complete({ ...newAccount, email: "nuevo", password: "nueva2024", passwordConfirmation: "otra" });
    expect(texts(weak.answer)).toEqual({ email: ["Ingresa un correo electrónico válido"], password: ["La contraseña ingresada es inválida"], passwordConfirmation: ["La contraseña no coincide"] });
    const mismatch = await b.complete({ ...newAccount, passwordConfirmation: "Nueva2024?" });
    expect(texts(mismatch.answer)).toEqual({ passwordConfirmation: ["La contraseña no coincide"] });
    expect(mismatch.answer?.result.initialValue).toEqual({ name: "Nuevo", email: "nuevo@example.com", promotions: "on" });
  });

  it("creates the mobile account, ends the flow and goes to /login with the notice; the new password logs in", async () => {
    const b = await verified();
    expect(await b.complete(newAccount)).toMatchObject({ status: 303, location: "/login?type=mbb" });
    expect(b.jar.has("bait_registro")).toBe(false);
    expect(await b.notice()).toBe("auth:login.registered");
    expect(world.accounts.get("5523456789")).toMatchObject({ name: "Nuevo", email: "nuevo@example.com", allowNotifications: true });
    const signedIn = await login({ profile: "mbb", number: "5523456789", password: "Nueva2024!" });
    expect(signedIn.ok && signedIn.data.outcome).toBe("signedIn");
  });

  it("prefills the e-mail of a home line and creates its account under the service number", async () => {
    const b = await verified(HBB, hbbLine);
    expect((await b.completion()).page).toMatchObject({ profile: "hbb", email: "casa@example.com" });
    expect(await b.complete({ ...newAccount, email: "casa@example.com", promotions: "" })).toMatchObject({ status: 303, location: "/login?type=hbb" });
    expect(world.accounts.get("5587654321")).toMatchObject({ contactPhone: "5522223333", allowNotifications: false });
    const signedIn = await login({ profile: "hbb", number: "5587654321", password: "Nueva2024!" });
    expect(signedIn.ok && signedIn.data.outcome).toBe("signedIn");
  });

  it("says the verification expired (401) with a way back to /registro, and ends the flow", async () => {
    const b = await verified();
    world.verified.clear();
    const out = await b.complete(newAccount);
    expect(out).toMatchObject({ status: 401, answer: { message: { tone: "error", text: "Tu verificación ya no es válida. Vuelve a solicitar tu código." }, restart: MBB } });
    expect(b.jar.has("bait_registro")).toBe(false);
  });

  it("sends a number registered meanwhile to /recuperacion?exist=1", async () => {
    const b = await verified();
    world.accounts.set("5523456789", { number: "5523456789", profile: "mbb", name: "Otro", email: "otro@example.com", password: "Bait2024!", allowNotifications: false });
    expect(await b.complete(newAccount)).toMatchObject({ status: 303, location: "/recuperacion?exist=1&type=mbb" });
  });

  it("shows the upstream's refusal and keeps the flow", async () => {
    const b = await verified();
    setSwitch("sso.completeRegistration", { status: 500 });
    const out = await b.complete(newAccount);
    expect(out).toMatchObject({ status: 502, answer: { message: { text: translate("errors:upstream.unavailable") } } });
    expect(b.jar.has("bait_registro")).toBe(true);
  });
});

describe("lockSeconds", () => {
  it("counts whole seconds up to the unlock date, zero after it or without one", () => {
    const now = Date.parse("2024-05-01T12:00:00Z");
    expect(lockSeconds("2024-05-01T13:00:00Z", now)).toBe(3600);
    expect(lockSeconds("2024-05-01T12:00:00.400Z", now)).toBe(1);
    expect(lockSeconds("2024-05-01T11:00:00Z", now)).toBe(0);
    expect(lockSeconds(undefined, now)).toBe(0);
    expect(lockSeconds("no es fecha", now)).toBe(0);
  });
});
