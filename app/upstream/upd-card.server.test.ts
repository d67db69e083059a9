import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { clockStandsStill, shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { lineOf } from "../../mocks/world";
import { support } from "../../mocks/world-support";
import { registerReplacement, sendReplacementOtp, validateReplacementOtp, type ReplacementInput } from "./upd-card.server";

const api = "https://upd-card.upstream.mock/api/upd-card/v1";
useMockUpstream();

const errorKey = (result: { ok: boolean; error?: { messageKey: string } }) => (result.ok ? undefined : result.error?.messageKey);
const replacement: ReplacementInput = { number: "5512345678", iccid: "8952140000000000062", email: "demo.mbb@example.com", reason: "extravío" };

describe("register a SIM replacement", () => {
  it("registers a pending replacement and answers its uuid", async () => {
    const result = await registerReplacement(replacement);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toEqual({ uuid: expect.any(String), messageKey: "errors:simReplacement.registered", upstreamMessage: expect.any(String) });
    expect(support.replacements.get("5512345678")?.status).toBe("pending");
  });

  it("turns a 412 for a number that is not Bait into 'errors:simReplacement.notBait'", async () => {
    expect(errorKey(await registerReplacement({ ...replacement, number: "5500000000" }))).toBe("errors:simReplacement.notBait");
  });

  it("refuses the demo SIMs of another line and of a portability with their messages (docs/profile.md)", async () => {
    expect(errorKey(await registerReplacement({ ...replacement, iccid: "8952140000000000047" }))).toBe("errors:simReplacement.iccidInUse");
    expect(errorKey(await registerReplacement({ ...replacement, iccid: "8952140000000000054" }))).toBe("errors:simReplacement.fromPortability");
    expect((await registerReplacement({ ...replacement, iccid: "8952140000000000039" })).ok).toBe(true);
  });

  it("turns an ICCID that is not a Bait SIM into 'errors:simReplacement.iccidInvalid'", async () => {
    expect(errorKey(await registerReplacement({ ...replacement, iccid: "1234567890123456789" }))).toBe("errors:simReplacement.iccidInvalid");
  });

  it("turns another line's ICCID into 'errors:simReplacement.iccidInUse'", async () => {
    expect(errorKey(await registerReplacement({ ...replacement, iccid: "8952140000000000013" }))).toBe("errors:simReplacement.iccidInUse");
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("updCard.registerReplace", { malformed: true });
    expect(errorKey(await registerReplacement(replacement))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable' without repeating the POST", async () => {
    let calls = 0;
    mockServer.use(
      http.post(`${api}/register-replace`, () => {
        calls += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    expect(errorKey(await registerReplacement(replacement))).toBe("errors:upstream.unavailable");
    expect(calls).toBe(1);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("updCard.registerReplace", { latencyMs: 400 });
    expect(errorKey(await registerReplacement(replacement))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.post(`${api}/register-replace`, () => HttpResponse.error()));
    expect(errorKey(await registerReplacement(replacement))).toBe("errors:upstream.network");
  });
});

describe("send the replacement code", () => {
  it("sends a code to a Bait line", async () => {
    expect(await sendReplacementOtp("5512345678")).toEqual({ ok: true, status: 200, data: { kind: "sent", messageKey: "errors:otp.sent" } });
  });

  it("answers the locked-out 5566666666 with its unlock date an hour ahead", async () => {
    const now = clockStandsStill();
    const result = await sendReplacementOtp("5566666666");
    expect(result.ok && result.data.kind).toBe("locked");
    if (result.ok && result.data.kind === "locked") {
      expect(new Date(result.data.unlockDate).getTime() - now).toBe(60 * 60 * 1000);
    }
  });

  it("turns a 412 for 5500000000 into 'errors:line.notBait'", async () => {
    expect(errorKey(await sendReplacementOtp("5500000000"))).toBe("errors:line.notBait");
  });

  it("turns a 400 for a short number into 'errors:line.invalidNumber'", async () => {
    expect(errorKey(await sendReplacementOtp("55123"))).toBe("errors:line.invalidNumber");
  });

  it("turns a refusal without unlock date into 'errors:otp.sendFailed'", async () => {
    mockServer.use(http.post(`${api}/send-otp`, () => HttpResponse.json({ success: false, message: "No se pudo enviar" })));
    expect(errorKey(await sendReplacementOtp("5512345678"))).toBe("errors:otp.sendFailed");
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("updCard.sendOtp", { malformed: true });
    expect(errorKey(await sendReplacementOtp("5512345678"))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable'", async () => {
    setSwitch("updCard.sendOtp", { status: 500 });
    expect(errorKey(await sendReplacementOtp("5512345678"))).toBe("errors:upstream.unavailable");
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("updCard.sendOtp", { latencyMs: 400 });
    expect(errorKey(await sendReplacementOtp("5512345678"))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.post(`${api}/send-otp`, () => HttpResponse.error()));
    expect(errorKey(await sendReplacementOtp("5512345678"))).toBe("errors:upstream.network");
  });
});

describe("validate the replacement code", () => {
  it("accepts 1234, confirms the pending replacement and gives the line the new SIM", async () => {
    await registerReplacement(replacement);
    expect(await validateReplacementOtp("5512345678", "1234")).toEqual({ ok: true, status: 200, data: { kind: "accepted", messageKey: "errors:otp.accepted" } });
    expect(support.replacements.get("5512345678")?.status).toBe("confirmed");
    expect(lineOf("5512345678")?.iccid).toBe(replacement.iccid);
  });

  it("counts down wrong codes and locks the number for an hour at the third", async () => {
    const first = await validateReplacementOtp("5512345678", "0000");
    expect(first.ok && first.data).toEqual({ kind: "wrongCode", messageKey: "errors:otp.wrongCode", attemptsRemaining: 2 });
    const second = await validateReplacementOtp("5512345678", "0000");
    expect(second.ok && second.data).toEqual({ kind: "wrongCode", messageKey: "errors:otp.wrongCodeLast", attemptsRemaining: 1 });
    const third = await validateReplacementOtp("5512345678", "0000");
    expect(third.ok && third.data.kind).toBe("locked");
    const right = await validateReplacementOtp("5512345678", "1234");
    expect(right.ok && right.data.kind).toBe("locked");
    const resend = await sendReplacementOtp("5512345678");
    expect(resend.ok && resend.data.kind).toBe("locked");
  });

  it("answers the locked-out 5566666666 as locked even with 1234", async () => {
    const result = await validateReplacementOtp("5566666666", "1234");
    expect(result.ok && result.data).toEqual({ kind: "locked", messageKey: "errors:otp.locked", unlockDate: expect.any(String) });
  });

  it("reads a refusal with neither attempts nor unlock date as a failure with the upstream's message", async () => {
    mockServer.use(http.patch(`${api}/validate-otp`, () => HttpResponse.json({ success: false, message: "Código vencido", code: "VENCIDO" })));
    const result = await validateReplacementOtp("5512345678", "1234");
    expect(result.ok && result.data).toEqual({ kind: "failed", messageKey: "errors:otp.default", upstreamMessage: "Código vencido" });
  });

  it("turns a 412 for 5500000000 into 'errors:line.notBait'", async () => {
    expect(errorKey(await validateReplacementOtp("5500000000", "1234"))).toBe("errors:line.notBait");
  });

  it("turns an unreadable unlock date into 'errors:upstream.invalidResponse'", async () => {
    mockServer.use(http.patch(`${api}/validate-otp`, () => HttpResponse.json({ success: false, unlockDate: "en una hora", attemptsRemaining: 0 })));
    expect(errorKey(await validateReplacementOtp("5512345678", "0000"))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("updCard.validateOtp", { malformed: true });
    expect(errorKey(await validateReplacementOtp("5512345678", "1234"))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable'", async () => {
    setSwitch("updCard.validateOtp", { status: 500 });
    expect(errorKey(await validateReplacementOtp("5512345678", "1234"))).toBe("errors:upstream.unavailable");
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    mockServer.use(
      http.patch(`${api}/validate-otp`, async () => {
        await delay(400);
        return HttpResponse.json({ success: true });
      }),
    );
    expect(errorKey(await validateReplacementOtp("5512345678", "1234"))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.patch(`${api}/validate-otp`, () => HttpResponse.error()));
    expect(errorKey(await validateReplacementOtp("5512345678", "1234"))).toBe("errors:upstream.network");
  });
});
