import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerReplaceWire, sendOtpWire, validateOtpWire } from "~/upstream/upd-card.server";
import { mockServer } from "../node";
import { resetWorld } from "../world";
import { resetSupport } from "../world-support";

const api = "https://upd-card.upstream.mock/api/upd-card/v1";
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => {
  resetWorld();
  resetSupport();
});

const send = (method: string, path: string, body: unknown) =>
  fetch(`${api}${path}`, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("upd-card handlers answer what the client parses", () => {
  it.each([
    ["registered", "8952140000000000062"],
    ["not a Bait SIM", "1234567890123456789"],
    ["SIM in use", "8952140000000000013"],
  ])("register-replace: %s", async (_name, iccid) => {
    const response = await send("POST", "/register-replace", { dn: "5512345678", iccid, email: "a@example.com", reason: "robo" });
    expect(response.status).toBe(200);
    expect(registerReplaceWire.safeParse(await response.json()).success).toBe(true);
  });

  it.each(["5512345678", "5566666666"])("send-otp for %s", async (dn) => {
    const response = await send("POST", "/send-otp", { dn });
    expect(sendOtpWire.safeParse(await response.json()).success).toBe(true);
  });

  it.each([
    ["5512345678", "1234"],
    ["5512345678", "0000"],
    ["5566666666", "1234"],
  ])("validate-otp for %s with %s", async (dn, otp) => {
    const response = await send("PATCH", "/validate-otp", { dn, otp });
    expect(validateOtpWire.safeParse(await response.json()).success).toBe(true);
  });
});
