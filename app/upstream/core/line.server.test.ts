import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { setSwitch } from "../../../mocks/switches";
import { checkServiceProfile, fullIccid, getBaitProfile, getLineProfile, replacementMessageKey } from "./line.server";
import { UpstreamRefusal } from "./results.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("line checks", () => {
  it("reads the profile, status and number of a Bait line", async () => {
    expect(dataOf(await getLineProfile({ type: "dn", identifier: "5545678901" }))).toEqual({ profile: "mbb", status: "suspend", number: "5545678901" });
    expect(dataOf(await getLineProfile({ type: "dn", identifier: "5598765432", view: "basic" }))).toEqual({ profile: "hbb", status: undefined, number: "5598765432" });
  });

  it("finds a SIM by its full ICCID (895214 + the 13 typed digits)", async () => {
    const result = dataOf(await getLineProfile({ type: "iccid", identifier: fullIccid("0000000000013") }));
    expect(result).toEqual({ profile: "hbb", status: "active", number: "5587654321" });
  });

  it("turns a 412 on the profile check into 'errors:line.notBait'", async () => {
    quiet();
    expect(errorOf(await getLineProfile({ type: "dn", identifier: "5500000000" })).messageKey).toBe("errors:line.notBait");
    expect(errorOf(await getLineProfile({ type: "dn", identifier: "5511111111" })).status).toBe(412);
  });

  it("turns a malformed number's 400 'dn must be 10 digits' into 'errors:line.invalidNumber'", async () => {
    quiet();
    const error = errorOf(await getLineProfile({ type: "dn", identifier: "55123" }));
    expect(error.messageKey).toBe("errors:line.invalidNumber");
    expect(error.upstreamMessage).toBe("dn must be 10 digits");
  });

  it("turns an unknown ICCID into 'errors:iccid.notBait'", async () => {
    quiet();
    expect(errorOf(await getLineProfile({ type: "iccid", identifier: fullIccid("9999999999999") })).messageKey).toBe("errors:iccid.notBait");
  });

  it("maps the other line-number statuses of docs/recharge.md (404, 424, 502)", async () => {
    quiet();
    for (const [status, key] of [
      [404, "errors:line.notFound"],
      [424, "errors:line.dependencyFailed"],
      [502, "errors:line.unavailable"],
    ] as const) {
      setSwitch("core.lineProfile", { status });
      expect(errorOf(await getLineProfile({ type: "dn", identifier: "5512345678" })).messageKey).toBe(key);
    }
  });

  it("accepts the legacy recharge check of an active line and refuses with the replacement codes", async () => {
    expect(dataOf(await checkServiceProfile({ number: "5512345678", rechargeType: 1 }))).toEqual({ allowed: true });
    const idle = errorOf(await checkServiceProfile({ number: "5534567890", rechargeType: 1 }));
    expect(idle).toBeInstanceOf(UpstreamRefusal);
    expect(idle).toMatchObject({ messageKey: "recharge:replacement.needsActivation", reason: "3" });
    expect(errorOf(await checkServiceProfile({ number: "5500000000", rechargeType: 1 })).messageKey).toBe("recharge:replacement.wrongType.default");
    expect(errorOf(await checkServiceProfile({ number: "5512345678", rechargeType: 2 })).messageKey).toBe("recharge:replacement.wrongType.hbb");
    expect(errorOf(await checkServiceProfile({ number: "5598765432", rechargeType: 4 })).messageKey).toBe("recharge:replacement.notAssociate");
  });

  it("reads a Bait number's profile code and refuses a number that is not Bait", async () => {
    expect(dataOf(await getBaitProfile("5576543210"))).toEqual({ profile: "mifi", status: "active" });
    expect(errorOf(await getBaitProfile("5500000000"))).toMatchObject({ messageKey: "errors:line.notBait", reason: "notBait" });
  });
});

describe("replacementMessageKey", () => {
  it("maps the legacy replacement codes -1, 1, 2, 3, 4 and 500", () => {
    expect([-1, 1, 2, 3, 4, 500].map((code) => replacementMessageKey(code))).toEqual([
      "recharge:replacement.notAssociate",
      "recharge:replacement.cannotRecharge",
      "recharge:replacement.notInNetwork",
      "recharge:replacement.needsActivation",
      "recharge:replacement.wrongType.default",
      "recharge:replacement.unavailable",
    ]);
    expect(replacementMessageKey(4, 8)).toBe("recharge:replacement.wrongType.mifi");
    expect(replacementMessageKey(4, 3)).toBe("recharge:replacement.wrongType.mifi");
    expect(replacementMessageKey(4, 2)).toBe("recharge:replacement.wrongType.hbb");
  });
});
