import type { AppLoadContext } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { useMockUpstream } from "../../../mocks/test-support";
import { LIMITS } from "~/lib/rate-limit.server";
import { forgetLimits, testBrowser } from "./test-browser";
import { loginAction } from "./login.server";
import { recoveryAction } from "./recovery.server";

/**
 * The customers' attempt limits under concurrency (docs/accounts.md "Limits"): each attempt is
 * reserved in the shared state before the upstream checks it, so a burst sent at once for one
 * line gets no more upstream checks than the limit per number (10), the rest answered 429 with
 * Retry-After.
 */
useMockUpstream();
beforeEach(forgetLimits);

/** Counts the upstream's password and code checks (the access API) from now on. */
let checks = 0;
const countChecks = ({ request }: { request: Request }) => {
  if (new URL(request.url).pathname.endsWith("/aplicacion/acceso") || new URL(request.url).pathname.startsWith("/api/core/sso")) checks += 1;
};
beforeEach(() => {
  checks = 0;
  mockServer.events.on("request:start", countChecks);
});
afterEach(() => {
  mockServer.events.removeListener("request:start", countChecks);
});

let ips = 0;
const fromAnotherAddress = () => ({ clientIp: `192.0.2.${++ips}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
const answerOf = (out: unknown) =>
  out instanceof Response ? { status: out.status, headers: out.headers } : { status: (out as { init?: { status?: number } }).init?.status ?? 200, headers: new Headers((out as { init?: { headers?: HeadersInit } }).init?.headers) };

describe("attempts sent at once for one line", () => {
  it.each([
    ["the legacy login (hbb)", "hbb", "5598765432"],
    ["the SSO login (Ana)", "mbb", "5512345678"],
  ])("%s: 30 wrong passwords, each from its own address, get at most 10 upstream checks; the rest 429 with Retry-After", async (_name, type, number) => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => loginAction(new Request(`http://localhost/login?type=${type}`, form({ number, password: `Equivocada${index}!` })), fromAnotherAddress())),
    ).then((outs) => outs.map(answerOf));
    expect(checks).toBeLessThanOrEqual(LIMITS.perNumber.max);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(30 - checks);
    for (const answer of refused) expect(answer.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("the recovery's code: 30 wrong codes sent with one flow cookie get at most 10 upstream checks", async () => {
    const { context, keep, request } = testBrowser();
    const started = await recoveryAction(request("/recuperacion?type=mbb", form({ number: "5512345678", confirmation: "5512345678" })), context);
    expect(answerOf(started).status).toBe(303);
    keep((started as Response).headers);
    checks = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => recoveryAction(request("/recuperacion?type=mbb&verification=2", form({ code: String(1000 + index * 7).slice(0, 4), intent: "verify" })), fromAnotherAddress())),
    ).then((outs) => outs.map(answerOf));
    expect(checks).toBeLessThanOrEqual(LIMITS.perNumber.max);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(30 - checks);
  });
});
