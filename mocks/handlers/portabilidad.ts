import { http, HttpResponse, type RequestHandler } from "msw";
import { DEMO_CODE } from "../fixtures/demo";
import { switched } from "../switches";
import { lineOf, world } from "../world";
import { addPortability, portabilityByIccid, support } from "../world-support";

const base = "https://portabilidad.upstream.mock";
const api = `${base}/api/portabilidad/v2/portabilidad`;

/** A Bait SIM's ICCID: 895214 followed by 13 digits. */
const baitIccid = /^895214\d{13}$/;

type RequestBody = { numero?: unknown; nip?: unknown; iccid?: unknown; contacto?: { nombre?: unknown; correo?: unknown; telefono?: unknown } };

const refuse = (code: string, message: string) => HttpResponse.json({ success: false, code, message });

/** Handlers of the portabilidad upstream. The NIP the other operator "sent" is the demo code 1234. */
export const portabilidad: RequestHandler[] = [
  http.post(api, async ({ request }) => {
    const forced = await switched("portabilidad.request");
    if (forced) return forced;
    const body = ((await request.json().catch(() => null)) ?? {}) as RequestBody;
    const number = typeof body.numero === "string" ? body.numero : "";
    const iccid = typeof body.iccid === "string" ? body.iccid : "";
    const contact = body.contacto ?? {};
    if (!/^\d{10}$/.test(number) || typeof body.nip !== "string" || typeof contact.nombre !== "string" || typeof contact.correo !== "string" || typeof contact.telefono !== "string") {
      return HttpResponse.json({ success: false, message: "Datos incompletos: numero, nip, iccid y contacto son obligatorios" }, { status: 400 });
    }
    if (lineOf(number)) return refuse("ES_BAIT", "El número ya pertenece a Bait");
    if (support.portabilities.has(number)) return refuse("EN_PROCESO", "Ya existe una portabilidad en proceso para este número");
    const iccidTaken = [...world.lines.values()].some((line) => line.iccid === iccid) || portabilityByIccid(iccid);
    if (!baitIccid.test(iccid) || iccidTaken) return refuse("ICCID_INVALIDO", "El ICCID no es válido o ya está asignado");
    if (body.nip !== DEMO_CODE) return refuse("NIP_INVALIDO", "El NIP no corresponde al número");
    const created = addPortability({ number, iccid, contact: { name: contact.nombre, email: contact.correo, phone: contact.telefono } });
    return HttpResponse.json({ success: true, message: "Solicitud de portabilidad registrada", folio: created.folio });
  }),

  http.get(`${api}/iccid/:iccid`, async ({ params }) => {
    const forced = await switched("portabilidad.guessByIccid");
    if (forced) return forced;
    const found = portabilityByIccid(String(params.iccid));
    if (!found) return HttpResponse.json({ success: false, mensaje: "El ICCID no pertenece a una portabilidad" }, { status: 404 });
    return HttpResponse.json({ success: true, iccid: found.iccid, dn: found.number });
  }),

  http.post(`${api}/tracking/:uuid/:step`, async ({ params, request }) => {
    const forced = await switched("portabilidad.tracking");
    if (forced) return forced;
    const body = ((await request.json().catch(() => null)) ?? {}) as { valor?: unknown };
    const uuid = String(params.uuid);
    const steps = support.portabilityTracking.get(uuid) ?? [];
    steps.push({ step: String(params.step), value: String(body.valor ?? "") });
    support.portabilityTracking.set(uuid, steps);
    return HttpResponse.json({ success: true });
  }),
];
