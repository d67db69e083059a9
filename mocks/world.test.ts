import { beforeEach, describe, expect, it } from "vitest";
import { clockStandsStill } from "./test-support";
import { checkCode, lockedUntil, resetWorld, world } from "./world";

beforeEach(() => resetWorld());

describe("the mock world", () => {
  it("is seeded with the demo lines and accounts", () => {
    expect(world.lines.get("5512345678")).toMatchObject({ profile: "mbb", status: "active" });
    expect(world.accounts.get("5512345678")).toMatchObject({ name: "Ana", email: "demo.mbb@example.com", password: "Bait2024!" });
    expect(world.accounts.has("5523456789")).toBe(false);
    expect(world.lines.has("5500000000")).toBe(false);
  });

  it("accepts 1234 and locks a number for an hour after three wrong codes", () => {
    const now = clockStandsStill();
    expect(checkCode("5523456789", "0000")).toEqual({ ok: false, attemptsRemaining: 2 });
    expect(checkCode("5523456789", "1111")).toEqual({ ok: false, attemptsRemaining: 1 });
    const third = checkCode("5523456789", "2222");
    expect(third.ok).toBe(false);
    if (!third.ok) {
      expect(third.attemptsRemaining).toBe(0);
      const unlock = Date.parse(third.unlockDate!);
      expect(unlock - now).toBe(60 * 60 * 1000);
    }
    expect(checkCode("5523456789", "1234").ok).toBe(false);
  });

  it("starts 5566666666 already locked out", () => {
    expect(lockedUntil("5566666666")).toBeDefined();
  });

  it("gives 5556789012 a latest history entry that is not applied", () => {
    expect(world.history.get("5556789012")?.at(-1)?.status).toBe("not_applicated");
  });

  it("restores the seed on reset", () => {
    world.accounts.delete("5512345678");
    resetWorld();
    expect(world.accounts.has("5512345678")).toBe(true);
  });
});
