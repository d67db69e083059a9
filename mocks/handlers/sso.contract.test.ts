import type * as z from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coreWireSchemas } from "~/upstream/core/wire.schemas";
import { ssoWireSchemas as schemas } from "~/upstream/sso.server";
import { mockServer } from "../node";
import { clearSwitches } from "../switches";
import { resetJourney } from "../world-journey";
import { newToken, resetWorld, world } from "../world";

/** Every sso handler's answers, good and refused, parse with the client's own schema. */
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => {
  resetWorld();
  resetJourney();
  clearSwitches();
});

const base = "https://sso.upstream.mock";
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
const call = async (path: string, init?: RequestInit) => (await fetch(base + path, init)).json();
const expectParses = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe(true);
};

describe("sso handlers honour the client's schemas", () => {
  it("carousel/create", async () => expectParses(schemas.loginStart, await call("/api/core/sso/carousel/create?redirect_uri=http%3A%2F%2Flocalhost%2Fsso-callback")));

  it("otp/send: sent, locked, wrong contact phone, not Bait", async () => {
    expectParses(schemas.otp, await call("/api/core/sso/otp/send", post({ baitNumber: "5523456789", serviceNumber: "", email: "" })));
    expectParses(schemas.otp, await call("/api/core/sso/otp/send", post({ baitNumber: "5566666666", serviceNumber: "", email: "" })));
    expectParses(schemas.otp, await call("/api/core/sso/otp/send", post({ baitNumber: "5500000001", serviceNumber: "5587654321", email: "" })));
    expectParses(coreWireSchemas.error, await call("/api/core/sso/otp/send", post({ baitNumber: "5500000000", serviceNumber: "", email: "" })));
  });

  it("otp/check: wrong, right, already registered, locked", async () => {
    expectParses(schemas.otp, await call("/api/core/sso/otp/check", post({ baitNumber: "5523456789", otpCode: "0000", serviceNumber: "" })));
    expectParses(schemas.otp, await call("/api/core/sso/otp/check", post({ baitNumber: "5523456789", otpCode: "1234", serviceNumber: "" })));
    expectParses(schemas.otp, await call("/api/core/sso/otp/check", post({ baitNumber: "5512345678", otpCode: "1234", serviceNumber: "" })));
    expectParses(schemas.otp, await call("/api/core/sso/otp/check", post({ baitNumber: "5566666666", otpCode: "1234", serviceNumber: "" })));
  });

  it("register/complete: done and expired", async () => {
    world.verified.set("v-1", "5523456789");
    const body = { name: "N", number: "5523456789", serviceNumber: "", email: "n@example.com", allowNotifications: false, registerConfirmation: "Bait2024!", confirmation: "Bait2024!", uuid: "v-1" };
    expectParses(schemas.registration, await call("/api/core/sso/register/complete", post(body)));
    expectParses(coreWireSchemas.error, await call("/api/core/sso/register/complete", post({ ...body, uuid: "gone" })));
  });

  it("account, legacy and deleteSSO", async () => {
    const { state } = (await call("/api/core/sso/carousel/create?redirect_uri=http%3A%2F%2Flocalhost%2Fsso-callback")) as { state: string };
    expectParses(schemas.session, await call("/api/core/sso/account", post({ authcode: "mock-code-5576543210", email_verify: true, state })));
    expectParses(schemas.session, await call("/api/core/sso/legacy", post({ numero: "5512345678", psd: "Bait2024!" })));
    expectParses(schemas.session, await call("/api/core/sso/legacy", post({ numero: "5512345678", psd: "x" })));
    expectParses(schemas.delete, await call("/conn/page/api/sso/deleteSSO", post({}, { Authorization: `Bearer ${newToken("5512345678")}` })));
  });
});
