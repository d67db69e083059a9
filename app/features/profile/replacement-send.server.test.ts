import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { newToken } from "../../../mocks/world";
import { forgetLimits } from "~/features/auth/test-browser";
import type { FormAnswer } from "~/lib/form-answer.server";
import { commitSession, getSession, sealTokens } from "~/lib/session.server";
import { replacementAction } from "./replacement.server";

/**
 * The SIM replacement's code (send-otp) within the send limits (docs/accounts.md "Limits on
 * sending codes"): counted before the upstream is asked, whatever it answers.
 */
useMockUpstream({ timeoutMs: 2000 });
beforeEach(forgetLimits);

let ips = 0;
/** Luis (DEMO-DATA.md, 5545678901) signed in: his session as a login leaves it. */
async function signedIn() {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", { name: "Luis", email: "luis.suspend@example.com", number: "5545678901", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: false });
  session.set("tokens", sealTokens({ access: newToken("5545678901") }));
  session.set("auth", "legacy");
  // Signed in just now: the step-up (docs/accounts.md "Step-up") does not ask for the password.
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return (await commitSession(session)).split(";")[0]!;
}

type Out = { status: number; location: string | null; cookie: string | null; answer?: FormAnswer; retryAfter: string | null };
async function post(cookie: string, step: 1 | 2, fields: Record<string, string>, ip = `198.51.100.${++ips}`): Promise<Out> {
  const request = new Request(`http://localhost/reposicion-sim?paso=${step}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
  const out = await replacementAction(request, { clientIp: ip, cspNonce: "", visitorId: "test" } as AppLoadContext).catch((thrown: unknown) => thrown);
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie")?.split(";")[0] ?? null, retryAfter: null };
  const { data, init } = out as { data: FormAnswer; init?: ResponseInit };
  return { status: init?.status ?? 200, location: null, cookie: null, answer: data, retryAfter: new Headers(init?.headers).get("Retry-After") };
}

const STEP1 = { iccid: "0000000000039", email: "luis.suspend@example.com", reason: "robo" };

describe("the SIM replacement's code", () => {
  it("is sent once; 'Enviar nuevamente' at once is refused with 'Ya te enviamos un código…' (429, Retry-After); 30 s later it goes", async () => {
    const sent = await post(await signedIn(), 1, STEP1);
    expect(sent).toMatchObject({ status: 303, location: "/reposicion-sim?paso=2" });
    const cookie = sent.cookie ?? "";

    const again = await post(cookie, 2, { intent: "resend" });
    expect(again.status).toBe(429);
    expect(again.retryAfter).toBe("30");
    expect(again.answer?.message?.text).toBe("Ya te enviamos un código. Podrás pedir otro en 30 segundos.");

    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 30_000);
    expect(await post(cookie, 2, { intent: "resend" })).toMatchObject({ status: 303, location: "/reposicion-sim?paso=2" });
  });

  it("step 1 again within the 30 s (another tab): on to the code step with 'Ya te enviamos un código; escríbelo abajo…', nothing sent", async () => {
    expect((await post(await signedIn(), 1, STEP1)).status).toBe(303);
    const send = vi.spyOn(globalThis, "fetch");
    const again = await post(await signedIn(), 1, STEP1);
    expect(again).toMatchObject({ status: 303, location: "/reposicion-sim?paso=2" });
    expect(send.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes("otp"))).toHaveLength(0);
    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: again.cookie ?? "" } }));
    expect(session.get("notice")).toBe("auth:code.alreadySent");
    expect(session.get("noticeValues")).toEqual({ count: 30 });
  });

  it("a step 1 refused by the hour's limit (429) keeps what was typed", async () => {
    const start = Date.now();
    for (let sent = 0; sent < 5; sent++) {
      vi.spyOn(Date, "now").mockReturnValue(start + sent * 31_000);
      expect((await post(await signedIn(), 1, STEP1)).status).toBe(303);
    }
    vi.spyOn(Date, "now").mockReturnValue(start + 5 * 31_000);
    const refused = await post(await signedIn(), 1, STEP1);
    expect(refused.status).toBe(429);
    expect(refused.answer?.result.initialValue).toEqual(STEP1);
  });
});
