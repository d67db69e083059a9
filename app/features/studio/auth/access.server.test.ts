import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// The studio on, with an accounts file of this test's own: set before any import reads the environment.
vi.hoisted(() => {
  process.env.STUDIO_SECRET = "secreto-de-prueba-del-estudio-0123456789";
  process.env.STUDIO_USERS_FILE = `${process.env.TMPDIR ?? "/tmp"}/bait-estudio-acceso-${process.pid}-${Date.now()}/studio-users`;
});

import { rmSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { removeAccount, saveAccount } from "./accounts.server";
import { requireRecentSignIn, requireStudio, STUDIO_STEP_UP_MS, studioHeaders, studioReturnPath, studioUser, type StudioUser } from "./access.server";
import { captureLog } from "~/lib/log.test-helpers";
import { memoryState } from "~/lib/store/shared-state.server";
import { createStudioLimits, STUDIO_LIMITS } from "./limits.server";
import { signInAction, signInLoader, signOutAction } from "./sign-in.server";

/**
 * Who may use the studio (docs/studio.md "Accounts and roles"): requireStudio's answers, the step-up, the
 * sign-in and sign-out actions, the limits; the accounts file read on each request.
 */
const file = env.studio.usersFile;
const PASSWORD = "contraseña de prueba larga";
const ORIGIN = "http://localhost";

const log = captureLog();
beforeAll(async () => {
  await saveAccount(file, { email: "ana@bait.mx", role: "editor", password: PASSWORD });
  await saveAccount(file, { email: "pia@bait.mx", role: "publisher", password: PASSWORD });
});
afterAll(() => rmSync(path.dirname(file), { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
  env.studio.on = true;
});

let addresses = 0;
/** Each sign-in from an address of its own: the per-address limit of one test does not reach another. */
const context = (ip = `198.51.100.${++addresses}`) => ({ clientIp: ip }) as AppLoadContext;

const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${ORIGIN}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });
const get = (pathname: string, cookie = "") => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie } });

/** What an action or a guard threw or answered, as one shape: a Response, or remix's data() with its init. */
type Answer = { status: number; headers: Headers; data?: unknown };
function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, headers: value.headers };
  const { data, init } = value as { data: unknown; init?: { status?: number; headers?: HeadersInit } };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}
async function thrown(run: () => Promise<unknown> | unknown): Promise<Answer> {
  try {
    await run();
  } catch (error) {
    return answerOf(error);
  }
  throw new Error("no lanzó nada");
}

/** Signs in through the action and answers the cookie pair ("bait_estudio=…"). */
async function signIn(email: string, password = PASSWORD): Promise<string> {
  const answer = answerOf(await signInAction(post("/estudio/entrar", { email, password, volver: "/estudio/versiones" }), context()));
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/estudio/versiones");
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe("requireStudio", () => {
  it("is a 404 while the studio is off, for everybody", async () => {
    const cookie = await signIn("pia@bait.mx");
    env.studio.on = false;
    expect(await thrown(() => requireStudio(get("/estudio", cookie)))).toMatchObject({ status: 404 });
    expect(await studioUser(get("/estudio", cookie))).toBeNull();
    expect(await thrown(() => signInLoader(get("/estudio/entrar")))).toMatchObject({ status: 404 });
    expect(await thrown(() => signOutAction(post("/estudio/salir", {}, cookie)))).toMatchObject({ status: 404 });
  });

  it("sends whoever is signed out to the sign-in, coming back to the page (a post with a 303)", async () => {
    const away = await thrown(() => requireStudio(get("/estudio/documento?archivo=site.json")));
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("/estudio/entrar?volver=%2Festudio%2Fdocumento%3Farchivo%3Dsite.json");
    expect(away.headers.get("Cache-Control")).toBe("private, no-store");
    expect(away.headers.get("Set-Cookie")).toBeNull();
    const posted = await thrown(() => requireStudio(post("/estudio/versiones", { nota: "x" })));
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/estudio/entrar?volver=%2Festudio%2Fversiones");
    // A cookie that opens nothing (forged, or of an ended session) goes with the redirect.
    const forged = await thrown(() => requireStudio(get("/estudio", `bait_estudio=${"A".repeat(43)}.${"B".repeat(43)}`)));
    expect(forged.headers.get("Location")).toBe("/estudio/entrar");
    expect(forged.headers.get("Set-Cookie")).toBe("bait_estudio=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });

  it("lets an editor edit, refuses them publishing with a 403 in Spanish, and lets a publisher do both", async () => {
    const ana = await signIn("ana@bait.mx");
    expect(await requireStudio(get("/estudio", ana))).toMatchObject({ email: "ana@bait.mx", role: "editor" });
    const refused = await thrown(() => requireStudio(post("/estudio/versiones", {}, ana), "publisher"));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(refused.data).toMatchObject({ studio: "forbidden", title: "No tienes permiso", text: expect.stringMatching(/^No tienes permiso para publicar/), backHref: "/estudio" });
    const pia = await signIn("pia@bait.mx");
    expect(await requireStudio(get("/estudio", pia), "publisher")).toMatchObject({ email: "pia@bait.mx", role: "publisher" });
  });

  it("reads the role from the file on each request: a change counts at once, a removed account is signed out", async () => {
    await saveAccount(file, { email: "leo@bait.mx", role: "editor", password: PASSWORD });
    const leo = await signIn("leo@bait.mx");
    expect((await thrown(() => requireStudio(get("/estudio", leo), "publisher"))).status).toBe(403);
    await saveAccount(file, { email: "leo@bait.mx", role: "publisher", password: null });
    expect(await requireStudio(get("/estudio", leo), "publisher")).toMatchObject({ role: "publisher" });
    await removeAccount(file, "leo@bait.mx");
    expect((await thrown(() => requireStudio(get("/estudio", leo)))).status).toBe(302);
    // The session ended with it: the same account back does not bring the old cookie back to life.
    await saveAccount(file, { email: "leo@bait.mx", role: "editor", password: PASSWORD });
    expect(await studioUser(get("/estudio", leo))).toBeNull();
  });

  it("ends the sessions of an account whose password changed", async () => {
    await saveAccount(file, { email: "max@bait.mx", role: "editor", password: PASSWORD });
    const max = await signIn("max@bait.mx");
    await saveAccount(file, { email: "max@bait.mx", role: "editor", password: `${PASSWORD} nueva` });
    expect(await studioUser(get("/estudio", max))).toBeNull();
  });
});

describe("requireRecentSignIn", () => {
  const user = (authAt: number): StudioUser => ({ email: "pia@bait.mx", role: "publisher", signedInAt: authAt, authAt });

  it("lets a password given within 15 minutes through, else sends to the password-only step and back", async () => {
    expect(() => requireRecentSignIn(user(Date.now() - STUDIO_STEP_UP_MS + 5_000), post("/estudio/versiones", {}))).not.toThrow();
    const asked = await thrown(() => requireRecentSignIn(user(Date.now() - STUDIO_STEP_UP_MS), post("/estudio/versiones/3?restaurar=1", {})));
    expect(asked.status).toBe(303);
    expect(asked.headers.get("Location")).toBe("/estudio/entrar?paso=confirmar&volver=%2Festudio%2Fversiones%2F3%3Frestaurar%3D1");
  });

  it("is satisfied again after the password is confirmed; a wrong one is refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const pia = await signIn("pia@bait.mx");
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const stale = (await studioUser(get("/estudio", pia)))!;
    expect((await thrown(() => requireRecentSignIn(stale, get("/estudio/versiones", pia)))).status).toBe(302);

    const page = answerOf(await signInLoader(get("/estudio/entrar?paso=confirmar&volver=%2Festudio%2Fversiones", pia)));
    expect(page.data).toMatchObject({ step: "confirm", volver: "/estudio/versiones", account: { email: "pia@bait.mx" } });

    const wrong = answerOf(await signInAction(post("/estudio/entrar?paso=confirmar", { password: "no es", volver: "/estudio/versiones" }, pia), context()));
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ message: { tone: "error", text: "La contraseña no es correcta." } });

    const confirmed = answerOf(await signInAction(post("/estudio/entrar?paso=confirmar", { password: PASSWORD, volver: "/estudio/versiones" }, pia), context()));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/estudio/versiones");
    const fresh = (await studioUser(get("/estudio", pia)))!;
    expect(() => requireRecentSignIn(fresh, get("/estudio/versiones", pia))).not.toThrow();
    // The session keeps its sign-in time: it still ends 8 hours after it.
    expect(fresh.signedInAt).toBe(stale.signedInAt);
  });
});

describe("the sign-in", () => {
  it("answers a wrong password and an unknown email with the same words, keeps the email, never the password", async () => {
    const from = context();
    for (const email of ["ana@bait.mx", "nadie@bait.mx"]) {
      const answer = answerOf(await signInAction(post("/estudio/entrar", { email, password: "equivocada 123" }), from));
      expect(answer.status).toBe(400);
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      expect(answer.data).toMatchObject({ message: { tone: "error", text: "Correo o contraseña incorrectos." }, result: { initialValue: { email } } });
      expect(JSON.stringify(answer.data)).not.toContain("equivocada");
    }
  });

  it("says what is missing, as field errors keyed to the catalogue", async () => {
    const answer = answerOf(await signInAction(post("/estudio/entrar", { email: "no-es-correo", password: "" }), context()));
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ result: { error: { email: ["studio:auth.errors.emailInvalid"], password: ["studio:auth.errors.passwordRequired"] } } });
  });

  it("refuses an email after 5 failures in 15 minutes, a right password too, and says when to try again", async () => {
    await saveAccount(file, { email: "eva@bait.mx", role: "editor", password: PASSWORD });
    for (let attempt = 0; attempt < STUDIO_LIMITS.perEmail.max; attempt += 1) {
      expect(answerOf(await signInAction(post("/estudio/entrar", { email: "eva@bait.mx", password: `mal ${attempt}` }), context())).status).toBe(400);
    }
    const refused = answerOf(await signInAction(post("/estudio/entrar", { email: "EVA@bait.mx", password: PASSWORD }), context()));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data).toMatchObject({ message: { text: "Hiciste demasiados intentos. Vuelve a intentarlo en 15 minutos." }, result: { initialValue: { email: "EVA@bait.mx" } } });
  });

  it("refuses an address after 20 failures in 15 minutes, whichever emails it tries, and only that address", async () => {
    let now = 0;
    const limits = createStudioLimits(memoryState(() => now), STUDIO_LIMITS, () => now);
    // Each attempt reserved before its check; a wrong password keeps its reservation.
    for (let attempt = 0; attempt < STUDIO_LIMITS.perIp.max; attempt += 1) {
      expect(await limits.reserve({ email: `prueba${attempt}@bait.mx`, ip: "203.0.113.50" })).toEqual({ allowed: true });
    }
    expect(await limits.reserve({ email: "ana@bait.mx", ip: "203.0.113.50" })).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(await limits.reserve({ email: "ana@bait.mx", ip: "203.0.113.51" })).toEqual({ allowed: true });
    // A sign-in clears the email's count, never another address's failures.
    expect(await limits.reserve({ email: "prueba0@bait.mx", ip: "203.0.113.52" })).toEqual({ allowed: true });
    await limits.succeed({ email: "prueba0@bait.mx", ip: "203.0.113.52" });
    expect((await limits.reserve({ email: "prueba0@bait.mx", ip: "203.0.113.50" })).allowed).toBe(false);
    now += STUDIO_LIMITS.perIp.windowMs;
    expect(await limits.reserve({ email: "ana@bait.mx", ip: "203.0.113.50" })).toEqual({ allowed: true });
  });

  it("counts no sign-in against its address, and no refused attempt anywhere", async () => {
    const limits = createStudioLimits(memoryState(), STUDIO_LIMITS);
    for (let attempt = 0; attempt < 2 * STUDIO_LIMITS.perIp.max; attempt += 1) {
      const signIn = { email: `equipo${attempt % 3}@bait.mx`, ip: "203.0.113.60" };
      expect(await limits.reserve(signIn)).toEqual({ allowed: true });
      await limits.succeed(signIn);
    }
    // An email used up: the attempts refused for it leave the address's count as it was.
    for (let attempt = 0; attempt < STUDIO_LIMITS.perEmail.max; attempt += 1) expect((await limits.reserve({ email: "eva@bait.mx", ip: "203.0.113.61" })).allowed).toBe(true);
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await limits.reserve({ email: "eva@bait.mx", ip: "203.0.113.61" })).allowed).toBe(false);
    for (let attempt = STUDIO_LIMITS.perEmail.max; attempt < STUDIO_LIMITS.perIp.max; attempt += 1) expect((await limits.reserve({ email: `otra${attempt}@bait.mx`, ip: "203.0.113.61" })).allowed).toBe(true);
    expect((await limits.reserve({ email: "otra@bait.mx", ip: "203.0.113.61" })).allowed).toBe(false);
  });

  it("sends back only to a page of the studio or the site", async () => {
    expect(studioReturnPath("/estudio/documento?archivo=site.json")).toBe("/estudio/documento?archivo=site.json");
    expect(studioReturnPath("/recargas")).toBe("/recargas");
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example/estudio", "/estudio/salir", "/no-existe", "", null]) expect(studioReturnPath(bad), String(bad)).toBe("/estudio");
    const answer = answerOf(await signInAction(post("/estudio/entrar", { email: "ana@bait.mx", password: PASSWORD, volver: "//evil.example/estudio" }), context()));
    expect(answer.headers.get("Location")).toBe("/estudio");
  });

  it("shows whoever is signed in who they are; the sign-out ends the session on the server", async () => {
    const pia = await signIn("pia@bait.mx");
    const page = answerOf(await signInLoader(get("/estudio/entrar", pia)));
    expect(page.headers.get("X-Robots-Tag")).toBe(studioHeaders["X-Robots-Tag"]);
    expect(page.data).toMatchObject({ step: "signedIn", account: { email: "pia@bait.mx", role: "publisher" }, notice: null });

    const out = answerOf(await signOutAction(post("/estudio/salir", {}, pia)));
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/estudio/entrar?aviso=salida");
    expect(out.headers.get("Set-Cookie")).toBe("bait_estudio=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    // The old cookie, kept or copied, opens nothing; the page it gets removes it.
    expect(await studioUser(get("/estudio", pia))).toBeNull();
    const after = answerOf(await signInLoader(get("/estudio/entrar?aviso=salida", pia)));
    expect(after.data).toMatchObject({ step: "signIn", notice: "Cerraste sesión en el estudio." });
    expect(after.headers.get("Set-Cookie")).toMatch(/^bait_estudio=; /);
  });
});

describe("the log", () => {
  it("names what happened and the role, never an email or a password", () => {
    expect(log.entries.map((entry) => entry.msg)).toEqual(expect.arrayContaining(["inicio de sesión en el estudio", "inicio de sesión en el estudio rechazado"]));
    expect(log.text()).not.toMatch(/@bait\.mx|contraseña de prueba|equivocada/);
  });
});
