import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { journey } from "../../../mocks/world-journey";
import { optInWhatsapp, recordJourneyStep, sendContactLead } from "./captacion.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("captación", () => {
  it("records journey steps", async () => {
    expect(dataOf(await recordJourneyStep({ uuid: "abc", event: "imeicompatible", check: true }))).toBeNull();
    expect(journey.journeySteps).toMatchObject([{ uuid: "abc", event: "imeicompatible", check: "true" }]);
  });

  it("saves a WhatsApp lead with its campaign and the Ordaccess / Ordservicio headers", async () => {
    dataOf(await sendContactLead({ name: "Pepe", phone: "5512121212", channel: "whatsapp", campaign: { source: "google", medium: "cpc" } }));
    expect(journey.leads).toMatchObject([{ nombre: "Pepe", telefono: "5512121212", tipo: 2, compatible: true, access: "web", service: "captacion", campania: { source: "google" } }]);
  });

  it("turns an incomplete lead's 400 into 'recharge:lead.invalid'", async () => {
    quiet();
    expect(errorOf(await sendContactLead({ name: "Pepe", phone: "551", channel: "phone" })).messageKey).toBe("recharge:lead.invalid");
  });

  it("subscribes a Bait number to WhatsApp", async () => {
    dataOf(await optInWhatsapp("5512345678"));
    expect(journey.whatsappOptIns.has("5512345678")).toBe(true);
  });
});
