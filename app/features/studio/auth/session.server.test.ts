import { describe, expect, it } from "vitest";
import { memoryState } from "~/lib/store/shared-state.server";
import { createStudioSessions, signSessionId, STUDIO_SESSION_MS, verifySessionValue } from "./session.server";

/** The studio's sessions (docs/studio.md "Accounts and roles"): the signed cookie and the record in the shared state. */
const SECRET = "secreto-de-prueba-del-estudio-0123456789";
const ID = "A".repeat(43);
const ana = { email: "ana@bait.mx", role: "editor" as const, hash: "scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U" };

const withCookie = (setCookie: string) => new Request("http://localhost/estudio", { headers: { Cookie: `otra=1; ${setCookie.split(";")[0]}` } });

describe("the cookie's value", () => {
  it("is the id and its HMAC; a changed id, a changed signature or another secret opens nothing", () => {
    const value = signSessionId(ID, SECRET);
    expect(value).toMatch(/^A{43}\.[A-Za-z0-9_-]{43}$/);
    expect(verifySessionValue(value, SECRET)).toBe(ID);
    expect(verifySessionValue(value, `${SECRET}x`)).toBeNull();
    expect(verifySessionValue(`B${value.slice(1)}`, SECRET)).toBeNull();
    const signature = value.slice(44);
    expect(verifySessionValue(`${ID}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`, SECRET)).toBeNull();
    for (const bad of [null, undefined, "", ID, `${ID}.`, `${value}.x`, 42]) expect(verifySessionValue(bad, SECRET)).toBeNull();
    // No secret (the studio off) verifies nothing.
    expect(verifySessionValue(value, "")).toBeNull();
  });
});

describe("createStudioSessions", () => {
  it("starts a session with a random 32-byte id in an HttpOnly, SameSite=Lax cookie; in production __Host- and Secure", async () => {
    const state = memoryState();
    const sessions = createStudioSessions({ state, secret: SECRET, isProduction: false });
    const { id, setCookie } = await sessions.start(ana);
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    expect(setCookie).toMatch(/^bait_estudio=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=28800$/);
    // The record is kept under a hash of the id, never the id itself.
    expect(await state.keys("studio:session:")).toEqual([expect.stringMatching(/^studio:session:[0-9a-f]{64}$/)]);
    expect((await state.keys("studio:session:"))[0]).not.toContain(id);

    const production = createStudioSessions({ state, secret: SECRET, isProduction: true });
    expect((await production.start(ana)).setCookie).toMatch(/^__Host-bait_estudio=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=28800$/);
    expect(production.clearCookie()).toBe("__Host-bait_estudio=; Path=/; HttpOnly; SameSite=Lax; Secure; Max-Age=0");
  });

  it("reads the session back from its cookie until it ends at sign-out, or 8 hours after the sign-in", async () => {
    let now = Date.UTC(2026, 10, 28, 9);
    const state = memoryState(() => now);
    const sessions = createStudioSessions({ state, secret: SECRET, isProduction: false, clock: () => now });
    const first = await sessions.start(ana);
    const request = withCookie(first.setCookie);
    expect(sessions.hasCookie(request)).toBe(true);
    expect(await sessions.read(request)).toEqual({ id: first.id, record: { email: "ana@bait.mx", role: "editor", signedInAt: now, authAt: now, credential: expect.any(String) } });

    // The password again, 20 minutes on: authAt moves, the sign-in (and so the end) does not.
    const signedInAt = now;
    now += 20 * 60_000;
    await sessions.confirm((await sessions.read(request))!);
    expect((await sessions.read(request))!.record).toMatchObject({ signedInAt, authAt: now });
    now = signedInAt + STUDIO_SESSION_MS - 1;
    expect(await sessions.read(request)).not.toBeNull();
    now = signedInAt + STUDIO_SESSION_MS;
    expect(await sessions.read(request)).toBeNull();

    const second = await sessions.start(ana);
    await sessions.end(second.id);
    expect(await sessions.read(withCookie(second.setCookie))).toBeNull();
  });

  it("opens nothing with a forged cookie, another secret's, or a cookie of the customers' sessions", async () => {
    const state = memoryState();
    const sessions = createStudioSessions({ state, secret: SECRET, isProduction: false });
    const { id, setCookie } = await sessions.start(ana);
    const other = createStudioSessions({ state, secret: `${SECRET}-otro`, isProduction: false });
    expect(await other.read(withCookie(setCookie))).toBeNull();
    expect(await sessions.read(new Request("http://localhost/", { headers: { Cookie: `bait_estudio=${id}` } }))).toBeNull();
    expect(await sessions.read(new Request("http://localhost/", { headers: { Cookie: `bait_session=${setCookie.split(";")[0]!.split("=")[1]}` } }))).toBeNull();
    expect(sessions.hasCookie(new Request("http://localhost/"))).toBe(false);
  });
});
