import { describe, expect, it } from "vitest";
import { visibility, type FlagName } from "#schemas/config";
import { audiencesOf, isOfferShown, isScheduledAt, isShown, nextBoundary, type Viewer } from "./visibility";

/** A fake clock: the instant of a Mexico City wall time (-06:00 all year). */
const mx = (wallTime: string) => Date.parse(`${wallTime}-06:00`);

const viewer = (over: Partial<Viewer> & { on?: FlagName[] } = {}): Viewer => ({
  now: mx("2026-12-01T12:00:00"),
  audiences: ["anonymous"],
  isOn: (flag) => (over.on ?? ["e-sim", "business-page"]).includes(flag),
  ...over,
});

describe("an item's window (from / until, Mexico City time)", () => {
  const christmas = { from: "2026-12-24T00:00:00-06:00", until: "2026-12-26T00:00:00-06:00" };

  it("starts at `from` (included) and ends at `until` (excluded), read with the -06:00 offset", () => {
    expect(isScheduledAt(christmas, mx("2026-12-23T23:59:59"))).toBe(false);
    expect(isScheduledAt(christmas, mx("2026-12-24T00:00:00"))).toBe(true);
    expect(isScheduledAt(christmas, mx("2026-12-25T23:59:59"))).toBe(true);
    expect(isScheduledAt(christmas, mx("2026-12-26T00:00:00"))).toBe(false);
    // Midnight in Mexico City is 06:00 UTC: at 05:59 UTC on the 24th the window has not started.
    expect(isScheduledAt(christmas, Date.parse("2026-12-24T05:59:59Z"))).toBe(false);
    expect(isScheduledAt(christmas, Date.parse("2026-12-24T06:00:00Z"))).toBe(true);
  });

  it("is open on the side it does not name", () => {
    expect(isScheduledAt({ from: christmas.from }, mx("2030-01-01T00:00:00"))).toBe(true);
    expect(isScheduledAt({ until: christmas.until }, mx("2020-01-01T00:00:00"))).toBe(true);
    expect(isScheduledAt({}, 0)).toBe(true);
  });

  it("is shown only inside the window, whatever the flags", () => {
    expect(isShown(christmas, viewer({ now: mx("2026-12-25T10:00:00") }))).toBe(true);
    expect(isShown(christmas, viewer({ now: mx("2026-12-27T10:00:00") }))).toBe(false);
  });

  it("takes only dates with the Mexico City offset in the config", () => {
    expect(visibility.safeParse({ from: "2026-12-01T00:00:00-06:00" }).success).toBe(true);
    for (const date of ["2026-12-01T00:00:00Z", "2026-12-01T00:00:00", "2026-12-01", "2026-12-01T00:00:00-05:00", "2026-13-01T00:00:00-06:00"]) {
      const result = visibility.safeParse({ from: date });
      expect(result.success, date).toBe(false);
    }
  });
});

describe("an item's `when`", () => {
  it("with a flag, shows only while the flag is on for the visitor", () => {
    expect(isShown({ when: { flag: "e-sim" } }, viewer())).toBe(true);
    expect(isShown({ when: { flag: "e-sim" } }, viewer({ on: [] }))).toBe(false);
  });

  it("with withoutFlag, shows only while the flag is off (the copy that replaces what the flag hides)", () => {
    expect(isShown({ when: { withoutFlag: "e-sim" } }, viewer())).toBe(false);
    expect(isShown({ when: { withoutFlag: "e-sim" } }, viewer({ on: [] }))).toBe(true);
  });

  it("with an audience, shows to anonymous visitors, customers, or customers of one kind of line", () => {
    const mbb = viewer({ audiences: audiencesOf({ userType: 1 }) });
    const hbb = viewer({ audiences: audiencesOf({ userType: 2 }) });
    const mifi = viewer({ audiences: audiencesOf({ userType: 3 }) });
    const anonymous = viewer({ audiences: audiencesOf(null) });
    expect(isShown({ when: { audience: ["anonymous"] } }, anonymous)).toBe(true);
    expect(isShown({ when: { audience: ["anonymous"] } }, mbb)).toBe(false);
    expect(isShown({ when: { audience: ["customer"] } }, hbb)).toBe(true);
    expect(isShown({ when: { audience: ["customer"] } }, anonymous)).toBe(false);
    expect(isShown({ when: { audience: ["hbb", "mifi"] } }, mifi)).toBe(true);
    expect(isShown({ when: { audience: ["hbb", "mifi"] } }, mbb)).toBe(false);
  });

  it("with a flag and an audience, needs both", () => {
    const item = { when: { flag: "business-page" as const, audience: ["customer" as const] } };
    expect(isShown(item, viewer({ audiences: ["customer", "mbb"] }))).toBe(true);
    expect(isShown(item, viewer({ audiences: ["customer", "mbb"], on: [] }))).toBe(false);
    expect(isShown(item, viewer())).toBe(false);
  });

  it("refuses an empty `when`, an unknown flag and an unknown audience in the config", () => {
    expect(visibility.safeParse({ when: {} }).success).toBe(false);
    expect(visibility.safeParse({ when: { flag: "esim" } }).success).toBe(false);
    expect(visibility.safeParse({ when: { audience: ["premium"] } }).success).toBe(false);
  });
});

describe("offers of a flagged product", () => {
  it("show an eSIM only with e-sim on and a business offer only with business-page on, even without their own `when`", () => {
    expect(isOfferShown({ category: "e-sim" }, viewer())).toBe(true);
    expect(isOfferShown({ category: "e-sim" }, viewer({ on: ["business-page"] }))).toBe(false);
    expect(isOfferShown({ category: "business" }, viewer({ on: ["e-sim"] }))).toBe(false);
    expect(isOfferShown({ category: "traditionals" }, viewer({ on: [] }))).toBe(true);
  });
});

describe("the next boundary", () => {
  it("is the nearest `from` or `until` after now, or null", () => {
    const now = mx("2026-12-01T12:00:00");
    const items = [
      { from: "2026-11-01T00:00:00-06:00", until: "2026-12-31T00:00:00-06:00" },
      { from: "2026-12-01T12:00:30-06:00" },
      {},
    ];
    expect(nextBoundary(items, now)).toBe(mx("2026-12-01T12:00:30"));
    expect(nextBoundary(items, mx("2026-12-01T12:00:30"))).toBe(mx("2026-12-31T00:00:00"));
    expect(nextBoundary(items, mx("2027-01-01T00:00:00"))).toBeNull();
  });
});
