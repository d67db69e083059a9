import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { quietLog } from "~/lib/log.test-helpers";
import { mockServer } from "../../mocks/node";
import { clockStandsStill, shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { tokenNumber, world } from "../../mocks/world";
import type { UpstreamResult } from "./http.server";
import {
  checkRegistrationCode,
  completeRegistration,
  endSsoSession,
  exchangeSsoCode,
  legacySsoLogin,
  sendRegistrationCode,
  startSsoLogin,
} from "./sso.server";

useMockUpstream({ timeoutMs: 8000 });

const quiet = quietLog;
function errorOf<T>(result: UpstreamResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
}
function dataOf<T>(result: UpstreamResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.messageKey}`);
  return result.data;
}

const registration = {
  name: "Nuevo",
  email: "nuevo@example.com",
  password: "Bait2024!",
  passwordConfirmation: "Bait2024!",
  allowNotifications: true,
};

describe("registering a mobile line", () => {
  it("sends a code, checks 1234, completes the registration and the account can log in", async () => {
    dataOf(await sendRegistrationCode({ baitNumber: "5523456789", email: "nuevo@example.com" }));
    const { verificationId } = dataOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "1234" }));
    expect(world.verified.get(verificationId)).toBe("5523456789");

    dataOf(await completeRegistration({ baitNumber: "5523456789", verificationId, ...registration }));
    expect(world.accounts.get("5523456789")).toMatchObject({ number: "5523456789", profile: "mbb", name: "Nuevo", email: "nuevo@example.com", password: "Bait2024!", allowNotifications: true });
    expect(world.verified.has(verificationId)).toBe(false);

    const session = dataOf(await legacySsoLogin({ number: "5523456789", password: "Bait2024!" }));
    expect(session).toMatchObject({ name: "Nuevo", number: "5523456789", profile: "mbb", isLegacy: true });
  });

  it("locks 5523456789 for an hour after three wrong codes, then refuses even 1234 and new codes", async () => {
    const now = clockStandsStill();
    const first = errorOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "0000" }));
    expect(first).toMatchObject({ reason: "wrongCode", attemptsRemaining: 2, messageKey: "errors:otp.wrongCode" });
    expect(errorOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "1111" }))).toMatchObject({ reason: "wrongCode", attemptsRemaining: 1 });
    const third = errorOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "2222" }));
    expect(third).toMatchObject({ reason: "locked", messageKey: "errors:otp.locked" });
    if (!("unlockDate" in third)) throw new Error("no unlock date");
    expect(Date.parse(String(third.unlockDate)) - now).toBe(60 * 60 * 1000);

    expect(errorOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "1234" }))).toMatchObject({ reason: "locked" });
    expect(errorOf(await sendRegistrationCode({ baitNumber: "5523456789" }))).toMatchObject({ reason: "locked", messageKey: "errors:otp.locked" });
  });

  it("answers 5566666666 locked at once", async () => {
    const sent = errorOf(await sendRegistrationCode({ baitNumber: "5566666666" }));
    expect(sent).toMatchObject({ reason: "locked" });
    expect(errorOf(await checkRegistrationCode({ baitNumber: "5566666666", code: "1234" }))).toMatchObject({ reason: "locked" });
  });

  it("sends a number that already has an account to recovery (statusCode 1)", async () => {
    const error = errorOf(await checkRegistrationCode({ baitNumber: "5512345678", code: "1234" }));
    expect(error).toMatchObject({ reason: "alreadyRegistered", messageKey: "auth:register.alreadyRegistered" });
  });

  it("turns a number that is not Bait into 'errors:line.notBait'", async () => {
    quiet();
    expect(errorOf(await sendRegistrationCode({ baitNumber: "5500000000" })).messageKey).toBe("errors:line.notBait");
  });

  it("refuses to complete a registration without a verification", async () => {
    quiet();
    expect(errorOf(await completeRegistration({ baitNumber: "5523456789", verificationId: "made-up", ...registration })).messageKey).toBe("auth:recovery.sessionError");
    expect(world.accounts.has("5523456789")).toBe(false);
  });

  it("refuses a password that breaks the rule", async () => {
    quiet();
    const { verificationId } = dataOf(await checkRegistrationCode({ baitNumber: "5523456789", code: "1234" }));
    const result = await completeRegistration({ baitNumber: "5523456789", verificationId, ...registration, password: "corta", passwordConfirmation: "corta" });
    expect(errorOf(result).messageKey).toBe("auth:completeRegistration.failed");
  });
});

describe("registering a home-internet service", () => {
  it("verifies the contact phone with the service number and creates the service's account", async () => {
    const line = { baitNumber: "5522223333", serviceNumber: "5587654321" };
    dataOf(await sendRegistrationCode({ ...line, email: "casa@example.com" }));
    const { verificationId } = dataOf(await checkRegistrationCode({ ...line, code: "1234" }));
    dataOf(await completeRegistration({ ...line, verificationId, ...registration, email: "casa@example.com" }));
    expect(world.accounts.get("5587654321")).toMatchObject({ profile: "hbb", contactPhone: "5522223333", email: "casa@example.com" });
  });

  it("refuses a contact phone that is not the service's", async () => {
    expect(errorOf(await sendRegistrationCode({ baitNumber: "5599999999", serviceNumber: "5587654321" }))).toMatchObject({ reason: "failed" });
  });
});

describe("single sign-on", () => {
  it("starts a login, exchanges the callback code for a session and ends that session with its bearer", async () => {
    const { authorizeUrl, state } = dataOf(await startSsoLogin({ redirectUri: "http://localhost:3000/sso-callback" }));
    expect(authorizeUrl).toContain(encodeURIComponent(state));
    expect(authorizeUrl.startsWith("http://localhost:3000/__mocks/sso/authorize?")).toBe(true);
    const session = dataOf(await exchangeSsoCode({ authCode: "mock-code-5598765432", emailVerified: true, state }));
    expect(session).toMatchObject({ name: "Casa Demo", number: "5511112222", serviceNumber: "5598765432", profile: "hbb", isLegacy: false });

    dataOf(await endSsoSession(session.accessToken));
    expect(tokenNumber(session.accessToken)).toBeUndefined();
    expect(world.accounts.has("5598765432")).toBe(true);
  });

  it("turns an unknown state or code into 'auth:login.failed'", async () => {
    quiet();
    expect(errorOf(await exchangeSsoCode({ authCode: "mock-code-5598765432", emailVerified: true, state: "forged" })).messageKey).toBe("auth:login.failed");
  });

  it("refuses a legacy login with a wrong password", async () => {
    expect(errorOf(await legacySsoLogin({ number: "5512345678", password: "nope" }))).toMatchObject({ messageKey: "auth:login.validationFailed", upstreamMessage: "Hubo un error al validar tus datos" });
  });

  it("refuses to end a session without a valid bearer", async () => {
    quiet();
    expect(errorOf(await endSsoSession("mock-unknown")).status).toBe(401);
  });
});

/** Every client, with its call name and the key of a 500. */
const clients: [string, () => Promise<UpstreamResult<unknown>>, string][] = [
  ["sso.carousel", () => startSsoLogin({ redirectUri: "http://localhost/sso-callback" }), "auth:login.failed"],
  ["sso.sendOtp", () => sendRegistrationCode({ baitNumber: "5523456789" }), "errors:upstream.unavailable"],
  ["sso.checkOtp", () => checkRegistrationCode({ baitNumber: "5523456789", code: "1234" }), "errors:upstream.unavailable"],
  ["sso.completeRegistration", () => completeRegistration({ baitNumber: "5523456789", verificationId: "x", ...registration }), "errors:upstream.unavailable"],
  ["sso.account", () => exchangeSsoCode({ authCode: "mock-code-5512345678", emailVerified: true, state: "s" }), "errors:upstream.unavailable"],
  ["sso.legacy", () => legacySsoLogin({ number: "5512345678", password: "Bait2024!" }), "errors:upstream.unavailable"],
  ["sso.logout", () => endSsoSession("t"), "errors:upstream.generic"],
];

describe.each(clients)("%s when the upstream fails", (call, invoke, unavailableKey) => {
  beforeEach(() => quiet());

  it("turns a malformed body into 'errors:upstream.invalidResponse'", async () => {
    setSwitch(call, { malformed: true });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.invalidResponse");
  });

  it("turns a body that breaks the schema into 'errors:upstream.invalidResponse'", async () => {
    mockServer.use(http.all("https://sso.upstream.mock/*", () => HttpResponse.json({ success: "yes", url: 3 })));
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.invalidResponse");
  });

  it(`turns a 500 into '${unavailableKey}'`, async () => {
    setSwitch(call, { status: 500 });
    expect(errorOf(await invoke()).messageKey).toBe(unavailableKey);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout(40);
    setSwitch(call, { latencyMs: 250 });
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.all("https://sso.upstream.mock/*", () => HttpResponse.error()));
    expect(errorOf(await invoke()).messageKey).toBe("errors:upstream.network");
  });
});
