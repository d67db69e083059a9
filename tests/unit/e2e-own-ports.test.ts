import { describe, expect, it } from "vitest";
import { ownPortOf } from "../e2e/support/env";

/** tests/e2e/support/env.ts ownPort: the ports where the browser specs start servers of their own. */
describe("ownPort", () => {
  const ranges = Array.from({ length: 200 }, (_, range) => Array.from({ length: 90 }, (__, n) => ownPortOf(3000 + range, n)));

  it("gives every E2E_PORT (modulo 200) ninety ports no other one has, all below Linux's ephemeral ports", () => {
    const all = ranges.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Math.min(...all)).toBeGreaterThanOrEqual(14_000);
    expect(Math.max(...all)).toBeLessThan(32_768);
  });

  it("keeps numbers 0–59 on the ports they had before 60–89 were added", () => {
    for (const port of [3210, 3330, 3399]) for (let n = 0; n < 60; n += 1) expect(ownPortOf(port, n)).toBe(20_000 + (port % 200) * 60 + n);
  });

  it("refuses a number outside 0–89", () => {
    for (const n of [-1, 90, 1.5]) expect(() => ownPortOf(3210, n)).toThrow("0 to 89");
  });
});
