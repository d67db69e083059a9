import type * as z from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coreWireSchemas as schemas } from "~/upstream/core/wire.schemas";
import { mockServer } from "../node";
import { clearSwitches } from "../switches";
import { resetJourney } from "../world-journey";
import { resetWorld } from "../world";

/** Every core handler's answers, good and refused, parse with the client's own schema. */
beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => {
  resetWorld();
  resetJourney();
  clearSwitches();
});

const base = "https://core.upstream.mock";
const post = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
const bill = { dn: "5512345678", orderID: "ORD-1000-1", rfc: "XAXX010101000", razonSocial: "Ana", codigoPostal: "06600", regimenFiscal: "616", usoCfdi: "S01", formaPago: "04", metodoPago: "PUE", correo: "a@b.mx" };

const cases: [string, string, RequestInit | undefined, z.ZodType][] = [
  ["profile by number", "/api/core/q/dn/5512345678/get/status", undefined, schemas.lineProfile],
  ["profile, basic view", "/api/core/q/dn/5598765432/get/basic", undefined, schemas.lineProfile],
  ["profile by ICCID", "/api/core/q/iccid/8952140000000000021/get/status", undefined, schemas.lineProfile],
  ["not a Bait number", "/api/core/q/dn/5500000000/get/status", undefined, schemas.error],
  ["malformed number", "/api/core/q/dn/123/get/status", undefined, schemas.error],
  ["legacy check, allowed", "/api/core/bait/servicio/perfil", post({ dn: "5512345678", iccid: "", tipo: 1, token: "t" }), schemas.serviceProfile],
  ["legacy check, refused", "/api/core/bait/servicio/perfil", post({ dn: "5534567890", iccid: "", tipo: 1, token: "t" }), schemas.serviceProfile],
  ["Bait profile", "/api/core/servicio/perfil/bait", post({ numero: "5576543210" }), schemas.baitProfile],
  ["Bait profile, not Bait", "/api/core/servicio/perfil/bait", post({ numero: "5500000000" }), schemas.baitProfile],
  ["history", "/api/core/q/5556789012/recharges?limit=5", undefined, schemas.rechargeHistory],
  ["history, unknown line", "/api/core/q/5500000000/recharges?limit=5", undefined, schemas.error],
  ["payment start", "/api/core/servicio/resources/pagos/recarga", post({ numero: "5512345678", correo: "a@b.mx", oferta: "BAIT150", tipo: 1, canal: "general" }), schemas.startRechargePayment],
  ...["356938035643809", "490154203237518", "351756051523993", "353322110099885", "111111111111111"].map(
    (imei): [string, string, RequestInit, z.ZodType] => [`IMEI ${imei}`, "/api/core/api/validate/IMEI", post({ IMEI: imei }), schemas.validateImei],
  ),
  ["IMEI server error", "/api/core/api/validate/IMEI", post({ IMEI: "867530901234565" }), schemas.error],
  ...["356938035643809", "490154203237518", "351756051523993"].map(
    (imei): [string, string, RequestInit, z.ZodType] => [`compatibility ${imei}`, "/api/core/captacion/imei/verificacion", post({ imei }), schemas.imeiCompatibility],
  ),
  ["area codes", "/api/core/servicio/nirs/disponibles", undefined, schemas.areaCodes],
  ["area-code change", "/api/core/servicio/cambio-nir", post({ dn: "5512345678", nir: "81" }), schemas.changeAreaCode],
  ["area-code change refused", "/api/core/servicio/cambio-nir", post({ dn: "5576543210", nir: "81" }), schemas.changeAreaCode],
  ["journey step", "/api/core/captacion/journey/u-1/update/imeicompatible/true", undefined, schemas.acknowledgement],
  ["lead", "/api/core/captacion/contacto", post({ campania: { campaign: "", content: "", medium: "", source: "" }, persona: { compatible: true, nombre: "Pepe", telefono: "5512121212", tipo: 1 } }, { Ordaccess: "web", Ordservicio: "captacion" }), schemas.acknowledgement],
  ["WhatsApp opt-in", "/api/core/subscribe/opt-in/whatsapp", post({ dn: "5512345678" }), schemas.whatsappOptIn],
  ...["tax-regime-list", "cfdi-usage-list", "payment-method-list", "recharge-method-list"].map((list): [string, string, undefined, z.ZodType] => [list, `/api/core/billing/${list}`, undefined, schemas.billingCatalogue]),
  ["register bill", "/api/core/billing/register-bill", post(bill), schemas.registerBill],
  ["register bill, bad RFC", "/api/core/billing/register-bill", post({ ...bill, rfc: "X" }), schemas.error],
];

describe("core handlers honour the client's schemas", () => {
  it.each(cases)("%s", async (_name, path, init, schema) => {
    const response = await fetch(base + path, init);
    const parsed = schema.safeParse(await response.json());
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe(true);
  });
});
