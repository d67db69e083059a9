import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { newToken, world } from "../../../mocks/world";
import type { SessionUser } from "#schemas/session";
import { commitSession, getSession, sealTokens } from "~/lib/session.server";
import { buildRechargeSale } from "~/features/recharge/sale";
import { loadRepeat } from "~/features/repeat/repeat.server";
import { loadCheckout } from "./checkout.server";

/**
 * The CSP nonce is never loader data (docs/payment.md): data is serialised into the page and
 * fetched by the script as JSON, where anything that reads it could learn the nonce. The pay
 * button's <style> takes it from the rendering (~/components/nonce), as the root's scripts do.
 */
useMockUpstream({ timeoutMs: 2000 });
vi.setConfig({ testTimeout: 30_000 });

const NONCE = "bm9uY2UtZGUtcHJ1ZWJh";
const context = () => ({ clientIp: "203.0.113.77", cspNonce: NONCE, visitorId: "test" }) as AppLoadContext;
const ana: SessionUser = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true };

async function cookieOf(set: (session: Awaited<ReturnType<typeof getSession>>) => void) {
  const session = await getSession(new Request("http://localhost/"));
  set(session);
  return (await commitSession(session)).split(";")[0]!;
}

describe("no CSP nonce in loader data", () => {
  it("/recargar-de-nuevo's loader answers its page without the response's nonce", async () => {
    const cookie = await cookieOf((session) => {
      session.set("user", ana);
      session.set("tokens", sealTokens({ access: newToken(ana.number) }));
      session.set("auth", "legacy");
      session.set("authAt", Date.now());
    });
    const folio = world.history.get(ana.number)!.find((entry) => entry.offeringID === "BAIT150" && entry.status === "applied")!.orderID;
    const out = await loadRepeat(new Request(`http://localhost/recargar-de-nuevo?folio=${folio}`, { headers: { Cookie: cookie } }), context());
    expect(out.data).toMatchObject({ ok: true });
    expect(out.data).not.toHaveProperty("nonce");
    expect(JSON.stringify(out.data)).not.toContain(NONCE);
  });

  it("/pago's loader answers its page without the response's nonce", async () => {
    const offer = { offerId: "BAIT100", type: 1 as const, rechargeName: "Bait 100", price: 100, duration: 15, includeMessage: "Incluye minutos y SMS ilimitados" };
    const sale = buildRechargeSale({ offer, form: { phone: "5512345678", serviceNumber: undefined, email: "sin.nonce@example.com", whatsapp: false }, uuid: randomUUID(), loggedIn: false, returnTo: "/recargas" });
    const cookie = await cookieOf((session) => session.set("sale", sale));
    const out = await loadCheckout(new Request("http://localhost/pago", { headers: { Cookie: cookie } }), context());
    expect(out.data).toMatchObject({ ok: true });
    expect(out.data).not.toHaveProperty("nonce");
    expect(JSON.stringify(out.data)).not.toContain(NONCE);
  });
});
