import { randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import { demoDevices } from "../fixtures/demo";
import { switched } from "../switches";
import { journey } from "../world-journey";
import { lineOf, world, type Line } from "../world";
import { fail, jsonBody, text } from "./request-body";

/**
 * Handlers of the core upstream (app/upstream/core/ documents the paths). They read
 * and write the shared world: a line's profile and status, its history (sent newest first),
 * an area-code change that moves the line to its new number.
 */
const base = "https://core.upstream.mock";
const TEN_DIGITS = /^\d{10}$/;

const notBait = () => fail(412, "El número no pertenece a Bait");
const lineByIccid = (iccid: string): Line | undefined => [...world.lines.values()].find((line) => line.iccid === iccid);

/** Area codes a number may move to. */
const AREA_CODES = [
  { nir: "55", nombre: "Ciudad de México", estado: "Ciudad de México" },
  { nir: "33", nombre: "Guadalajara", estado: "Jalisco" },
  { nir: "81", nombre: "Monterrey", estado: "Nuevo León" },
  { nir: "222", nombre: "Puebla", estado: "Puebla" },
  { nir: "999", nombre: "Mérida", estado: "Yucatán" },
];

/** SAT catalogues (a few real entries each). */
const BILLING = {
  "tax-regime-list": [
    { clave: "601", descripcion: "General de Ley Personas Morales" },
    { clave: "605", descripcion: "Sueldos y Salarios e Ingresos Asimilados a Salarios" },
    { clave: "612", descripcion: "Personas Físicas con Actividades Empresariales y Profesionales" },
    { clave: "616", descripcion: "Sin obligaciones fiscales" },
    { clave: "626", descripcion: "Régimen Simplificado de Confianza" },
  ],
  "cfdi-usage-list": [
    { clave: "G01", descripcion: "Adquisición de mercancías" },
    { clave: "G03", descripcion: "Gastos en general" },
    { clave: "S01", descripcion: "Sin efectos fiscales" },
  ],
  "payment-method-list": [
    { clave: "01", descripcion: "Efectivo" },
    { clave: "03", descripcion: "Transferencia electrónica de fondos" },
    { clave: "04", descripcion: "Tarjeta de crédito" },
    { clave: "28", descripcion: "Tarjeta de débito" },
  ],
  "recharge-method-list": [
    { clave: "PUE", descripcion: "Pago en una sola exhibición" },
    { clave: "PPD", descripcion: "Pago en parcialidades o diferido" },
  ],
} as const;
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[A-Z0-9]$/i;
const has = (list: keyof typeof BILLING, key: string) => BILLING[list].some((entry) => entry.clave === key);

/** Recharge types (docs/recharge.md) that name a profile: 2 hbb, 3 and 8 mifi. */
const profileForType = (type: number) => (type === 2 ? "hbb" : type === 3 || type === 8 ? "mifi" : "mbb");

export const core: RequestHandler[] = [
  http.get(`${base}/api/core/q/:type/:identifier/get/:view`, async ({ params }) => {
    const forced = await switched("core.lineProfile");
    if (forced) return forced;
    const [type, identifier, view] = [String(params.type), String(params.identifier), String(params.view)];
    if (view !== "basic" && view !== "status") return fail(404, "Vista desconocida");
    let line: Line | undefined;
    if (type === "dn") {
      if (!TEN_DIGITS.test(identifier)) return fail(400, "dn must be 10 digits");
      line = lineOf(identifier);
    } else if (type === "iccid") {
      if (!/^\d{19}$/.test(identifier)) return fail(400, "iccid must be 19 digits");
      line = lineByIccid(identifier);
    } else {
      return fail(404, "Tipo desconocido");
    }
    if (!line) return notBait();
    const data = view === "status" ? { profile: line.profile, status: line.status, msisdn: line.number } : { profile: line.profile, msisdn: line.number };
    return HttpResponse.json({ data });
  }),

  http.post(`${base}/api/core/bait/servicio/perfil`, async ({ request }) => {
    const forced = await switched("core.serviceProfile");
    if (forced) return forced;
    const body = await jsonBody(request);
    const dn = text(body.dn);
    const type = Number(body.tipo);
    if (!TEN_DIGITS.test(dn)) return fail(400, "dn must be 10 digits");
    const line = lineOf(dn);
    // The legacy codes: 4 not a Bait number / wrong type, 3 needs activation, 1 cannot recharge, -1 not an associate.
    const answer = (status: number) => HttpResponse.json({ success: status === 0, status });
    if (!line) return answer(4);
    if (type === 4 && line.profile !== "mbb") return answer(-1);
    if (type !== 4 && line.profile !== profileForType(type)) return answer(4);
    if (line.status === "idle") return answer(3);
    if (line.status === "barring") return answer(1);
    return answer(0);
  }),

  http.post(`${base}/api/core/servicio/perfil/bait`, async ({ request }) => {
    const numero = text((await jsonBody(request)).numero);
    const forced = await switched("core.baitProfile", numero);
    if (forced) return forced;
    if (!TEN_DIGITS.test(numero)) return fail(400, "dn must be 10 digits");
    const line = lineOf(numero);
    if (!line) return HttpResponse.json({ success: false, mensaje: "El número no pertenece a Bait" });
    return HttpResponse.json({ success: true, perfil: ({ mbb: 1, hbb: 2, mifi: 3 } as const)[line.profile], estatus: line.status });
  }),

  http.get(`${base}/api/core/q/:id/recharges`, async ({ params, request }) => {
    const forced = await switched("core.rechargeHistory", String(params.id));
    if (forced) return forced;
    const id = String(params.id);
    if (!TEN_DIGITS.test(id)) return fail(400, "dn must be 10 digits");
    const history = world.history.get(id);
    if (!lineOf(id) || !history) return notBait();
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? 10) || 10;
    // Newest first, as the real service sends them.
    const items = [...history].sort((a, b) => Date.parse(b.applicationDate) - Date.parse(a.applicationDate)).slice(0, limit);
    return HttpResponse.json({ items });
  }),

  http.post(`${base}/api/core/servicio/resources/pagos/recarga`, async ({ request }) => {
    const forced = await switched("core.startRechargePayment");
    if (forced) return forced;
    const body = await jsonBody(request);
    const numero = text(body.numero);
    if (!TEN_DIGITS.test(numero) || !text(body.oferta)) return fail(400, "Datos de recarga incompletos");
    if (!lineOf(text(body.servicio) || numero) && !lineOf(numero)) return notBait();
    // The charge itself (and the history entry) belongs to the payments upstream.
    const llavero = Buffer.from(JSON.stringify({ numero, oferta: body.oferta, canal: body.canal ?? "general", nonce: randomUUID() })).toString("base64");
    return HttpResponse.json({ success: true, llavero, ordCliente: `ORD-${Date.now()}-${Math.floor(Math.random() * 1000)}` });
  }),

  http.post(`${base}/api/core/api/validate/IMEI`, async ({ request }) => {
    const forced = await switched("core.validateImei");
    if (forced) return forced;
    const imei = text((await jsonBody(request)).IMEI);
    if (!/^\d{13,17}$/.test(imei)) return fail(400, "El formato del IMEI es inválido");
    switch (demoDevices[imei]) {
      case "server-error":
        return fail(500, "Error interno del servidor");
      case "esim":
        return HttpResponse.json({ supportEsim: true, homologated: "HOMOLOGADOS O VOLTE" });
      case "network-only":
        return HttpResponse.json({ supportEsim: false, homologated: "HOMOLOGADOS O VOLTE" });
      case "vozapp":
        return HttpResponse.json({ supportEsim: false, homologated: "VOZAPP" });
      default:
        return HttpResponse.json({ supportEsim: false, homologated: "NO HOMOLOGADO" });
    }
  }),

  http.post(`${base}/api/core/captacion/imei/verificacion`, async ({ request }) => {
    const forced = await switched("core.imeiCompatibility");
    if (forced) return forced;
    const imei = text((await jsonBody(request)).imei);
    if (!/^\d{13,17}$/.test(imei)) return HttpResponse.json({ success: false, mensaje: "El formato del IMEI es inválido" }, { status: 400 });
    const device = demoDevices[imei];
    if (device === "server-error") return fail(500, "Error interno del servidor");
    if (device === "esim") return HttpResponse.json({ success: true, isCompatible: true, supportEsim: true, message: "Equipo compatible" });
    if (device === "network-only" || device === "vozapp") return HttpResponse.json({ success: true, isCompatible: true, supportEsim: false, message: "Equipo compatible sin E-SIM" });
    return HttpResponse.json({ success: true, isCompatible: false, supportEsim: false, message: "Equipo no compatible" });
  }),

  http.get(`${base}/api/core/servicio/nirs/disponibles`, async () => {
    const forced = await switched("core.areaCodes");
    if (forced) return forced;
    return HttpResponse.json({ success: true, nirs: AREA_CODES });
  }),

  http.post(`${base}/api/core/servicio/cambio-nir`, async ({ request }) => {
    const forced = await switched("core.changeAreaCode");
    if (forced) return forced;
    const body = await jsonBody(request);
    const dn = text(body.dn);
    const nir = text(body.nir);
    if (!TEN_DIGITS.test(dn) || !AREA_CODES.some((code) => code.nir === nir)) return fail(400, "dn must be 10 digits");
    const line = lineOf(dn);
    if (!line) return notBait();
    const refuse = (codigo: string, mensaje: string) => HttpResponse.json({ success: false, codigo, mensaje });
    if (line.profile === "mifi") return refuse("mifi", "El cambio de lada no aplica para Internet Portátil");
    if (line.profile === "hbb") return refuse("mbb", "El cambio de lada solo aplica para líneas móviles");
    if (line.status === "idle") return refuse("idle", "Línea inactiva");
    if (line.status === "predeactivate") return refuse("predeactivate", "Línea por darse de baja");
    if (line.status !== "active") return refuse("status", "Estado de línea no válido");
    // Keep the 10 digits: the new area code replaces the old one's digits at the front.
    const newNumber = `${nir}${dn.slice(nir.length)}`;
    if (newNumber !== dn) {
      if (world.lines.has(newNumber)) return refuse("status", "Número no disponible en esa lada");
      for (const map of [world.lines, world.accounts, world.history, world.balances] as unknown as Map<string, object>[]) {
        const entry = map.get(dn);
        if (!entry) continue;
        map.delete(dn);
        map.set(newNumber, !Array.isArray(entry) && "number" in entry ? { ...entry, number: newNumber } : entry);
      }
    }
    return HttpResponse.json({ success: true, numero: newNumber });
  }),

  http.get(`${base}/api/core/captacion/journey/:uuid/update/:event/:check`, async ({ params }) => {
    const forced = await switched("core.journeyStep");
    if (forced) return forced;
    journey.journeySteps.push({ uuid: String(params.uuid), event: String(params.event), check: String(params.check), at: new Date().toISOString() });
    return HttpResponse.json({ success: true });
  }),

  http.post(`${base}/api/core/captacion/contacto`, async ({ request }) => {
    const forced = await switched("core.contactLead");
    if (forced) return forced;
    const access = request.headers.get("Ordaccess");
    const service = request.headers.get("Ordservicio");
    if (!access || !service) return fail(401, "Faltan las cabeceras Ordaccess y Ordservicio");
    const body = await jsonBody(request);
    const persona = (body.persona ?? {}) as Record<string, unknown>;
    const campania = (body.campania ?? {}) as Record<string, unknown>;
    const tipo = Number(persona.tipo);
    if (!text(persona.nombre).trim() || !TEN_DIGITS.test(text(persona.telefono)) || (tipo !== 1 && tipo !== 2)) return fail(400, "Datos de contacto incompletos");
    journey.leads.push({
      nombre: text(persona.nombre),
      telefono: text(persona.telefono),
      tipo: tipo as 1 | 2,
      compatible: persona.compatible !== false,
      campania: Object.fromEntries(Object.entries(campania).map(([key, value]) => [key, text(value)])),
      access,
      service,
      // Recorded, not used to drop repeats: tests count what the app really sent.
      ...(request.headers.get("Idempotency-Key") ? { idempotencyKey: request.headers.get("Idempotency-Key")! } : {}),
    });
    return HttpResponse.json({ success: true });
  }),

  http.post(`${base}/api/core/subscribe/opt-in/whatsapp`, async ({ request }) => {
    const forced = await switched("core.whatsappOptIn");
    if (forced) return forced;
    const dn = text((await jsonBody(request)).dn);
    if (!TEN_DIGITS.test(dn)) return fail(400, "dn must be 10 digits");
    if (!lineOf(dn)) return notBait();
    journey.whatsappOptIns.add(dn);
    const account = world.accounts.get(dn);
    if (account) account.whatsapp = true;
    return HttpResponse.json({ success: true, message: "Suscripción registrada" });
  }),

  ...(Object.keys(BILLING) as (keyof typeof BILLING)[]).map((list) =>
    http.get(`${base}/api/core/billing/${list}`, async () => {
      const name = { "tax-regime-list": "taxRegimes", "cfdi-usage-list": "cfdiUses", "payment-method-list": "paymentForms", "recharge-method-list": "paymentMethods" }[list];
      const forced = await switched(`core.billing.${name}`);
      if (forced) return forced;
      return HttpResponse.json({ success: true, data: BILLING[list] });
    }),
  ),

  http.post(`${base}/api/core/billing/register-bill`, async ({ request }) => {
    const forced = await switched("core.billing.registerBill");
    if (forced) return forced;
    const body = await jsonBody(request);
    const dn = text(body.dn);
    const rfc = text(body.rfc).toUpperCase();
    const valid =
      TEN_DIGITS.test(dn) &&
      RFC.test(rfc) &&
      text(body.razonSocial).trim() !== "" &&
      /^\d{5}$/.test(text(body.codigoPostal)) &&
      has("tax-regime-list", text(body.regimenFiscal)) &&
      has("cfdi-usage-list", text(body.usoCfdi)) &&
      has("payment-method-list", text(body.formaPago)) &&
      has("recharge-method-list", text(body.metodoPago)) &&
      /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text(body.correo));
    if (!valid) return fail(400, "Datos fiscales inválidos");
    const order = world.history.get(dn)?.find((entry) => entry.orderID === text(body.orderID));
    if (!order) return fail(404, "Orden no encontrada");
    const folio = `F-${randomUUID().slice(0, 8).toUpperCase()}`;
    journey.bills.push({ folio, dn, orderID: order.orderID, rfc, usoCfdi: text(body.usoCfdi), correo: text(body.correo) });
    return HttpResponse.json({ success: true, folio, message: "Tu factura se enviará a tu correo" });
  }),
];
