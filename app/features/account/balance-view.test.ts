import { describe, expect, it } from "vitest";
import { balanceRow, balanceView } from "./balance-view";
import { historyLimitOf } from "./urls";

const item = { mbUsed: 0, mbTotal: 0, mbAvailable: 0, minAvailable: 0, minUsed: 0, smsAvailable: 0, smsUsed: 0 };

describe("the balance on /home", () => {
  it("gives data items used, total and available in MB/GB", () => {
    expect(balanceRow({ ...item, name: "normalDataSpeed", mbTotal: 6144, mbUsed: 2150, mbAvailable: 3994 })).toEqual({
      name: "normalDataSpeed",
      unit: "data",
      used: 2150,
      total: 6144,
      available: 3994,
      usedText: "2.1 GB",
      totalText: "6 GB",
      availableText: "3.9 GB",
    });
  });

  it("totals minutes and SMS as available + used", () => {
    expect(balanceRow({ ...item, name: "minutesUsed", minAvailable: 4863, minUsed: 137 })).toMatchObject({ unit: "minutes", used: 137, total: 5000, available: 4863, totalText: "5000" });
    expect(balanceRow({ ...item, name: "messaggesUsed", smsAvailable: 958, smsUsed: 42 })).toMatchObject({ unit: "sms", used: 42, total: 1000, available: 958 });
  });

  it("writes the next recharge and each offering's expiry as Spanish dates, naming the offering", () => {
    const view = balanceView(
      { items: [], nextRecharge: "2026-12-21T18:00:00.000Z", sharesData: true, unlimited: false, offerings: [{ offeringId: "BAIT100", expireDate: "2026-12-08T18:00:00.000Z" }] },
      (id) => (id === "BAIT100" ? "Bait 100" : id),
    );
    expect(view).toEqual({ rows: [], main: null, nextRecharge: "21 de diciembre de 2026", validUntil: "21 de diciembre de 2026", sharesData: true, unlimited: false, offerings: [{ offeringId: "BAIT100", name: "Bait 100", expires: "8 de diciembre de 2026" }] });
  });

  it("has no next recharge when the upstream sends none", () => {
    expect(balanceView({ items: [], sharesData: false, unlimited: true, offerings: [] }, String)).toMatchObject({ nextRecharge: null, validUntil: null });
  });

  it("'Vigencia' is the next recharge, else the earliest offering's expiry", () => {
    const offerings = [
      { offeringId: "B", expireDate: "2026-12-20T18:00:00.000Z" },
      { offeringId: "A", expireDate: "2026-12-08T18:00:00.000Z" },
    ];
    expect(balanceView({ items: [], sharesData: false, unlimited: false, offerings }, String).validUntil).toBe("8 de diciembre de 2026");
    expect(balanceView({ items: [], nextRecharge: "2026-12-21T18:00:00.000Z", sharesData: false, unlimited: false, offerings }, String).validUntil).toBe("21 de diciembre de 2026");
  });

  it("leads with the data at normal speed, else the first data item, never minutes or SMS", () => {
    const minutes = { ...item, name: "minutesUsed" as const, minAvailable: 10 };
    const social = { ...item, name: "socialMediaData" as const, mbTotal: 1024, mbAvailable: 512 };
    const normal = { ...item, name: "normalDataSpeed" as const, mbTotal: 2048, mbAvailable: 1024 };
    const view = (items: (typeof item & { name: "minutesUsed" | "socialMediaData" | "normalDataSpeed" })[]) => balanceView({ items, sharesData: false, unlimited: false, offerings: [] }, String).main?.name ?? null;
    expect([view([minutes, social, normal]), view([minutes, social]), view([minutes])]).toEqual(["normalDataSpeed", "socialMediaData", null]);
  });

  it("shows 5, 10 or 20 history rows; anything else is 10", () => {
    expect([historyLimitOf("5"), historyLimitOf("20"), historyLimitOf(null), historyLimitOf("1000"), historyLimitOf("abc")]).toEqual([5, 20, 10, 10, 10]);
  });
});
