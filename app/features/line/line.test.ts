import { describe, expect, it } from "vitest";
import { iccidRegistrationEligibility, isLineStatus, lineRechargeEligibility, simStatusMessageKey } from "./line";

describe("lineRechargeEligibility", () => {
  it.each([
    ["mbb", "active"],
    ["mbb", "suspend"],
    ["mbb", "predeactivate"],
    ["mifi", "active"],
    ["mifi", "suspend"],
    ["mifi", "predeactivate"],
    ["hbb", "active"],
  ])("lets a %s line in status %s be recharged", (profile, status) => {
    expect(lineRechargeEligibility(profile, status)).toEqual({ ok: true });
  });

  it.each([
    ["mbb", "idle"],
    ["mbb", "barring"],
    ["hbb", "suspend"],
    ["hbb", "predeactivate"],
    ["mifi", "idle"],
  ])("blocks a %s line in status %s with the idle message", (profile, status) => {
    expect(lineRechargeEligibility(profile, status)).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.idle" });
  });

  it("gives the message of the profile being recharged to an incompatible line", () => {
    expect(lineRechargeEligibility("incompatible", "active", "hbb")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.hbb" });
    expect(lineRechargeEligibility("mifi", "incompatible")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.mifi" });
    expect(lineRechargeEligibility("incompatible", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.incompatible.default" });
  });

  it("refuses a line of another profile than the recharge's, a b2b line and an unknown profile", () => {
    expect(lineRechargeEligibility("mbb", "active", "hbb")).toEqual({ ok: false, messageKey: "recharge:lineNumber.wrongProfile.hbb" });
    expect(lineRechargeEligibility("b2b", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.b2b" });
    expect(lineRechargeEligibility("satelital", "active")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.default" });
  });

  it("names a SIM status message per status and WhatsApp support otherwise", () => {
    expect(simStatusMessageKey("barring")).toBe("recharge:simStatus.barring");
    expect(simStatusMessageKey("robada")).toBe("recharge:simStatus.default");
    expect(simStatusMessageKey(undefined)).toBe("recharge:simStatus.default");
  });
});

describe("iccidRegistrationEligibility", () => {
  it("lets an active SIM of the service's kind be registered, and names what stops any other", () => {
    const sim = { profile: "hbb", status: "active", number: "5598765432" };
    expect(iccidRegistrationEligibility(sim, "hbb")).toEqual({ ok: true });
    expect(iccidRegistrationEligibility(sim, "mifi")).toEqual({ ok: false, messageKey: "recharge:iccid.wrongProfile.mifi" });
    expect(iccidRegistrationEligibility({ ...sim, status: "barring" }, "hbb")).toEqual({ ok: false, messageKey: "recharge:simStatus.barring" });
  });
});

describe("isLineStatus", () => {
  it("knows the statuses the site names in words, and no other", () => {
    expect(["active", "suspend", "idle", "predeactivate", "barring"].every(isLineStatus)).toBe(true);
    expect(isLineStatus("incompatible")).toBe(false);
    expect(isLineStatus(undefined)).toBe(false);
  });
});
