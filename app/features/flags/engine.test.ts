import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as z from "zod";
import { flagDefinition, type FlagConditions, type FlagDefinition, type flagConditions } from "#schemas/config";
import { evaluateFlags, fnv1a32, isFlagOn, rolloutBucket, type FlagSubject } from "./engine";

/** A definition as marketing writes it in flags.json, run through the schema for its defaults. */
const enabledWith = (conditions?: z.input<typeof flagConditions>): FlagDefinition =>
  flagDefinition.parse({ description: "prueba", enabled: true, conditions });

const ana: FlagSubject = {
  user: { email: "demo.mbb@example.com", number: "5512345678", userType: 1, name: "Ana" },
  ip: "203.0.113.7",
  visitorId: "3f1c2a9e-0000-4000-8000-000000000001",
};
const hogar: FlagSubject = {
  user: { email: "demo.hbb@example.com", number: "5511112222", serviceNumber: "5598765432", userType: 2 },
  ip: "198.51.100.20",
  visitorId: "3f1c2a9e-0000-4000-8000-000000000002",
};
const anonymous: FlagSubject = { user: null, ip: "203.0.113.7", visitorId: "3f1c2a9e-0000-4000-8000-000000000003" };
const fromIp = (ip: string): FlagSubject => ({ ...anonymous, ip });

/** A definition that skipped the schema (hand-built, or read by older code): must still never throw. */
const unvalidated = (conditions: Omit<FlagConditions, "allValidations">): FlagDefinition => ({
  description: "sin validar",
  enabled: true,
  conditions: { ...conditions, allValidations: false },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("master switch", () => {
  it("is off when the flag is not defined at all", () => {
    expect(isFlagOn("sso", undefined, ana)).toBe(false);
  });

  it("is off for everybody when enabled is false, even if every condition would pass", () => {
    const definition = flagDefinition.parse({
      description: "apagado",
      enabled: false,
      conditions: { allowedUsers: { emails: ["demo.mbb@example.com"] }, allowedPercentage: 100 },
    });
    expect(isFlagOn("sso", definition, ana)).toBe(false);
  });

  it("is on for everybody, anonymous included, when enabled without conditions", () => {
    expect(isFlagOn("sso", enabledWith(), ana)).toBe(true);
    expect(isFlagOn("sso", enabledWith(), anonymous)).toBe(true);
  });

  it("is on for everybody when the conditions object lists none of the five conditions", () => {
    expect(isFlagOn("sso", enabledWith({}), anonymous)).toBe(true);
    expect(isFlagOn("sso", enabledWith({ allValidations: true }), anonymous)).toBe(true);
  });
});

describe("allowedData", () => {
  it("lets in a customer whose field has one of the listed values", () => {
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "name", values: ["Ana", "Luis"] }] }), ana)).toBe(true);
  });

  it("compares numbers and strings alike, so userType 1 matches \"1\" and a number written as a number matches", () => {
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "userType", values: ["1"] }] }), ana)).toBe(true);
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "number", values: [5512345678] }] }), ana)).toBe(true);
  });

  it("keeps out a customer whose value is not listed", () => {
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "userType", values: [2, 3] }] }), ana)).toBe(false);
  });

  it("keeps out a customer who lacks the field (a mobile line has no serviceNumber)", () => {
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "serviceNumber", values: ["undefined"] }] }), ana)).toBe(false);
  });

  it("lets in a customer who matches any one of several rules", () => {
    const definition = enabledWith({
      allowedData: [
        { field: "userType", values: [3] },
        { field: "serviceNumber", values: ["5598765432"] },
      ],
    });
    expect(isFlagOn("pospaid", definition, hogar)).toBe(true);
    expect(isFlagOn("pospaid", definition, ana)).toBe(false);
  });

  it("keeps out an anonymous visitor", () => {
    expect(isFlagOn("pospaid", enabledWith({ allowedData: [{ field: "userType", values: [1, 2, 3] }] }), anonymous)).toBe(false);
  });
});

describe("allowedRegex", () => {
  it("lets in a customer whose field matches the pattern", () => {
    expect(isFlagOn("e-sim", enabledWith({ allowedRegex: [{ field: "email", pattern: "@example\\.com$" }] }), ana)).toBe(true);
  });

  it("keeps out a customer whose field does not match", () => {
    expect(isFlagOn("e-sim", enabledWith({ allowedRegex: [{ field: "number", pattern: "^33" }] }), ana)).toBe(false);
  });

  it("keeps out a customer who lacks the field instead of testing the text \"undefined\"", () => {
    expect(isFlagOn("e-sim", enabledWith({ allowedRegex: [{ field: "serviceNumber", pattern: "undefined|^$" }] }), ana)).toBe(false);
  });

  it("keeps out an anonymous visitor, even with a pattern that matches anything", () => {
    expect(isFlagOn("e-sim", enabledWith({ allowedRegex: [{ field: "email", pattern: ".*" }] }), anonymous)).toBe(false);
  });

  it("compiles each pattern once however many times the flag is evaluated", () => {
    const pattern = "^55(12|98)\\d{6}$|compile-once";
    const definition = enabledWith({ allowedRegex: [{ field: "number", pattern }] });
    const compiledSources: unknown[] = [];
    vi.stubGlobal(
      "RegExp",
      new Proxy(RegExp, {
        construct(target, args) {
          compiledSources.push(args[0]);
          return Reflect.construct(target, args);
        },
      }),
    );
    for (let i = 0; i < 50; i++) expect(isFlagOn("e-sim", definition, ana)).toBe(true);
    expect(compiledSources.filter((source) => source === pattern)).toHaveLength(1);
  });

  it("treats a broken pattern in an unvalidated definition as not matching rather than throwing", () => {
    expect(isFlagOn("e-sim", unvalidated({ allowedRegex: [{ field: "email", pattern: "(" }] }), ana)).toBe(false);
  });
});

describe("allowedUsers", () => {
  it("lets in a customer by e-mail regardless of letter case", () => {
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { emails: ["Demo.MBB@Example.com"] } }), ana)).toBe(true);
  });

  it("lets in a mobile customer by their Bait number", () => {
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { phones: ["5512345678"] } }), ana)).toBe(true);
  });

  it("lets in a home-internet customer by their service number", () => {
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { phones: ["5598765432"] } }), hogar)).toBe(true);
  });

  it("keeps out a customer listed neither by e-mail nor by phone", () => {
    const definition = enabledWith({ allowedUsers: { emails: ["otra@example.com"], phones: ["5500000000"] } });
    expect(isFlagOn("sso", definition, ana)).toBe(false);
  });

  it("keeps out an anonymous visitor", () => {
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { emails: ["demo.mbb@example.com"] } }), anonymous)).toBe(false);
  });

  it("lets nobody in when both lists are empty", () => {
    expect(isFlagOn("sso", enabledWith({ allowedUsers: {} }), ana)).toBe(false);
  });
});

describe("allowedIps", () => {
  const on = (rules: string[], ip: string) => isFlagOn("business-page", enabledWith({ allowedIps: rules }), fromIp(ip));

  it("lets in an exact IPv4 address and keeps out its neighbour", () => {
    expect(on(["203.0.113.7"], "203.0.113.7")).toBe(true);
    expect(on(["203.0.113.7"], "203.0.113.8")).toBe(false);
  });

  it("includes both ends of a /24 range and nothing just outside it", () => {
    const office = ["192.168.1.0/24"];
    expect(on(office, "192.168.1.0")).toBe(true);
    expect(on(office, "192.168.1.255")).toBe(true);
    expect(on(office, "192.168.0.255")).toBe(false);
    expect(on(office, "192.168.2.0")).toBe(false);
  });

  it("covers a whole /8 and stops at the next first octet", () => {
    expect(on(["10.0.0.0/8"], "10.255.255.255")).toBe(true);
    expect(on(["10.0.0.0/8"], "9.255.255.255")).toBe(false);
    expect(on(["10.0.0.0/8"], "11.0.0.0")).toBe(false);
  });

  it("matches only the address itself with /32 and every IPv4 address with /0", () => {
    expect(on(["203.0.113.7/32"], "203.0.113.7")).toBe(true);
    expect(on(["203.0.113.7/32"], "203.0.113.6")).toBe(false);
    expect(on(["0.0.0.0/0"], "255.255.255.255")).toBe(true);
    expect(on(["0.0.0.0/0"], "2001:db8::1")).toBe(false);
  });

  it("masks a range written with host bits set (10.1.2.3/16 means 10.1.0.0/16)", () => {
    expect(on(["10.1.2.3/16"], "10.1.200.9")).toBe(true);
    expect(on(["10.1.2.3/16"], "10.2.0.1")).toBe(false);
  });

  it("recognises an IPv4 client seen through an IPv6 socket (::ffff:10.1.2.3)", () => {
    expect(on(["10.0.0.0/8"], "::ffff:10.1.2.3")).toBe(true);
    expect(on(["10.1.2.3"], "::ffff:10.1.2.3")).toBe(true);
    expect(on(["10.1.2.3"], "::FFFF:a01:203")).toBe(true);
    expect(on(["10.0.0.0/8"], "::ffff:11.1.2.3")).toBe(false);
  });

  it("matches IPv6 addresses however they are abbreviated", () => {
    expect(on(["2001:db8::1"], "2001:0DB8:0000:0:0:0:0:1")).toBe(true);
    expect(on(["::1"], "::1")).toBe(true);
    expect(on(["2001:db8::1"], "2001:db8::2")).toBe(false);
  });

  it("supports IPv6 ranges too", () => {
    expect(on(["2001:db8::/32"], "2001:db8:ffff::1")).toBe(true);
    expect(on(["2001:db8::/32"], "2001:db9::1")).toBe(false);
  });

  it("lets in a client that matches any one of several rules", () => {
    expect(on(["10.0.0.0/8", "203.0.113.0/24"], "203.0.113.99")).toBe(true);
  });

  it("never matches a malformed rule that bypassed the schema, or a malformed client address", () => {
    const handWritten = unvalidated({ allowedIps: ["999.1.1.1", "cafe", "10.0.0.0/33", "10.0.0.0/8/1", "10.0.0.0/x", "10.0.0.0/", "::1::2", "1.2.3.4::"] });
    expect(isFlagOn("business-page", handWritten, fromIp("10.0.0.1"))).toBe(false);
    expect(on(["0.0.0.0/0"], "unknown")).toBe(false);
    expect(on(["0.0.0.0/0"], "")).toBe(false);
  });

  it("applies to anonymous visitors as well as customers", () => {
    expect(isFlagOn("business-page", enabledWith({ allowedIps: ["203.0.113.7"] }), anonymous)).toBe(true);
  });
});

describe("allowedPercentage", () => {
  const rollout = (percentage: number) => enabledWith({ allowedPercentage: percentage });
  const visitors = (count: number) => Array.from({ length: count }, () => randomUUID());

  it("gives the same visitor the same answer on every request", () => {
    const definition = rollout(50);
    for (const visitorId of visitors(20)) {
      const subject = { ...anonymous, visitorId };
      const first = isFlagOn("new-payment-plugin", definition, subject);
      const answers = Array.from({ length: 100 }, () => isFlagOn("new-payment-plugin", definition, subject));
      expect(answers.every((answer) => answer === first)).toBe(true);
    }
  });

  it("turns a 30 % rollout on for 27–33 % of 10,000 random visitors", () => {
    const definition = rollout(30);
    const on = visitors(10_000).filter((visitorId) => isFlagOn("new-payment-plugin", definition, { ...anonymous, visitorId })).length;
    expect(on).toBeGreaterThanOrEqual(2_700);
    expect(on).toBeLessThanOrEqual(3_300);
  });

  it("turns 0 % on for nobody and 100 % on for everybody", () => {
    const ids = visitors(2_000);
    expect(ids.some((visitorId) => isFlagOn("sso", rollout(0), { ...anonymous, visitorId }))).toBe(false);
    expect(ids.every((visitorId) => isFlagOn("sso", rollout(100), { ...anonymous, visitorId }))).toBe(true);
  });

  it("buckets each flag independently, so one visitor is not first in every rollout", () => {
    const ids = visitors(1_000);
    const different = ids.filter((visitorId) => rolloutBucket("sso", visitorId) !== rolloutBucket("e-sim", visitorId)).length;
    expect(different).toBeGreaterThan(900);
  });

  it("hashes with FNV-1a 32-bit, whose published values must never change (visitors would switch buckets)", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
    expect(rolloutBucket("sso", "visitante-1")).toBe(fnv1a32("sso:visitante-1") % 100);
  });
});

describe("allValidations", () => {
  const listedButOutside = { allowedUsers: { emails: ["demo.mbb@example.com"] }, allowedIps: ["10.0.0.0/8"] };

  it("with true, is on only when every listed condition passes", () => {
    const definition = enabledWith({ ...listedButOutside, allValidations: true });
    expect(isFlagOn("pospaid", definition, ana)).toBe(false);
    expect(isFlagOn("pospaid", definition, { ...ana, ip: "10.20.30.40" })).toBe(true);
  });

  it("with false, is on when any one listed condition passes", () => {
    const definition = enabledWith({ ...listedButOutside, allValidations: false });
    expect(isFlagOn("pospaid", definition, ana)).toBe(true);
    expect(isFlagOn("pospaid", definition, hogar)).toBe(false);
  });

  it("defaults to any-one-passes when allValidations is left out", () => {
    expect(isFlagOn("pospaid", enabledWith(listedButOutside), ana)).toBe(true);
  });

  it("with true, keeps out an anonymous visitor from the right network when a customer condition is listed", () => {
    const definition = enabledWith({ ...listedButOutside, allValidations: true });
    expect(isFlagOn("pospaid", definition, { ...anonymous, ip: "10.0.0.1" })).toBe(false);
  });
});

describe("evaluateFlags", () => {
  it("answers every configured flag for one visitor", () => {
    const config = {
      sso: enabledWith(),
      pospaid: enabledWith({ allowedUsers: { phones: ["5512345678"] } }),
      "e-sim": flagDefinition.parse({ description: "apagado", enabled: false }),
    };
    expect(evaluateFlags(config, ana)).toEqual({ sso: true, pospaid: true, "e-sim": false });
    expect(evaluateFlags(config, anonymous)).toEqual({ sso: true, pospaid: false, "e-sim": false });
  });
});

describe("the visitor id", () => {
  /** A subject whose visitor id counts its reads, as the server's load context notes them (flags.server.ts). */
  const counting = (subject: FlagSubject) => {
    let reads = 0;
    return {
      reads: () => reads,
      subject: {
        user: subject.user,
        ip: subject.ip,
        get visitorId() {
          reads += 1;
          return subject.visitorId;
        },
      } satisfies FlagSubject,
    };
  };

  it("is read only when a percentage rollout is checked: a page that evaluates no rollout gives a newcomer no cookie", () => {
    for (const definition of [enabledWith(), enabledWith({ allowedUsers: { phones: ["5512345678"] } }), enabledWith({ allowedIps: ["10.0.0.0/8"] })]) {
      const visitor = counting(anonymous);
      isFlagOn("sso", definition, visitor.subject);
      expect(visitor.reads()).toBe(0);
    }
    const off = counting(anonymous);
    isFlagOn("sso", flagDefinition.parse({ description: "apagado", enabled: false, conditions: { allowedPercentage: 50 } }), off.subject);
    expect(off.reads()).toBe(0);

    const rolled = counting(anonymous);
    expect(isFlagOn("sso", enabledWith({ allowedPercentage: 100 }), rolled.subject)).toBe(true);
    expect(rolled.reads()).toBe(1);
  });

  it("is not read when another condition has decided already", () => {
    // Any one passes: Ana is listed, the rollout is not asked.
    const listed = counting(ana);
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { phones: ["5512345678"] }, allowedPercentage: 0 }), listed.subject)).toBe(true);
    expect(listed.reads()).toBe(0);
    // All must pass: an anonymous visitor fails the customer condition first.
    const anonymousVisitor = counting(anonymous);
    expect(isFlagOn("sso", enabledWith({ allowedUsers: { phones: ["5512345678"] }, allowedPercentage: 100, allValidations: true }), anonymousVisitor.subject)).toBe(false);
    expect(anonymousVisitor.reads()).toBe(0);
  });
});
