import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { DEMO_KEPT_CARDS } from "../../../mocks/world-sales";
import { KEPT_CARD_MESSAGES } from "../../../mocks/handlers/payments-provider";
import { forgetKeptCard, listKeptCards } from "./kept-cards.server";

useMockUpstream();

const store = "bait-web";

describe("the kept cards' client (assumed paths: docs/upstream.md)", () => {
  it("lists a customer's cards as the provider describes them: token, brand, last 4", async () => {
    const result = await listKeptCards({ customer: "5512345678", store });
    expect(result).toMatchObject({ ok: true, data: [{ token: DEMO_KEPT_CARDS.anaVisa, brand: "visa", last4: "1111", cvvRequired: false, cvvUrl: null, recurring: true }] });
    expect(await listKeptCards({ customer: "5545678901", store })).toMatchObject({ ok: true, data: [] });
  });

  it("a failing list is the catalogue's message (GET: retried once first)", async () => {
    setSwitch("payments.keptCards:5512345678", { status: 500 });
    const result = await listKeptCards({ customer: "5512345678", store });
    expect(result.ok ? null : result.error.messageKey).toBe("payment:keptCards.listFailed");
  });

  it("a malformed list is refused, never shown", async () => {
    setSwitch("payments.keptCards:5512345678", { body: { success: true, tarjetas: [{ token: "kc_x", marca: "visa", ultimos: "4111111111111111" }] } });
    const result = await listKeptCards({ customer: "5512345678", store });
    expect(result.ok ? null : result.error.kind).toBe("invalidResponse");
  });

  it("forgetting: the provider's refusal comes in its words (another customer's card, a recurrence's)", async () => {
    const notYours = await forgetKeptCard({ customer: "5556789012", store, token: DEMO_KEPT_CARDS.anaVisa });
    expect(notYours.ok ? null : [notYours.error.messageKey, notYours.error.upstreamMessage]).toEqual(["payment:keptCards.forgetFailed", KEPT_CARD_MESSAGES.notYours]);
    const recurring = await forgetKeptCard({ customer: "5512345678", store, token: DEMO_KEPT_CARDS.anaVisa });
    expect(recurring.ok ? null : recurring.error.upstreamMessage).toBe(KEPT_CARD_MESSAGES.paysRecurrence);
    expect(await forgetKeptCard({ customer: "5556789012", store, token: DEMO_KEPT_CARDS.martaExpired })).toMatchObject({ ok: true, data: { message: KEPT_CARD_MESSAGES.forgotten } });
    expect((await listKeptCards({ customer: "5556789012", store })).ok && (await listKeptCards({ customer: "5556789012", store }))).toMatchObject({ data: [{ token: DEMO_KEPT_CARDS.martaDeclined }] });
  });
});
