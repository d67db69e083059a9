import { describe, expect, it } from "vitest";
import { alerts, fieldErrors, h1, statuses } from "./support/accounts";
import { useSite, type Site, type Visitor } from "./support/site";

/**
 * The limits on sending codes (docs/accounts.md "Limits on sending codes") as the server answers a
 * browser without JavaScript, at their defaults (30 s between two codes to one number, 5 an hour
 * per number) with the hourly limit per client address lowered to 4, on one instance. The same
 * limits shared by two instances over one Redis, with JavaScript, are in
 * tests/e2e/accounts/send-limits.spec.ts. Every request of this file comes from one address, so
 * the tests run in order and count each other's sends.
 */
const site = useSite({ OTP_RESEND_SECONDS: undefined, OTP_SENDS_PER_NUMBER: undefined, OTP_SENDS_PER_IP: "4" });

// The seconds left of the 30: how many depends on how fast the machine runs the steps before.
const WAIT_MESSAGE = /^Ya te enviamos un código\. Podrás pedir otro en ([1-9]|[12]\d|30) segundos?\.$/;
const ALREADY_SENT = /^Ya te enviamos un código; escríbelo abajo\. Podrás pedir otro en ([1-9]|[12]\d|30) segundos?\.$/;
const HOUR_MESSAGE = /^Ya pediste todos los códigos que se pueden enviar en una hora\. Podrás pedir otro en (60|59) minutos\.$/;

const codesSentTo = async (server: Site, number: string) => ((await (await server.fetch(`/__mocks/codes-sent?number=${number}`)).json()) as { count: number }).count;

/** Step 1 of the recovery of a mobile line, as a browser without JavaScript posts it. */
const askForCode = (visitor: Visitor, number: string) => visitor.post("/recuperacion?type=mbb", { number, confirmation: number });

describe("limits on sending codes", () => {
  it("recovery asked twice within the 30 s, in two browsers: both reach the code step, one code is sent, and the second completes with it", async () => {
    const number = "5512345678";
    const first = site.visitor();
    const asked = await askForCode(first, number);
    expect(asked.status).toBe(303);
    expect(asked.location).toBe("/recuperacion?type=mbb&verification=2");
    expect(h1(await first.get(asked.location!))).toBe("Verifica tu número");

    // Another browser asks for the same line at once (a tab closed and opened again).
    const second = site.visitor();
    const again = await second.follow("/recuperacion?type=mbb", { number, confirmation: number });
    expect(again.url).toBe("/recuperacion?type=mbb&verification=2");
    expect(h1(again)).toBe("Verifica tu número");
    expect(statuses(again).some((text) => ALREADY_SENT.test(text))).toBe(true);
    expect(await codesSentTo(site, number)).toBe(1);
    // The code the person holds works there.
    expect((await second.follow("/recuperacion?type=mbb&verification=2", { intent: "verify", code: "1234" })).url).toBe("/recuperacion?type=mbb&verification=3");

    // 'Enviar nuevamente' within the 30 s is still refused, with when to ask again.
    const resent = await first.follow("/recuperacion?type=mbb&verification=2", { intent: "resend" });
    expect(resent.url).toBe("/recuperacion?type=mbb&verification=2");
    expect([...alerts(resent), ...fieldErrors(resent)].some((text) => WAIT_MESSAGE.test(text))).toBe(true);
    expect(await codesSentTo(site, number)).toBe(1);

    // Step 1 posted again: on to the code step, nothing sent.
    const third = await askForCode(site.visitor(), number);
    expect(third.status).toBe(303);
    expect(third.location).toBe("/recuperacion?type=mbb&verification=2");
    // Another flow's first step (a registration of the same number) holds no code: refused, 429 with Retry-After.
    const registration = await site.visitor().post("/registro?type=mbb", { number, confirmation: number });
    expect(registration.status).toBe(429);
    expect(Number(registration.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(registration.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    expect(await codesSentTo(site, number)).toBe(1);
  });

  it("registration started twice within the 30 s, in two browsers: both reach the code step, one code is sent, and the second completes with it", async () => {
    const number = "5523456789";
    const first = site.visitor();
    expect((await first.follow("/registro?type=mbb", { number, confirmation: number })).url).toBe("/registro?type=mbb&verification=1");
    const second = site.visitor();
    const again = await second.follow("/registro?type=mbb", { number, confirmation: number });
    expect(again.url).toBe("/registro?type=mbb&verification=1");
    expect(statuses(again).some((text) => ALREADY_SENT.test(text))).toBe(true);
    expect(await codesSentTo(site, number)).toBe(1);
    const verified = await second.follow("/registro?type=mbb&verification=1", { intent: "verify", code: "1234" });
    expect(verified.url).toBe("/completar-registro");
    expect(h1(verified)).toBe("¡Teléfono Verificado!");
  });

  it("after 4 codes in the hour from one address, the next is refused with the hour's message, the number kept, 429 with Retry-After", async () => {
    // The tests above sent two codes from this address; these are the next ones, for lines with an
    // account and without (the recovery then goes on to the registration): every send counts.
    for (const number of ["5545678901", "5534567890"]) {
      const answer = await askForCode(site.visitor(), number);
      expect(answer.status, number).toBe(303);
      expect(answer.location, number).toMatch(/^\/(recuperacion\?type=mbb&verification=2|registro\?type=mbb)$/);
    }
    const refused = await askForCode(site.visitor(), "5566666666");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect([...alerts(refused), ...fieldErrors(refused)].some((text) => HOUR_MESSAGE.test(text))).toBe(true);
    expect(refused.$('input[name="number"]').attr("value")).toBe("5566666666");
    expect(await codesSentTo(site, "5566666666")).toBe(0);
  });
});
