import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { tokenNumber, world } from "../../../mocks/world";
import { changePassword, completeRegistration, login, logout, resetPassword, sendRegisterPin, startRecovery, updateProfile, validatePin } from "./access.server";
import { getBalance } from "./balance.server";
import { ANA, api, data, errorOf, signIn } from "./fixtures.test-helpers";
import { clockStandsStill, useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

describe("login and logout", () => {
  it("signs Ana in with her password and returns her user data and access token", async () => {
    const { user, tokens } = await signIn();
    expect(user).toEqual({ name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: false, allowNotifications: false, whatsappOptIn: false });
    expect(tokenNumber(tokens.access)).toBe("5512345678");
  });

  it("refuses a wrong password with the server's message", async () => {
    expect(data(await login({ ...ANA, password: "Otra2024!" }))).toEqual({
      outcome: "refused",
      messageKey: "auth:login.validationFailed",
      upstreamMessage: "El número o la contraseña son incorrectos.",
    });
  });

  it("signs in a home-internet line with its service number and contact phone", async () => {
    const outcome = data(await login({ profile: "hbb", number: "5598765432", password: "Bait2024!" }));
    expect(outcome).toMatchObject({ outcome: "signedIn", user: { number: "5511112222", serviceNumber: "5598765432", userType: 2 } });
  });

  it("signs in a portable-internet line on the mifi endpoint", async () => {
    const outcome = data(await login({ profile: "mifi", number: "5576543210", password: "Bait2024!" }));
    expect(outcome).toMatchObject({ outcome: "signedIn", user: { serviceNumber: "5576543210", userType: 3 } });
  });

  it("turns a service number typed on the wrong line type into 'errors:loginByType.<chosen type>'", async () => {
    expect(data(await login({ profile: "mbb", number: "5598765432", password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "errors:loginByType.mbb" });
    expect(data(await login({ profile: "mifi", number: "5512345678", password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "errors:loginByType.mifi" });
  });

  it("turns a login answer without user data into 'auth:login.accountLoadFailed'", async () => {
    mockServer.use(http.post(`${api}/bait/api/aplicacion/acceso`, () => HttpResponse.json({ success: true, access: "t" })));
    expect(errorOf(await login({ ...ANA, password: "Bait2024!" }))).toMatchObject({ kind: "invalidResponse", messageKey: "auth:login.accountLoadFailed" });
  });

  it("ends the token at logout: the balance then answers 'session expired'", async () => {
    const { tokens } = await signIn();
    expect(data(await logout({ ...ANA, access: tokens.access }))).toEqual({ outcome: "signedOut" });
    expect(errorOf(await getBalance(tokens.access)).messageKey).toBe("errors:upstream.unauthorized");
  });
});

describe("password recovery", () => {
  it("answers code 0 for a line without an account: 'auth:recovery.notRegistered'", async () => {
    expect(data(await startRecovery({ profile: "mbb", number: "5523456789" }))).toEqual({ outcome: "notRegistered", messageKey: "auth:recovery.notRegistered" });
    expect(data(await startRecovery({ profile: "mbb", number: "5500000000" }))).toMatchObject({ outcome: "notRegistered" });
  });

  it("answers the unlock date for a locked-out line", async () => {
    const now = clockStandsStill();
    const outcome = data(await startRecovery({ profile: "mbb", number: "5566666666" }));
    expect(outcome).toMatchObject({ outcome: "locked", messageKey: "auth:recovery.locked" });
    if (outcome.outcome === "locked") expect(Date.parse(outcome.unlockDate) - now).toBe(60 * 60 * 1000);
  });

  it("sends a code for a home-internet line when the contact phone matches, and refuses another phone", async () => {
    expect(data(await startRecovery({ profile: "hbb", serviceNumber: "5598765432", phone: "5511112222" }))).toMatchObject({ outcome: "codeSent" });
    expect(data(await startRecovery({ profile: "hbb", serviceNumber: "5598765432", phone: "5599999999" }))).toMatchObject({
      outcome: "refused",
      messageKey: "auth:recovery.dataMismatch",
    });
    expect(data(await startRecovery({ profile: "mifi", serviceNumber: "5576543210", phone: "5533334444" }))).toMatchObject({ outcome: "codeSent" });
  });

  it("shows 'auth:recovery.wrongPin' for a wrong code and locks the line after three", async () => {
    expect(data(await validatePin(ANA, "0000", "recovery"))).toEqual({ outcome: "wrongPin", messageKey: "auth:recovery.wrongPin", attemptsRemaining: 2 });
    await validatePin(ANA, "0000", "recovery");
    expect(data(await validatePin(ANA, "0000", "recovery"))).toMatchObject({ outcome: "locked", messageKey: "auth:recovery.locked" });
    expect(data(await validatePin(ANA, "1234", "recovery"))).toMatchObject({ outcome: "locked" });
    expect(data(await startRecovery(ANA))).toMatchObject({ outcome: "locked" });
  });

  it("refuses a new password without a verified code: 'auth:recovery.sessionError'", async () => {
    expect(data(await resetPassword(ANA, "Nueva2024!", "not-a-uuid"))).toMatchObject({ outcome: "refused", messageKey: "auth:recovery.sessionError" });
    expect(world.accounts.get("5512345678")?.password).toBe("Bait2024!");
  });
});

describe("legacy registration", () => {
  it("registers 5523456789: code, verification, account; then login works", async () => {
    const line = { profile: "mbb", number: "5523456789" } as const;
    expect(data(await sendRegisterPin(line, undefined))).toEqual({ outcome: "codeSent" });
    const pin = data(await validatePin(line, "1234", "register"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    const input = { line, uuid: pin.uuid, name: "Beto", email: "beto@example.com", password: "Beto2024!", allowNotifications: true };
    expect(data(await completeRegistration(input))).toEqual({ outcome: "registered" });
    expect(data(await login({ profile: "mbb", number: "5523456789", password: "Beto2024!" }))).toMatchObject({ outcome: "signedIn", user: { name: "Beto" } });
  });

  it("registers the home-internet line 5587654321 through its contact phone", async () => {
    const line = { profile: "hbb", serviceNumber: "5587654321", phone: "5522223333" } as const;
    expect(data(await sendRegisterPin(line, "casa@example.com"))).toEqual({ outcome: "codeSent" });
    const pin = data(await validatePin(line, "1234", "register"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    expect(data(await completeRegistration({ line, uuid: pin.uuid, name: "Casa", email: "casa@example.com", password: "Casa2024!", allowNotifications: false }))).toEqual({
      outcome: "registered",
    });
  });

  it("sends an already-registered line to recovery: 'auth:register.alreadyRegistered'", async () => {
    expect(data(await sendRegisterPin(ANA, undefined))).toEqual({ outcome: "alreadyRegistered", messageKey: "auth:register.alreadyRegistered" });
  });

  it("shows 'errors:otp.default' for a wrong registration code", async () => {
    expect(data(await validatePin({ profile: "mbb", number: "5523456789" }, "9999", "register"))).toMatchObject({ outcome: "wrongPin", messageKey: "errors:otp.default" });
  });

  it("refuses a number that is not Bait with the per-type message", async () => {
    expect(data(await sendRegisterPin({ profile: "mbb", number: "5500000000" }, undefined))).toMatchObject({ outcome: "refused", messageKey: "auth:register.notBait.mbb" });
  });

  it("refuses to complete a registration without a verified code", async () => {
    const input = { line: { profile: "mbb", number: "5523456789" } as const, uuid: "nope", name: "Beto", email: "b@example.com", password: "Beto2024!", allowNotifications: false };
    expect(data(await completeRegistration(input))).toMatchObject({ outcome: "refused", messageKey: "auth:completeRegistration.failed" });
  });
});

describe("a customer's walk through the legacy account", () => {
  it("logs in, loads the balance, recovers the password with 1234, logs in with the new one; the old one fails", async () => {
    const { tokens } = await signIn("5512345678", "Bait2024!");
    expect(data(await getBalance(tokens.access)).items[0]?.name).toBe("normalDataSpeed");

    expect(data(await startRecovery(ANA))).toMatchObject({ outcome: "codeSent" });
    const pin = data(await validatePin(ANA, "1234", "recovery"));
    if (pin.outcome !== "verified") throw new Error("not verified");
    expect(data(await resetPassword(ANA, "Nueva2024!", pin.uuid))).toEqual({ outcome: "changed" });
    // The verification is spent: it cannot change the password twice.
    expect(data(await resetPassword(ANA, "Otra2024!", pin.uuid))).toMatchObject({ outcome: "refused" });

    expect(data(await login({ ...ANA, password: "Nueva2024!" }))).toMatchObject({ outcome: "signedIn", user: { name: "Ana" } });
    expect(data(await login({ ...ANA, password: "Bait2024!" }))).toMatchObject({ outcome: "refused", messageKey: "auth:login.validationFailed" });
  });
});

describe("profile changes (docs/profile.md)", () => {
  const JORGE = { profile: "mbb", number: "5566666666" } as const;

  it("updates the name, e-mail and promotions opt-in with the line's own token; the next login sees them", async () => {
    const session = data(await login({ ...JORGE, password: "Bait2024!" }));
    if (session.outcome !== "signedIn") throw new Error("login refused");
    expect(data(await updateProfile({ line: JORGE, access: session.tokens.access, name: "Jorge Luis", email: "jl@example.com", allowNotifications: true }))).toEqual({ outcome: "updated" });
    const again = data(await login({ ...JORGE, password: "Bait2024!" }));
    expect(again.outcome === "signedIn" && again.user).toMatchObject({ name: "Jorge Luis", email: "jl@example.com", allowNotifications: true });
  });

  it("changes the password only with the right current one: 'profile:password.wrongCurrent' otherwise", async () => {
    const session = data(await login({ ...JORGE, password: "Bait2024!" }));
    if (session.outcome !== "signedIn") throw new Error("login refused");
    expect(data(await changePassword({ line: JORGE, access: session.tokens.access, current: "Otra2024!", next: "Nueva2025!" }))).toEqual({ outcome: "refused", messageKey: "profile:password.wrongCurrent" });
    expect(data(await changePassword({ line: JORGE, access: session.tokens.access, current: "Bait2024!", next: "Nueva2025!" }))).toEqual({ outcome: "changed" });
    expect(data(await login({ ...JORGE, password: "Nueva2025!" })).outcome).toBe("signedIn");
  });

  it("refuses a token of another line", async () => {
    const ana = data(await login({ profile: "mbb", number: "5512345678", password: "Bait2024!" }));
    if (ana.outcome !== "signedIn") throw new Error("login refused");
    const result = await updateProfile({ line: JORGE, access: ana.tokens.access, name: "X", email: "x@example.com", allowNotifications: false });
    expect(result.ok).toBe(false);
  });
});
