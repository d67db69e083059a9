import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { buildRechargeSale } from "~/features/recharge/sale";
import { commitSession, getSession } from "~/lib/session.server";
import type { CheckoutData } from "./checkout-data";
import { loadCheckout } from "./checkout.server";

// The flag "new-payment-plugin" off for everybody: the legacy plugin.
vi.mock("~/features/flags/flags.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/features/flags/flags.server")>()),
  isOn: (name: string) => name !== "new-payment-plugin",
}));

useMockUpstream({ timeoutMs: 2000 });

describe("the flag that picks the new or the legacy plugin (docs/payment.md flags)", () => {
  it("off: the card form, whatever provider the plugin configures", async () => {
    for (const email of ["ana+paypal.legado@example.com", "ana+iframe.legado@example.com", "ana.legado@example.com"]) {
      const sale = buildRechargeSale({
        offer: { offerId: "BAIT50", type: 1, rechargeName: "Bait 50", price: 50, duration: 7, includeMessage: "" },
        form: { phone: "5512345678", serviceNumber: undefined, email, whatsapp: false },
        uuid: randomUUID(),
        loggedIn: false,
        returnTo: "/recargas",
      });
      const session = await getSession(new Request("http://localhost/"));
      session.set("sale", sale);
      const cookie = (await commitSession(session)).split(";")[0]!;
      const out = await loadCheckout(new Request("http://localhost/pago", { headers: { Cookie: cookie } }), { clientIp: "203.0.113.9", cspNonce: "", visitorId: "t" } as AppLoadContext);
      const checkout = out.data as CheckoutData;
      expect(checkout.ok && checkout.plugin).toMatchObject({ provider: "card", typeCode: 1, hostedConfigured: false });
    }
    // Three set-ups with their RSA work: more than the default 5 s on a busy machine.
  }, 30_000);
});
