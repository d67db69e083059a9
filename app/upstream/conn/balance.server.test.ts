import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { world } from "../../../mocks/world";
import { login } from "./access.server";
import { getBalance, getSsoBalance } from "./balance.server";
import { api, data, errorOf, signIn } from "./fixtures.test-helpers";
import { useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

describe("balance", () => {
  it("loads the balance of a logged-in line with its access token, item names in English", async () => {
    const { tokens } = await signIn();
    const balance = data(await getBalance(tokens.access));
    expect(balance.items.map((item) => item.name)).toEqual(["normalDataSpeed", "internationalData", "minutesUsed", "messaggesUsed"]);
    expect(balance.items[0]).toEqual({ name: "normalDataSpeed", mbTotal: 6144, mbUsed: 2150, mbAvailable: 3994, minAvailable: 0, minUsed: 0, smsAvailable: 0, smsUsed: 0 });
    expect(balance.items.find((item) => item.name === "minutesUsed")).toMatchObject({ minAvailable: 4863, minUsed: 137 });
    expect(balance.nextRecharge).toBe(world.balances.get("5512345678")?.nextRecharge);
    expect(balance.offerings[0]?.offeringId).toBe("BAIT150");
    expect(balance.unlimited).toBe(false);
  });

  it("turns an unknown token into 'errors:upstream.unauthorized' so the app can end the session", async () => {
    expect(errorOf(await getBalance("mock-not-a-session"))).toMatchObject({ status: 401, messageKey: "errors:upstream.unauthorized" });
  });

  it("leaves out a consumption item it does not know instead of failing", async () => {
    mockServer.use(
      http.post(`${api}/app/consumoV3`, () =>
        HttpResponse.json({ success: true, consumo: [{ nombre: "datosNuevos", mb_totales: 1 }, { nombre: "sms", sms_disponibles: "10", sms_usados: 2 }] }),
      ),
    );
    const balance = data(await getBalance("t"));
    expect(balance.items).toEqual([{ name: "messaggesUsed", mbUsed: 0, mbTotal: 0, mbAvailable: 0, minAvailable: 0, minUsed: 0, smsAvailable: 10, smsUsed: 2 }]);
  });

  it("loads an SSO line's balance with the bearer token and the number, and refuses another number", async () => {
    const { tokens } = await signIn();
    expect(data(await getSsoBalance("5512345678", tokens.access)).items.length).toBeGreaterThan(0);
    expect(errorOf(await getSsoBalance("5545678901", tokens.access)).messageKey).toBe("errors:upstream.unauthorized");
  });

  it("has no minutes or SMS for a home-internet line, and its unlimited plan a reduced-speed item", async () => {
    const outcome = data(await login({ profile: "hbb", number: "5598765432", password: "Bait2024!" }));
    if (outcome.outcome !== "signedIn") throw new Error("refused");
    const names = data(await getBalance(outcome.tokens.access)).items.map((item) => item.name);
    expect(names).toEqual(["normalDataSpeed", "lowDataSpeed"]);
  });
});
