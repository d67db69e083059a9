import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { clockStandsStill, useMockUpstream } from "../../../mocks/test-support";
import { forgetLimits, testBrowser } from "./test-browser";
import { resetWorld, world } from "../../../mocks/world";
import { login } from "~/upstream/conn/access.server";
import type { FormAnswer } from "~/lib/form-answer.server";
import { recoveryAction, recoveryLoader, secondsUntil, stepOf } from "./recovery.server";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";
import { getCustomer } from "~/lib/session.server";
import { signIn } from "./session.server";

useMockUpstream();
beforeEach(forgetLimits);

const ORIGIN = "http://localhost";

/**
 * A browser for the recovery pages: keeps the cookies the answers set (the flow cookie, the
 * flashed notice) and sends them back, like the real one between steps. Each browser has its
 * own IP, so the attempt limits of one test never reach another.
 */
function browser() {
  const { jar, context, keep, request } = testBrowser(ORIGIN);

  return {
    jar,
    context,
    request,
    keep,
    /** POSTs a form; answers the redirect (its Location) or the form answer with its status. */
    async post(path: string, fields: Record<string, string>) {
      const body = new URLSearchParams(fields);
      const out = await recoveryAction(request(path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }), context);
      if (out instanceof Response) {
        keep(out.headers);
        return { status: out.status, location: out.headers.get("Location"), answer: undefined, headers: out.headers };
      }
      return { status: out.init?.status ?? 200, location: null, answer: out.data as FormAnswer, headers: new Headers(out.init?.headers) };
    },
    /** GETs a step: its view, or where it redirects. */
    async get(path: string) {
      try {
        const out = await recoveryLoader(request(path));
        const headers = new Headers(out.init?.headers);
        expect(headers.get("Cache-Control")).toBe("private, no-store");
        keep(headers);
        return { view: out.data, location: null };
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        keep(thrown.headers);
        return { view: undefined, location: thrown.headers.get("Location") };
      }
    },
    /** The notice flashed for the next page, read as that page's loader would. */
    async notice() {
      return (await takeNotice(request("/"))).notice;
    },
  };
}

const errorsOf = (answer: FormAnswer | undefined) => answer?.result?.error ?? {};
/** The Spanish texts of the fields' errors (the schemas answer catalogue keys). */
const texts = (answer: FormAnswer | undefined) => Object.fromEntries(Object.entries(errorsOf(answer)).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));

const STEP1 = "/recuperacion?type=mbb";
const STEP2 = "/recuperacion?type=mbb&verification=2";
const STEP3 = "/recuperacion?type=mbb&verification=3";
const HBB_STEP1 = "/recuperacion?type=hbb";
const HBB_STEP2 = "/recuperacion?type=hbb&verification=2";
const HBB_STEP3 = "/recuperacion?type=hbb&verification=3";

/** A browser that has gone through step 1 for a line, and (when asked) through the right code. */
async function atStep(step: 2 | 3, line: { number: string } | { serviceNumber: string; phone: string; profile?: "hbb" | "mifi" } = { number: "5512345678" }) {
  const b = browser();
  if ("number" in line) {
    expect((await b.post(STEP1, { number: line.number, confirmation: line.number })).location).toBe(STEP2);
    if (step === 3) expect((await b.post(STEP2, { code: "1234", intent: "verify" })).location).toBe(STEP3);
  } else {
    const profile = line.profile ?? "hbb";
    const [one, two, three] = [1, 2, 3].map((n) => `/recuperacion?type=${profile}${n === 1 ? "" : `&verification=${n}`}`) as [string, string, string];
    expect((await b.post(one, { serviceNumber: line.serviceNumber, phone: line.phone })).location).toBe(two);
    if (step === 3) expect((await b.post(two, { code: "1234", intent: "verify" })).location).toBe(three);
  }
  return b;
}

/** What the route gives a page every visitor may share (app/render/page/cache-variant.server.ts). */
const PUBLIC = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

describe("what a cache may keep of /recuperacion", () => {
  const cacheControlOf = async (b: ReturnType<typeof browser>, path: string) => {
    const out = await recoveryLoader(b.request(path), { publicCacheControl: PUBLIC });
    return new Headers(out.init?.headers).get("Cache-Control");
  };

  it("step 1 of every line type, with or without the exist warning, is the same page for everyone: the route's public header; without it, private", async () => {
    for (const path of ["/recuperacion", STEP1, HBB_STEP1, "/recuperacion?type=mifi", "/recuperacion?exist=1&type=hbb"]) expect(await cacheControlOf(browser(), path), path).toBe(PUBLIC);
    expect(new Headers((await recoveryLoader(browser().request(STEP1))).init?.headers).get("Cache-Control")).toBe("private, no-store");
  });

  it("a flashed notice and the steps of the flow (the person's number, the new password) are private", async () => {
    const noticed = browser();
    noticed.keep((await redirectWithNotice(noticed.request("/recuperacion"), STEP1, "auth:code.resent")).headers);
    expect(await cacheControlOf(noticed, STEP1)).toBe("private, no-store");
    expect(await cacheControlOf(await atStep(2), STEP2)).toBe("private, no-store");
    expect(await cacheControlOf(await atStep(3), STEP3)).toBe("private, no-store");
  });
});

describe("steps in ?verification=", () => {
  it("reads 2 and 3, and anything else as the data entry", () => {
    expect([stepOf(null), stepOf("1"), stepOf("2"), stepOf("3"), stepOf("9"), stepOf("x")]).toEqual([1, 1, 2, 3, 1, 1]);
  });

  it("counts a lockout's seconds up, and zero once it is over", () => {
    const now = Date.UTC(2026, 2, 2, 16, 0, 0);
    expect(secondsUntil(new Date(now + 3_600_000).toISOString(), now)).toBe(3600);
    expect(secondsUntil(new Date(now + 1).toISOString(), now)).toBe(1);
    expect(secondsUntil(new Date(now - 1000).toISOString(), now)).toBe(0);
    expect(secondsUntil("not a date", now)).toBe(0);
  });
});

describe("step 1: the line's data", () => {
  it("shows the form for the type of ?type= (mobile by default), and the exist warning with ?exist=1", async () => {
    const b = browser();
    expect((await b.get("/recuperacion")).view).toEqual({ step: 1, profile: "mbb", exist: false, notice: null });
    expect((await b.get("/recuperacion?type=hbb&verification=1")).view).toMatchObject({ step: 1, profile: "hbb" });
    expect((await b.get("/recuperacion?type=mbb&exist=1")).view).toMatchObject({ step: 1, exist: true });
  });

  it("mbb: both numbers are required", async () => {
    const { status, answer } = await browser().post(STEP1, { number: "", confirmation: "" });
    expect(status).toBe(400);
    expect(texts(answer)).toEqual({ number: ["El número Bait es obligatorio"], confirmation: ["La confirmación de número es obligatoria"] });
  });

  it("mbb: the number needs its 10 digits", async () => {
    const { answer } = await browser().post(STEP1, { number: "551234", confirmation: "551234" });
    expect(texts(answer).number).toEqual(["Ingresa los 10 dígitos de tu número Bait"]);
  });

  it("mbb: the confirmation must match: 'El número no coincide.'", async () => {
    const { status, answer } = await browser().post(STEP1, { number: "5512345678", confirmation: "5512345679" });
    expect(status).toBe(400);
    expect(texts(answer)).toEqual({ confirmation: ["El número no coincide."] });
  });

  it("mbb: spaces typed in the numbers do not count", async () => {
    const { location } = await browser().post(STEP1, { number: "55 1234 5678", confirmation: "5512345678" });
    expect(location).toBe(STEP2);
  });

  it("hbb: the service number and the phone are required: 'El número telefónico es obligatorio'", async () => {
    const { answer } = await browser().post(HBB_STEP1, { serviceNumber: "", phone: "" });
    expect(texts(answer)).toEqual({ serviceNumber: ["El número de servicio es obligatorio"], phone: ["El número telefónico es obligatorio"] });
  });

  it("hbb: 'Ingresa los 10 dígitos de tu número telefónico'", async () => {
    const { answer } = await browser().post(HBB_STEP1, { serviceNumber: "5598765432", phone: "55111" });
    expect(texts(answer)).toEqual({ phone: ["Ingresa los 10 dígitos de tu número telefónico"] });
  });

  it("a registered line gets its code and goes to step 2 with the flow cookie", async () => {
    const b = browser();
    const { status, location } = await b.post(STEP1, { number: "5512345678", confirmation: "5512345678" });
    expect(status).toBe(303);
    expect(location).toBe(STEP2);
    expect(b.jar.has("bait_recuperacion")).toBe(true);
    expect((await b.get(STEP2)).view).toEqual({ step: 2, profile: "mbb", phone: "(55) 12 34 56 78", notice: null, lockSeconds: null });
  });

  it("hbb: the service number with its contact phone goes to step 2, the code going to the phone", async () => {
    const b = await atStep(2, { serviceNumber: "5598765432", phone: "5511112222" });
    expect((await b.get(HBB_STEP2)).view).toMatchObject({ step: 2, profile: "hbb", phone: "(55) 11 11 22 22", lockSeconds: null });
  });

  it("mifi: the portable-internet line goes to step 2 too", async () => {
    const b = await atStep(2, { serviceNumber: "5576543210", phone: "5533334444", profile: "mifi" });
    expect((await b.get("/recuperacion?type=mifi&verification=2")).view).toMatchObject({ step: 2, profile: "mifi", phone: "(55) 33 33 44 44" });
  });

  it("hbb: a phone that is not the service's gets the upstream's refusal as the form's message", async () => {
    const { status, answer } = await browser().post(HBB_STEP1, { serviceNumber: "5598765432", phone: "5599999999" });
    expect(status).toBe(400);
    expect(answer?.message).toEqual({ tone: "error", text: "El número telefónico no corresponde al número de servicio." });
  });

  it("code 0 (no account): warns and goes to the registration of that line type, without a flow cookie", async () => {
    const b = browser();
    const { status, location } = await b.post(STEP1, { number: "5523456789", confirmation: "5523456789" });
    expect(status).toBe(303);
    expect(location).toBe("/registro?type=mbb");
    expect(b.jar.has("bait_recuperacion")).toBe(false);
    expect(await b.notice()).toBe("auth:recovery.notRegistered");
  });

  it("code 0 for a home-internet line goes to /registro?type=hbb", async () => {
    const b = browser();
    const { location } = await b.post(HBB_STEP1, { serviceNumber: "5587654321", phone: "5522223333" });
    expect(location).toBe("/registro?type=hbb");
  });

  it("a line that is locked already (5566666666) goes straight to the lockout of step 2", async () => {
    clockStandsStill();
    const b = browser();
    expect((await b.post(STEP1, { number: "5566666666", confirmation: "5566666666" })).location).toBe(STEP2);
    const { view } = await b.get(STEP2);
    expect(view).toMatchObject({ step: 2, phone: "(55) 66 66 66 66" });
    expect(view && "lockSeconds" in view ? view.lockSeconds : 0).toBe(3600);
  });

  it("an upstream that fails: 'No fue posible generar tu código de verificación…'", async () => {
    setSwitch("conn.recoveryStart", { status: 500 });
    const { status, answer } = await browser().post(STEP1, { number: "5512345678", confirmation: "5512345678" });
    expect(status).toBe(502);
    expect(answer?.message?.text).toBe("No fue posible generar tu código de verificación por favor intentalo más tarde");
  });

  it("step 1 again within 30 s, from any browser: on to the code step, 'Ya te enviamos un código; escríbelo abajo…', nothing sent", async () => {
    const line = { number: "5512345678", confirmation: "5512345678" };
    expect((await browser().post(STEP1, line)).location).toBe(STEP2);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10_000);
    const other = browser();
    const again = await other.post(STEP1, line);
    expect(again).toMatchObject({ status: 303, location: STEP2 });
    const page = await other.get(STEP2);
    expect(page.view).toMatchObject({ step: 2, phone: "(55) 12 34 56 78", notice: "auth:code.alreadySent", noticeValues: { count: 20 } });
    expect(translate("auth:code.alreadySent", { count: 20 })).toBe("Ya te enviamos un código; escríbelo abajo. Podrás pedir otro en 20 segundos.");
  });

  it("step 1 again within 30 s after a send the upstream refused: 'Ya te enviamos un código…' (429, Retry-After), keeping what was typed", async () => {
    const line = { number: "5512345678", confirmation: "5512345678" };
    setSwitch("conn.recoveryStart", { status: 500 });
    expect((await browser().post(STEP1, line)).status).toBe(502);
    setSwitch("conn.recoveryStart", {});
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10_000);
    const { status, answer, headers } = await browser().post(STEP1, line);
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("20");
    expect(answer?.message?.text).toBe("Ya te enviamos un código. Podrás pedir otro en 20 segundos.");
    expect(answer?.result.initialValue).toEqual(line);
  });

  it("every send counts, whatever the upstream answered: the sixth in the hour is refused, for a line with an account or without", async () => {
    const start = Date.now();
    for (const number of ["5512345678", "5534567890"]) {
      const line = { number, confirmation: number };
      for (let sent = 0; sent < 5; sent++) {
        vi.spyOn(Date, "now").mockReturnValue(start + sent * 30_000);
        const out = await browser().post(STEP1, line);
        // A code sent (step 2), or no account (to the registration): counted alike.
        expect(out.location).toBe(number === "5512345678" ? STEP2 : "/registro?type=mbb");
      }
      vi.spyOn(Date, "now").mockReturnValue(start + 5 * 30_000);
      const { status, answer, headers } = await browser().post(STEP1, line);
      expect(status).toBe(429);
      expect(headers.get("Retry-After")).toBe(String(3600 - 150));
      expect(answer?.message?.text).toBe("Ya pediste todos los códigos que se pueden enviar en una hora. Podrás pedir otro en 58 minutos.");
    }
  });

  it("an address that asks for codes for many lines is refused after 30 in the hour, which slows down listing who has an account", async () => {
    const b = browser();
    for (let index = 0; index < 30; index++) {
      const number = `55800000${String(index).padStart(2, "0")}`;
      expect((await b.post(STEP1, { number, confirmation: number })).status).toBe(303);
    }
    const { status, answer } = await b.post(STEP1, { number: "5512345678", confirmation: "5512345678" });
    expect(status).toBe(429);
    expect(answer?.message?.text).toMatch(/^Ya pediste todos los códigos que se pueden enviar en una hora\. Podrás pedir otro en (60|59) minutos\.$/);
    // Another address may still ask for that line: the refused send did not count against it.
    expect((await browser().post(STEP1, { number: "5512345678", confirmation: "5512345678" })).location).toBe(STEP2);
  });
});

describe("step 2: the code", () => {
  it("without the flow's state, the page and its form go back to step 1", async () => {
    const b = browser();
    expect((await b.get(STEP2)).location).toBe(STEP1);
    expect((await b.get("/recuperacion?type=hbb&verification=2")).location).toBe(HBB_STEP1);
    expect((await b.post(STEP2, { code: "1234" })).location).toBe(STEP1);
  });

  it("the code is required and has 4 digits", async () => {
    const b = await atStep(2);
    expect(texts((await b.post(STEP2, { code: "", intent: "verify" })).answer)).toEqual({ code: ["Ingresa el código de verificación"] });
    expect(texts((await b.post(STEP2, { code: "12", intent: "verify" })).answer)).toEqual({ code: ["El código debe tener 4 dígitos"] });
  });

  it("a wrong code: docs/accounts.md's text, and the code is not sent back", async () => {
    const b = await atStep(2);
    const { status, answer } = await b.post(STEP2, { code: "9999", intent: "verify" });
    expect(status).toBe(400);
    expect(answer?.message).toEqual({ tone: "error", text: "Lo sentimos, ha superado los cambios de número permitidos" });
    expect(JSON.stringify(answer)).not.toContain("9999");
  });

  it("the third wrong code locks the line for an hour: the lockout view, and no more codes are checked", async () => {
    clockStandsStill();
    const b = await atStep(2);
    await b.post(STEP2, { code: "1111", intent: "verify" });
    await b.post(STEP2, { code: "2222", intent: "verify" });
    const third = await b.post(STEP2, { code: "3333", intent: "verify" });
    expect(third.status).toBe(303);
    expect(third.location).toBe(STEP2);
    const { view } = await b.get(STEP2);
    const seconds = view && "lockSeconds" in view ? view.lockSeconds : null;
    expect(seconds).toBe(3600);

    // Even the right code waits for the hour: the form goes back to the countdown.
    const right = await b.post(STEP2, { code: "1234", intent: "verify" });
    expect(right.location).toBe(STEP2);
    expect((await b.get(STEP3)).location).toBe(STEP2);
  });

  it("the lockout's time left is counted at each answer: the same page a second later says a second less ('Actualizar' without JavaScript)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 2, 2, 16, 0, 0) });
    try {
      const b = await atStep(2);
      for (const code of ["1111", "2222", "3333"]) await b.post(STEP2, { code, intent: "verify" });
      const left = async () => {
        const { view } = await b.get(STEP2);
        return view && "lockSeconds" in view ? view.lockSeconds : null;
      };
      expect(await left()).toBe(3600);
      vi.setSystemTime(Date.UTC(2026, 2, 2, 16, 0, 1));
      expect(await left()).toBe(3599);
    } finally {
      vi.useRealTimers();
    }
  });

  it("'Enviar nuevamente' right after the first code is refused: 'Ya te enviamos un código. Podrás pedir otro en 30 segundos.'", async () => {
    const b = await atStep(2);
    const { status, answer, headers } = await b.post(STEP2, { intent: "resend" });
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("30");
    expect(answer?.message?.text).toBe("Ya te enviamos un código. Podrás pedir otro en 30 segundos.");
  });

  it("'Enviar nuevamente' sends a new code and says so (30 s after the first)", async () => {
    const b = await atStep(2);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 30_000);
    const { status, location } = await b.post(STEP2, { intent: "resend" });
    expect(status).toBe(303);
    expect(location).toBe(STEP2);
    expect((await b.get(STEP2)).view).toMatchObject({ step: 2, notice: "auth:code.resent", lockSeconds: null });
    // The notice shows once.
    expect((await b.get(STEP2)).view).toMatchObject({ notice: null });
  });

  it("'Enviar nuevamente' while locked keeps the countdown (no new code)", async () => {
    const b = browser();
    await b.post(STEP1, { number: "5566666666", confirmation: "5566666666" });
    const { location } = await b.post(STEP2, { intent: "resend" });
    expect(location).toBe(STEP2);
    expect(await b.notice()).toBeNull();
  });

  it("once the hour is over, 'Enviar nuevamente' sends a new code and the code form comes back", async () => {
    const b = browser();
    await b.post(STEP1, { number: "5566666666", confirmation: "5566666666" });
    const { view } = await b.get(STEP2);
    expect(view && "lockSeconds" in view ? view.lockSeconds : 0).toBeGreaterThan(0);

    // An hour later (the mock's lock ends; our clock moves on).
    world.otp.delete("5566666666");
    const later = Date.now() + 3_601_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    expect((await b.get(STEP2)).view).toMatchObject({ lockSeconds: 0 });
    expect((await b.post(STEP2, { intent: "resend" })).location).toBe(STEP2);
    expect((await b.get(STEP2)).view).toMatchObject({ lockSeconds: null, notice: "auth:code.resent" });
  });

  it("the right code goes to step 3", async () => {
    const b = await atStep(2);
    const { status, location } = await b.post(STEP2, { code: "1234", intent: "verify" });
    expect(status).toBe(303);
    expect(location).toBe(STEP3);
    expect((await b.get(STEP3)).view).toEqual({ step: 3, profile: "mbb", notice: null });
  });

  it("an upstream that fails to check the code: 'Ha ocurrido un error con tu sesión…'", async () => {
    const b = await atStep(2);
    setSwitch("conn.validatePin", { status: 500 });
    const { status, answer } = await b.post(STEP2, { code: "1234", intent: "verify" });
    expect(status).toBe(502);
    expect(answer?.message?.text).toBe("Ha ocurrido un error con tu sesión, por favor intenta más tarde.");
  });
});

describe("step 3: the new password", () => {
  it("without a verified code, goes back (to step 1 without any state, to step 2 before the code)", async () => {
    expect((await browser().get(STEP3)).location).toBe(STEP1);
    expect((await browser().post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024!" })).location).toBe(STEP1);
    const b = await atStep(2);
    expect((await b.get(STEP3)).location).toBe(STEP2);
    expect((await b.post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024!" })).location).toBe(STEP2);
  });

  it("'La contraseña es obligatoria'", async () => {
    const b = await atStep(3);
    const { status, answer } = await b.post(STEP3, { password: "", passwordConfirmation: "" });
    expect(status).toBe(400);
    expect(texts(answer)).toEqual({ password: ["La contraseña es obligatoria"], passwordConfirmation: ["La contraseña es obligatoria"] });
  });

  it("'La contraseña no coincide.', and no password is sent back", async () => {
    const b = await atStep(3);
    const { answer } = await b.post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024?" });
    expect(texts(answer)).toEqual({ passwordConfirmation: ["La contraseña no coincide."] });
    expect(JSON.stringify(answer)).not.toContain("Nueva2024");
  });

  it("a password outside the rule: 'La contraseña ingresada es inválida'", async () => {
    const b = await atStep(3);
    const { answer } = await b.post(STEP3, { password: "corta", passwordConfirmation: "corta" });
    expect(texts(answer).password).toEqual(["La contraseña ingresada es inválida"]);
  });

  it("changes the password: /login?type=mbb with the notice, the flow over, and login works with the new one only", async () => {
    const b = await atStep(3);
    const { status, location } = await b.post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024!" });
    expect(status).toBe(303);
    expect(location).toBe("/login?type=mbb");
    expect(b.jar.has("bait_recuperacion")).toBe(false);
    expect(await b.notice()).toBe("auth:login.passwordChanged");

    const fresh = await login({ profile: "mbb", number: "5512345678", password: "Nueva2024!" });
    expect(fresh.ok && fresh.data.outcome).toBe("signedIn");
    const old = await login({ profile: "mbb", number: "5512345678", password: "Bait2024!" });
    expect(old.ok && old.data.outcome).toBe("refused");
  });

  it("ends every session of the line signed in before: their cookies then get /login", async () => {
    const user = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1 as const, isLegacy: true, isProfileActive: true, isEmailVerify: true };
    const before = (await signIn(new Request(`${ORIGIN}/login`), { user, tokens: { access: "t" }, auth: "legacy" })).headers.get("Set-Cookie")!.split(";")[0]!;
    const request = () => new Request(`${ORIGIN}/home`, { headers: { Cookie: before } });
    expect((await getCustomer(request()))?.user.number).toBe("5512345678");
    await new Promise((resolve) => setTimeout(resolve, 2));
    const b = await atStep(3);
    await b.post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024!" });
    const refused = await getCustomer(request()).then(() => null, (thrown: Response) => thrown);
    expect(refused?.headers.get("Location")).toBe("/login");
  });

  it("hbb: changes the service's password; login with the service number works with it", async () => {
    const b = await atStep(3, { serviceNumber: "5598765432", phone: "5511112222" });
    const { location } = await b.post(HBB_STEP3, { password: "Casa2024!", passwordConfirmation: "Casa2024!" });
    expect(location).toBe("/login?type=hbb");
    const fresh = await login({ profile: "hbb", number: "5598765432", password: "Casa2024!" });
    expect(fresh.ok && fresh.data.outcome).toBe("signedIn");
  });

  it("a verification the upstream no longer knows: 'Ha ocurrido un error con tu sesión…'", async () => {
    const b = await atStep(3);
    resetWorld();
    const { status, answer } = await b.post(STEP3, { password: "Nueva2024!", passwordConfirmation: "Nueva2024!" });
    expect(status).toBe(400);
    expect(answer?.message?.text).toBe("Ha ocurrido un error con tu sesión, por favor intenta más tarde.");
    expect(world.accounts.get("5512345678")?.password).toBe("Bait2024!");
  });
});
