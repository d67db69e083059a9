import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { world } from "../../../mocks/world";
import { cancelRecurrence, deactivateRecurrence, listActiveRecurrences, modifyRecurrence, searchRecurrences, setRecurrenceState } from "./recurrence.server";
import { keyOf } from "./fixtures.test-helpers";

useMockUpstream();

const anasRecurrence = () => [...world.recurrences.values()].find((recurrence) => recurrence.number === "5512345678")!;

describe("recurring recharges", () => {
  it("lists Ana's active recurrence", async () => {
    const result = await listActiveRecurrences("sesion-1", { baitNumber: "5512345678" });
    expect(result.ok && result.data).toMatchObject([{ rechargeName: "Bait 100", price: 100, status: "active", baitNumber: "5512345678", email: "demo.mbb@example.com" }]);
  });

  it("searches by phone and maps cents to pesos and the references to names", async () => {
    const result = await searchRecurrences("bait-web", "telefono", "5512345678");
    expect(result.ok && result.data).toMatchObject([{ amount: 100, number: "5512345678", offerId: "BAIT100", email: "demo.mbb@example.com", lineCategory: "mbb", cardLast: "1111", cancelledAt: null }]);
  });

  it("deactivates, reactivates, modifies (in cents) and cancels", async () => {
    const id = anasRecurrence().uuid;
    expect(keyOf(await deactivateRecurrence("sesion-1", id))).toBe("ok");
    expect(anasRecurrence().status).toBe("inactive");
    expect(keyOf(await setRecurrenceState(id, "activate", "cliente", "web"))).toBe("ok");
    expect(anasRecurrence().status).toBe("active");
    expect(keyOf(await modifyRecurrence(id, { nextChargeDate: "2030-01-01T00:00:00.000Z", offerId: "BAIT200", email: "demo.mbb@example.com", lineCategory: "mbb", price: 200 }))).toBe("ok");
    expect(anasRecurrence()).toMatchObject({ offerId: "BAIT200", price: 200, nextChargeDate: "2030-01-01T00:00:00.000Z" });
    expect(keyOf(await cancelRecurrence(id))).toBe("ok");
    const all = await searchRecurrences("bait-web", "telefono", "5512345678", "todas");
    expect(all.ok && all.data[0]?.cancelledAt).toEqual(expect.any(String));
    const active = await listActiveRecurrences("sesion-1", { baitNumber: "5512345678" });
    expect(active.ok && active.data).toEqual([]);
  });

  it("turns an unknown recurrence into 'payment:recurring.failed' with the upstream's message", async () => {
    const result = await cancelRecurrence("no-existe");
    expect(!result.ok && [result.error.messageKey, result.error.upstreamMessage]).toEqual(["payment:recurring.failed", "No encontramos la recarga recurrente"]);
  });
});
