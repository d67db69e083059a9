import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { rateLimiter } from "~/lib/rate-limit.server";
import { cleanLineNumber, offersForLine, type LineOffersAnswer } from "./by-number.server";
import { createOfferSource } from "./catalogue.server";
import { checkLineKind } from "./line.server";

useMockUpstream();

let ipCount = 0;
const ask = (typed: string, options: { ip?: string; associates?: boolean } = {}) =>
  offersForLine({ typed, ip: options.ip ?? `203.0.113.${++ipCount}`, source: createOfferSource(), associates: options.associates });

const idsOf = (answer: LineOffersAnswer) => (answer.kind === "offers" ? answer.groups.map((group) => [group.category, group.offers.map((offer) => offer.offerId)]) : answer);

describe("the line's kind (checkLineKind): the modal's line rule without an offer", () => {
  it("a mobile line is mbb, and an associate when the associates' check accepts it", async () => {
    expect(await checkLineKind("5512345678")).toEqual({ ok: true, profile: "mbb", associate: true });
  });

  it("a mobile line the associates' check refuses is not an associate (still mbb)", async () => {
    setSwitch("core.serviceProfile", { status: 500 });
    expect(await checkLineKind("5512345678")).toEqual({ ok: true, profile: "mbb", associate: false });
  });

  it("home and portable internet are hbb and mifi, never associates", async () => {
    expect(await checkLineKind("5598765432")).toEqual({ ok: true, profile: "hbb", associate: false });
    expect(await checkLineKind("5576543210")).toEqual({ ok: true, profile: "mifi", associate: false });
  });

  it("the status rules of §4: mbb suspend may, hbb suspend and mbb idle may not; not Bait and b2b have their messages", async () => {
    expect(await checkLineKind("5545678901")).toMatchObject({ ok: true, profile: "mbb" });
    expect(await checkLineKind("5581112222")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.idle" });
    expect(await checkLineKind("5534567890")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.idle" });
    expect(await checkLineKind("5500000000")).toEqual({ ok: false, messageKey: "errors:line.notBait" });
    world.lines.set("5511110000", { number: "5511110000", profile: "b2b" as never, status: "active" });
    expect(await checkLineKind("5511110000")).toEqual({ ok: false, messageKey: "recharge:lineNumber.status.b2b" });
  });
});

describe("offersForLine: number first", () => {
  it("cleans spaces and separators, as §5 asks", () => {
    expect(cleanLineNumber(" 55 1234-5678 ")).toBe("5512345678");
    expect(cleanLineNumber("(55) 12.34.56.78")).toBe("5512345678");
  });

  it("an empty or malformed number is the field's problem, asked of no one", async () => {
    expect(await ask("")).toEqual({ kind: "invalid", messageKey: "recharge:byNumber.required" });
    expect(await ask("   ")).toEqual({ kind: "invalid", messageKey: "recharge:byNumber.required" });
    expect(await ask("55123")).toEqual({ kind: "invalid", messageKey: "errors:line.invalidNumber" });
    expect(await ask("55123456789")).toEqual({ kind: "invalid", messageKey: "errors:line.invalidNumber" });
    expect(await ask("55123abc78")).toEqual({ kind: "invalid", messageKey: "errors:line.invalidNumber" });
  });

  it("a mobile line gets the mobile recharges and, an associate's, the associates' ones; no home or portable internet", async () => {
    const answer = await ask("55 1234 5678");
    expect(answer).toMatchObject({ kind: "offers", number: "5512345678", profile: "mbb", associate: true });
    expect(idsOf(answer)).toEqual([
      ["traditionals", ["BAIT50", "BAIT100", "BAIT150", "BAIT200", "BAIT250"]],
      ["associates", ["ASOC30", "ASOC60", "ASOC120", "ASOC180"]],
    ]);
  });

  it("a block may leave the associates' offers out", async () => {
    expect(idsOf(await ask("5512345678", { associates: false }))).toEqual([["traditionals", ["BAIT50", "BAIT100", "BAIT150", "BAIT200", "BAIT250"]]]);
  });

  it("a home-internet service number gets the hbb offers, a portable one the mifi offers", async () => {
    expect(idsOf(await ask("5598765432"))).toEqual([["hbb", ["HBB125", "HBB349", "HBB449", "HBB549"]]]);
    expect(idsOf(await ask("5576543210"))).toEqual([["mifi", ["MIFI100", "MIFI200", "MIFI300", "MIFI500"]]]);
  });

  it("a line that may not be recharged, or a failed check, is refused with its message and counts against the IP", async () => {
    const ip = "203.0.113.250";
    const { vi } = await import("vitest");
    // Each check reserved before the upstream is asked; a refused one keeps its reservation.
    const reserve = vi.spyOn(rateLimiter, "reserve");
    const forgive = vi.spyOn(rateLimiter, "forgive");
    expect(await ask("5581112222", { ip })).toEqual({ kind: "refused", messageKey: "recharge:lineNumber.status.idle" });
    expect(await ask("5500000000", { ip })).toEqual({ kind: "refused", messageKey: "errors:line.notBait" });
    setSwitch("core.lineProfile", { status: 500 });
    expect(await ask("5512345678", { ip })).toEqual({ kind: "refused", messageKey: "errors:line.unavailable" });
    expect(reserve).toHaveBeenCalledTimes(3);
    expect(reserve).toHaveBeenCalledWith({ action: "line", ip });
    expect(forgive).not.toHaveBeenCalled();
  });

  it("offers the upstream cannot list give the catalogue's message", async () => {
    setSwitch("conn.offers.general", { status: 500 });
    expect(await ask("5512345678")).toEqual({ kind: "refused", messageKey: "recharge:offers.error" });
  });

  it("past the attempt limit no check is made", async () => {
    const ip = "203.0.113.251";
    for (let i = 0; i < 100; i++) await rateLimiter.reserve({ action: "line", ip });
    expect(await ask("5512345678", { ip })).toMatchObject({ kind: "refused", messageKey: "auth:form.tooManyAttempts" });
  });
});
