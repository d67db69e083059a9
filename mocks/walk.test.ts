import { describe, expect, it } from "vitest";
import { login } from "~/upstream/conn/access.server";
import { getRechargeHistory } from "~/upstream/core/recharges.server";
import { buildChargeData, charge } from "~/upstream/payments/charge.server";
import { setUpPaymentPlugin } from "~/upstream/payments/plugin.server";
import { checkRegistrationCode, completeRegistration, sendRegistrationCode } from "~/upstream/sso.server";
import { useMockUpstream } from "./test-support";

useMockUpstream({ timeoutMs: 8000 });

/** The demo world behaves like the real one across upstreams, through the app's own clients. */
describe("a new customer's first minutes, across the mock upstreams", () => {
  it("registers 5523456789 with code 1234, completes the account, logs in, recharges Bait 100 and sees it in the history", async () => {
    const line = { baitNumber: "5523456789" };
    expect((await sendRegistrationCode({ ...line, email: "nuevo@example.com" })).ok).toBe(true);

    const verified = await checkRegistrationCode({ ...line, code: "1234" });
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;

    const completed = await completeRegistration({
      ...line,
      name: "Nuevo Cliente",
      email: "nuevo@example.com",
      password: "Nuevo2024!",
      passwordConfirmation: "Nuevo2024!",
      allowNotifications: true,
      verificationId: verified.data.verificationId,
    });
    expect(completed.ok).toBe(true);

    const signedIn = await login({ profile: "mbb", number: "5523456789", password: "Nuevo2024!" });
    expect(signedIn.ok && signedIn.data.outcome).toBe("signedIn");
    const wrongPassword = await login({ profile: "mbb", number: "5523456789", password: "Bait2024!" });
    expect(wrongPassword.ok && wrongPassword.data.outcome).toBe("refused");

    const plugin = await setUpPaymentPlugin({ store: "bait-web", channel: "general", phone: "5523456789", price: 100, email: "nuevo@example.com" });
    expect(plugin.ok).toBe(true);
    if (!plugin.ok) return;
    const paid = await charge({
      setup: plugin.data,
      data: buildChargeData(
        { firstName: "Nuevo", lastName: "Cliente" },
        { address: "Av. Juárez 100", colonia: "Juárez", postalCode: "06600", city: "Ciudad de México", state: "Ciudad de México", country: "México" },
        { number: "4111111111111111", month: "12", year: String(new Date().getFullYear() + 1), cvv: "123" },
      ),
      idempotencyKey: "walk-venta-1",
      sale: { uuid: "venta-walk", price: 100, total: 100, validity: "15 días", phone: "5523456789", name: "Nuevo Cliente", email: "nuevo@example.com", description: "Bait 100", offerId: "BAIT100", lineCategory: "mbb" },
    });
    expect(paid.ok).toBe(true);

    const history = await getRechargeHistory("5523456789");
    expect(history.ok).toBe(true);
    if (!history.ok) return;
    // Newest first: today's Bait 100, applied, in pesos.
    expect(history.data[0]).toMatchObject({ offeringId: "BAIT100", amount: 100, applied: true, status: "applied" });
    expect(history.data[0]?.appliedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });
});
