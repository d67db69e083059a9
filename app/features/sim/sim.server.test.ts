import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { mockServer } from "../../../mocks/node";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { simSale } from "#schemas/sale";
import { campaignCookie } from "~/features/campaign/campaign.server";
import { postalLookup } from "~/features/address/postal.server";
import { sessionStorage } from "~/lib/session.server";
import { simModalData } from "./offer.server";
import { simAction, type SimAnswer } from "./sim.server";
import { translate } from "~/lib/i18n/i18n.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `192.0.2.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id of a colonia in the server's lookup of `postalCode`. */
async function colonyId(postalCode: string, name: string) {
  const answer = await postalLookup(postalCode);
  if (!answer.ok) throw new Error(`no lookup for ${postalCode}`);
  return answer.colonias.find((colonia) => colonia.name === name)!.id;
}

const delivery = (fields: Record<string, string> = {}) => ({
  contactName: "Ana Sofía",
  contactLastName: "Garza Núñez",
  email: "ana@example.com",
  contactNumber: "81 1234 5678",
  postalCode: "64000",
  address: "Av. Constitución",
  exteriorNumber: "100",
  interiorNumber: "",
  ...fields,
});

async function post(fields: Record<string, string>, { url = "http://localhost/cambiate-a-bait?section=sim&chip=SIM200", cookie = "" } = {}) {
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  // A redirect (the sale is made) or the form's answer.
  const out = (await simAction(request, context())) as Response | { data: unknown; init: ResponseInit | null };
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") ?? "", answer: undefined };
  return { status: out.init?.status ?? 200, location: null, cookie: "", answer: out.data as SimAnswer };
}

const fieldTexts = (answer: SimAnswer | undefined) =>
  Object.fromEntries(Object.entries(answer?.result?.error ?? {}).map(([name, keys]) => [name, (keys ?? []).map((key) => translate(key))]));
const saleOf = async (setCookie: string) => simSale.parse((await sessionStorage.getSession(setCookie.split(";")[0])).get("sale"));

describe("the SIM modal's data (?chip=OFFERID)", () => {
  it("SIM200: the offer, its price, 'Envío a domicilio' $49.00 and the total $249.00, formatted in MXN", async () => {
    const modal = await simModalData("SIM200");
    expect(modal).toMatchObject({
      ok: true,
      offer: { offerId: "SIM200", name: "Chip Bait con recarga de 150", validityText: "Vigencia de 30 días" },
      priceText: "$200.00",
      shippingText: "$49.00",
      totalText: "$249.00",
    });
    expect(modal.ok && modal.offer.features).toContain("Redes sociales ilimitadas");
  });

  it("an offer that is not a SIM (a recharge, an eSIM, an unknown id) is 'Este chip ya no está disponible…'", async () => {
    for (const id of ["BAIT100", "ESIM100", "NOEXISTE"]) {
      expect(await simModalData(id)).toEqual({ ok: false, message: "Este chip ya no está disponible. Elige otro de nuestros chips.", retry: false });
    }
  });

  it("offers the upstream cannot give: its message, with a retry", async () => {
    setSwitch("conn.offers.general", { status: 500 });
    expect(await simModalData("SIM200")).toEqual({ ok: false, message: "Hubo problema al recuperar las recargas, por favor inténtalo de nuevo", retry: true });
  });
});

describe("'Siguiente' (the SIM modal's action)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a complete form for 64000: the SIM sale (price + shipping) goes to the session and the visitor to /pago", async () => {
    // The sale's time is the test's: only Date is fake, timers and the mock upstream run as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T16:00:00.000Z") });
    const colony = await colonyId("64000", "Monterrey Centro");
    const campaign = await campaignCookie.serialize({ source: "facebook", campaign: "chip" });
    const { status, location, cookie } = await post(
      { offerId: "SIM200", ...delivery({ interiorNumber: "4B" }), colony, state: "Inventado", municipality: "Falso", country: "Otro" },
      { cookie: campaign.split(";")[0]! },
    );
    expect([status, location]).toEqual([303, "/pago"]);
    const sale = await saleOf(cookie);
    expect(sale).toMatchObject({
      kind: "sim",
      offerId: "SIM200",
      type: 7,
      description: "Chip Bait con recarga de 150",
      price: 200,
      quantity: 1,
      shippingCost: 49,
      total: 249,
      validityDays: 30,
      phone: "8112345678",
      email: "ana@example.com",
      campaign: { source: "facebook", campaign: "chip" },
      loggedIn: false,
      returnTo: "/cambiate-a-bait?section=sim",
    });
    expect(sale.uuid).toMatch(UUID);
    // The place comes from the server's own lookup, never from what was posted.
    expect(sale.delivery).toEqual({
      contactName: "Ana Sofía",
      contactLastName: "Garza Núñez",
      email: "ana@example.com",
      contactNumber: "8112345678",
      postalCode: "64000",
      address: "Av. Constitución",
      exteriorNumber: "100",
      interiorNumber: "4B",
      colony: "Monterrey Centro",
      city: "Monterrey",
      municipality: "Monterrey",
      state: "Nuevo León",
      country: "México",
    });
    expect(sale.createdAt).toBe("2026-03-02T16:00:00.000Z");
  });

  it("without an interior number the delivery has none; the page without ?chip is where the checkout returns", async () => {
    const colony = await colonyId("06600", "Roma Norte");
    const { status, cookie } = await post({ offerId: "SIM150", ...delivery({ postalCode: "06600" }), colony }, { url: "http://localhost/cambiate-a-bait?chip=SIM150" });
    expect(status).toBe(303);
    const sale = await saleOf(cookie);
    expect(sale.delivery).not.toHaveProperty("interiorNumber");
    expect(sale).toMatchObject({ price: 150, shippingCost: 49, total: 199, returnTo: "/cambiate-a-bait", delivery: { colony: "Roma Norte", state: "Ciudad de México", municipality: "Cuauhtémoc" } });
  });

  it("refuses a colonia that is not one of the code's ('Selecciona tu colonia') and answers the code's colonias", async () => {
    const ofAnotherCode = await colonyId("06600", "Juárez");
    const { status, answer, location } = await post({ offerId: "SIM200", ...delivery(), colony: ofAnotherCode });
    expect(location).toBeNull();
    expect(status).toBe(422);
    expect(fieldTexts(answer)).toEqual({ colony: ["Selecciona tu colonia"] });
    expect(answer?.postal).toMatchObject({ ok: true, postalCode: "64000", colonias: [{ name: "Monterrey Centro" }] });
    expect(answer?.result.initialValue).not.toHaveProperty("colony");
  });

  it("refuses a code the lookup does not know: the server's message on the postal code, which comes back cleared", async () => {
    const { status, answer } = await post({ offerId: "SIM200", ...delivery({ postalCode: "99999" }), colony: "9999901" });
    expect(status).toBe(422);
    expect(fieldTexts(answer)).toEqual({ postalCode: ["No encontramos colonias para el código postal 99999"] });
    expect(answer?.postal).toBeNull();
    expect(answer?.result.initialValue).not.toHaveProperty("postalCode");
    expect(answer?.result.initialValue).toMatchObject({ contactName: "Ana Sofía", email: "ana@example.com" });
  });

  it("an empty form: the schema's messages, and the colonias of a typed code kept for the re-rendered form", async () => {
    const { status, answer } = await post({ offerId: "SIM200", postalCode: "06600", colony: "00" });
    expect(status).toBe(400);
    expect(fieldTexts(answer)).toEqual({
      contactName: ["Campo requerido"],
      contactLastName: ["Campo requerido"],
      email: ["Campo requerido"],
      contactNumber: ["Campo requerido"],
      address: ["Campo requerido"],
      exteriorNumber: ["Campo requerido"],
      colony: ["Selecciona tu colonia"],
    });
    expect(answer?.postal).toMatchObject({ ok: true, postalCode: "06600", colonias: [{ name: "Juárez" }, { name: "Roma Norte" }] });
  });

  it("an unknown offer is refused with its message (404) and no sale", async () => {
    const { status, answer, cookie } = await post({ offerId: "BAIT100", ...delivery(), colony: "00" }, { url: "http://localhost/cambiate-a-bait?chip=BAIT100" });
    expect(status).toBe(404);
    expect(answer?.message).toEqual({ tone: "error", text: "Este chip ya no está disponible. Elige otro de nuestros chips." });
    expect(cookie).toBe("");
  });
});

describe("'Buscar colonias' without JavaScript (intent=postal-code)", () => {
  it("answers the form as typed with the code's colonias, and no other field judged", async () => {
    const { status, answer, location } = await post({ offerId: "SIM200", intent: "postal-code", contactName: "Ana", email: "no-es-correo", postalCode: "06600", colony: "00" });
    expect([status, location]).toEqual([200, null]);
    expect(answer?.result.error ?? {}).toEqual({});
    expect(answer?.result.initialValue).toMatchObject({ contactName: "Ana", email: "no-es-correo", postalCode: "06600" });
    expect(answer?.postal).toMatchObject({ ok: true, postalCode: "06600", state: "Ciudad de México", municipality: "Cuauhtémoc", country: "México" });
    expect(answer?.postal?.colonias.map((colonia) => colonia.name)).toEqual(["Juárez", "Roma Norte"]);
  });

  it("99999: the server's message on the postal code, which comes back cleared (docs/sim.md)", async () => {
    const { status, answer } = await post({ offerId: "SIM200", intent: "postal-code", contactName: "Ana", postalCode: "99999" });
    expect(status).toBe(422);
    expect(fieldTexts(answer)).toEqual({ postalCode: ["No encontramos colonias para el código postal 99999"] });
    expect(answer?.result.initialValue).not.toHaveProperty("postalCode");
    expect(answer?.result.initialValue).toMatchObject({ contactName: "Ana" });
    expect(answer?.postal).toBeNull();
  });

  it("an upstream failure: 'Hubo un error al consultar tu código postal'", async () => {
    mockServer.use(http.get("https://addresses.upstream.mock/api/busqueda/colonias/:postalCode", () => HttpResponse.json({ mensaje: "falla interna" }, { status: 503 })));
    const { answer } = await post({ offerId: "SIM200", intent: "postal-code", postalCode: "06600" });
    expect(fieldTexts(answer)).toEqual({ postalCode: ["Hubo un error al consultar tu código postal"] });
  });

  it("a code of 4 digits: 'El código postal debe tener 5 dígitos', without asking the upstream", async () => {
    const { status, answer } = await post({ offerId: "SIM200", intent: "postal-code", postalCode: "0660" });
    expect(status).toBe(400);
    expect(fieldTexts(answer)).toEqual({ postalCode: ["El código postal debe tener 5 dígitos"] });
  });

  it("keeps a colonia already chosen when it belongs to the code, and drops it when it does not", async () => {
    const juarez = await colonyId("06600", "Juárez");
    expect((await post({ offerId: "SIM200", intent: "postal-code", postalCode: "06600", colony: juarez })).answer?.result.initialValue).toMatchObject({ colony: juarez });
    expect((await post({ offerId: "SIM200", intent: "postal-code", postalCode: "64000", colony: juarez })).answer?.result.initialValue).not.toHaveProperty("colony");
  });
});
