import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { changeAreaCode, getAreaCodes } from "./area-codes.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("area codes", () => {
  it("lists the area codes with their names", async () => {
    const codes = dataOf(await getAreaCodes());
    expect(codes).toContainEqual({ areaCode: "33", name: "Guadalajara", state: "Jalisco" });
  });

  it("moves an active mobile line to another area code, and the world follows", async () => {
    expect(dataOf(await changeAreaCode({ number: "5512345678", areaCode: "33" }))).toEqual({ newNumber: "3312345678" });
    expect(world.lines.get("3312345678")).toMatchObject({ number: "3312345678", profile: "mbb" });
    expect(world.accounts.get("3312345678")).toMatchObject({ name: "Ana" });
    expect(world.lines.has("5512345678")).toBe(false);
  });

  it("refuses a portable-internet line, an idle line and a number that is not Bait", async () => {
    quiet();
    expect(errorOf(await changeAreaCode({ number: "5576543210", areaCode: "33" }))).toMatchObject({ messageKey: "errors:nir.mifi", reason: "mifi" });
    expect(errorOf(await changeAreaCode({ number: "5534567890", areaCode: "33" }))).toMatchObject({ messageKey: "errors:nir.idle" });
    expect(errorOf(await changeAreaCode({ number: "5500000000", areaCode: "33" })).messageKey).toBe("errors:nir.notBait");
  });
});
