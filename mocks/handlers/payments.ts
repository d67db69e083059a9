import { randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import * as z from "zod";
import { open, sealReply } from "~/upstream/crypto.server";
import {
  activeRecurrencesRequest,
  chargeData,
  chargeRequest,
  deactivateRequest,
  modifyRecurrenceRequest,
  pluginRequest,
  pluginRequestPayload,
  type PluginInfo,
  wireRecurrence,
  wireRecurringCharge,
} from "~/upstream/payments.server";
import { demoCards } from "../fixtures/demo";
import { paymentsHostKeys, providerKeys } from "../payments-keys";
import { switched } from "../switches";
import { lineOf, world, type Recurrence } from "../world";
import { offerById, sales } from "../world-sales";

const base = "https://payments.upstream.mock";
export const DECLINED_MESSAGE = "Lo sentimos, se ha tenido un problema al procesar tu pago.";

const refuse = (mensaje: string, status = 200) => HttpResponse.json({ success: false, mensaje }, { status });
const firstIssue = (error: z.ZodError) => error.issues[0]?.path.join(".") || "(raíz)";

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** The card provider's decision: the demo cards, a future expiry and a CVV of the brand's length. */
function decide(card: z.infer<typeof chargeData>["tarjeta"]): { approved: true } | { approved: false; mensaje: string } {
  const known = demoCards[card.numero];
  if (!known) return { approved: false, mensaje: "Lo sentimos, tu tarjeta no fue aceptada por el banco emisor. Intenta con otra tarjeta." };
  const year = card.anio.length === 2 ? 2000 + Number(card.anio) : Number(card.anio);
  const month = Number(card.mes);
  const now = new Date();
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { approved: false, mensaje: "Lo sentimos, la fecha de vencimiento de tu tarjeta no es válida." };
  }
  if (card.clave.length !== (known.brand === "amex" ? 4 : 3)) return { approved: false, mensaje: "Lo sentimos, el código de seguridad de tu tarjeta no es válido." };
  if (!known.approved) return { approved: false, mensaje: DECLINED_MESSAGE };
  return { approved: true };
}

const lineCategory = (number: string) => lineOf(number)?.profile ?? "mbb";

const toWireRecurrence = (recurrence: Recurrence): z.infer<typeof wireRecurrence> => ({
  applicationDate: recurrence.applicationDate,
  associated: recurrence.type === 4,
  duration: recurrence.duration,
  offerId: recurrence.offerId,
  offeringID: recurrence.offeringID,
  orderID: `REC-${recurrence.uuid.slice(0, 8)}`,
  price: recurrence.price,
  rechargeApplied: true,
  rechargeName: recurrence.rechargeName,
  recurrence: recurrence.uuid,
  status: recurrence.status,
  type: recurrence.type,
  uuid: recurrence.uuid,
  validity: `${recurrence.duration} días`,
  email: recurrence.email,
  name: recurrence.name,
  baitNumber: recurrence.number,
});

const toWireRecurringCharge = (recurrence: Recurrence): z.infer<typeof wireRecurringCharge> => ({
  dateCreated: recurrence.applicationDate,
  lastChargeDate: recurrence.applicationDate,
  nextChargeDate: recurrence.status === "active" ? recurrence.nextChargeDate : null,
  cancellationDate: sales.cancellations.get(recurrence.uuid) ?? null,
  amount: Math.round(recurrence.price * 100),
  uuid: recurrence.uuid,
  reference1: recurrence.number,
  reference2: recurrence.offerId,
  reference3: recurrence.email,
  reference4: lineCategory(recurrence.number),
  cardLast: recurrence.cardLast,
});

const days = (count: number) => new Date(Date.now() + count * 24 * 3600 * 1000).toISOString();

/**
 * Handlers of the payments upstream. The plugin and the charge really decrypt what the app
 * sends (mocks/payments-keys.ts); an approved recharge lands in the line's history and balance.
 */
export const payments: RequestHandler[] = [
  http.get(`${base}/servicio/angular/llave`, async () => {
    const forced = await switched("payments.hostKey");
    if (forced) return forced;
    return HttpResponse.json({ success: true, llave: paymentsHostKeys().publicKeyPem });
  }),

  http.post(`${base}/servicio/angular/plugin`, async ({ request }) => {
    const forced = await switched("payments.plugin");
    if (forced) return forced;
    const body = pluginRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const opened = open(body.data.data, paymentsHostKeys().privateKeyPem);
    if (!opened.ok) return refuse("No fue posible descifrar la solicitud", 400);
    const sale = pluginRequestPayload.safeParse(opened.value.payload);
    if (!sale.success) return refuse(`Datos de la venta inválidos en «${firstIssue(sale.error)}»`, 400);

    const info: PluginInfo = {
      cliente: { canal: sale.data.canal, tienda: sale.data.tienda },
      proveedor: { tipo: 1, api: `${base}/servicio/angular`, env: "sandbox", publico: providerKeys().publicKeyPem },
      form: { origen: `web-${sale.data.canal}` },
      direcciones: true,
      config: {
        info: {
          apiCliente: `${base}/servicio/angular/cliente`,
          apiPage: `${base}/servicio/angular/pagina`,
          llavero: randomUUID(),
          detalle: sale.data.canal !== "esim",
          estilo: { loader: { texto: "Cobrando recarga a tu línea Bait" }, boton: { fuente: "#ffffff", fondo: "#1471CE", color: "#1471CE", texto: "Pagar", bordeRadius: "8px" } },
          legales: [
            { tipo: 1, texto: "He leído y acepto el Aviso de Privacidad" },
            { tipo: 2, texto: "Acepto los Términos y Condiciones" },
          ],
        },
        data: { precio: sale.data.precio, envio: 0, total: sale.data.precio },
      },
    };
    return HttpResponse.json({ success: true, mensaje: "Cliente configurado", informacion: sealReply(info, opened.value.sessionKey) });
  }),

  http.post(`${base}/servicio/angular/:channel/:providerType/cobrar`, async ({ request, params }) => {
    const forced = await switched("payments.charge");
    if (forced) return forced;
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    const body = chargeRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const opened = open(body.data.data, providerKeys().privateKeyPem);
    if (!opened.ok) return refuse("No fue posible descifrar los datos de pago", 400);
    const data = chargeData.safeParse(opened.value.payload);
    if (!data.success) return refuse(`Datos de pago inválidos en «${firstIssue(data.error)}»`, 400);

    const { extra, meta } = body.data;
    const channel = String(params.channel);
    const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const decision = decide(data.data.tarjeta);
    sales.charges.push({ orderId, channel, approved: decision.approved, phone: extra.telefono, amount: Math.round(extra.total * 100), offerId: extra.referencia1, at: new Date().toISOString() });
    if (!decision.approved) return refuse(decision.mensaje);

    const line = lineOf(extra.telefono);
    const offer = offerById(extra.referencia1);
    if (channel === "esim") {
      sales.sold.add(extra.uuid);
      world.esimPurchases.set(extra.correo, (world.esimPurchases.get(extra.correo) ?? 0) + 1);
      for (const order of sales.esimOrders.values()) if (order.visitor === extra.uuid) order.paid = true;
    } else if (line && offer) {
      // A recharge: applied at once in the mock, so the history and the balance show it.
      const history = world.history.get(line.number) ?? [];
      history.push({ uuid: randomUUID(), orderID: orderId, offeringID: offer.offerId, amount: Math.round(extra.precio * 100), applicationDate: new Date().toISOString(), rechargeApplied: true, status: "applied" });
      world.history.set(line.number, history);
      const balance = world.balances.get(line.number);
      world.balances.set(line.number, {
        mbTotal: (balance?.mbTotal ?? 0) + offer.mbNavigation,
        mbUsed: balance?.mbUsed ?? 0,
        socialTotal: (balance?.socialTotal ?? 0) + offer.mbSocialNetworks,
        socialUsed: balance?.socialUsed ?? 0,
        nextRecharge: days(offer.duration),
        unlimited: balance?.unlimited ?? false,
      });
      if (meta.recurrente) {
        const uuid = randomUUID();
        world.recurrences.set(uuid, {
          uuid,
          number: line.number,
          email: extra.correo,
          name: extra.nombre,
          offerId: offer.offerId,
          offeringID: offer.offerId,
          rechargeName: offer.rechargeName,
          price: offer.price,
          duration: offer.duration,
          type: offer.type,
          status: "active",
          applicationDate: new Date().toISOString(),
          nextChargeDate: days(offer.duration),
          cardLast: data.data.tarjeta.numero.slice(-4),
        });
      }
    }
    return HttpResponse.json({ success: true, mensaje: "Felicidades, se ha completado tu pago.", orden: orderId });
  }),

  http.post(`${base}/v2/servicio/:uuid/recurrencia/activas`, async ({ request }) => {
    const forced = await switched("payments.activeRecurrences");
    if (forced) return forced;
    const body = activeRecurrencesRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const number = body.data.serviceNumber ?? body.data.baitNumber;
    if (!number && !body.data.email) return refuse("Indica el número o el correo de la línea", 400);
    const found = [...world.recurrences.values()].filter(
      (recurrence) => recurrence.status === "active" && (number ? recurrence.number === number : recurrence.email === body.data.email),
    );
    return HttpResponse.json({ success: true, mensaje: null, recurrencias: found.map(toWireRecurrence) });
  }),

  http.post(`${base}/v2/servicio/:uuid/recurrencia/desactivar`, async ({ request }) => {
    const forced = await switched("payments.deactivateRecurrence");
    if (forced) return forced;
    const body = deactivateRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const recurrence = world.recurrences.get(body.data.recurrencia);
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    recurrence.status = "inactive";
    return HttpResponse.json({ success: true, mensaje: "Tu recarga recurrente quedó desactivada" });
  }),

  http.patch(`${base}/v2/service/recurrence/:recurrence/modify`, async ({ request, params }) => {
    const forced = await switched("payments.modifyRecurrence");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    const body = modifyRecurrenceRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const offer = offerById(body.data.referencia2);
    if (!offer) return refuse("La oferta indicada no existe");
    Object.assign(recurrence, {
      offerId: offer.offerId,
      offeringID: offer.offerId,
      rechargeName: offer.rechargeName,
      duration: offer.duration,
      type: offer.type,
      price: body.data.importe / 100,
      email: body.data.referencia3,
      nextChargeDate: body.data.fechaProxima,
    });
    return HttpResponse.json({ success: true, mensaje: "La nueva recarga recurrente quedó activa con cargo a tu tarjeta registrada" });
  }),

  http.delete(`${base}/v2/service/recurrence/:recurrence/cancel`, async ({ params }) => {
    const forced = await switched("payments.cancelRecurrence");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    recurrence.status = "cancelled";
    sales.cancellations.set(recurrence.uuid, new Date().toISOString());
    return HttpResponse.json({ success: true, mensaje: "Tu recarga recurrente fue cancelada" });
  }),

  http.patch(`${base}/v2/service/recurrence/:recurrence/:operation/:reason/:criterion`, async ({ params }) => {
    const forced = await switched("payments.recurrenceState");
    if (forced) return forced;
    const recurrence = world.recurrences.get(String(params.recurrence));
    if (!recurrence) return refuse("No encontramos la recarga recurrente", 404);
    if (recurrence.status === "cancelled") return refuse("La recarga recurrente está cancelada; programa una nueva");
    const operation = String(params.operation);
    if (operation !== "activate" && operation !== "deactivate") return refuse(`Operación desconocida: ${operation}`, 400);
    recurrence.status = operation === "activate" ? "active" : "inactive";
    return HttpResponse.json({
      success: true,
      mensaje: operation === "activate" ? "La nueva recarga recurrente quedó activa con cargo a tu tarjeta registrada" : "Tu recarga recurrente quedó desactivada",
    });
  }),

  http.get(`${base}/v2/service/store/:store/recurrence/search/:criterion`, async ({ request, params }) => {
    const forced = await switched("payments.searchRecurrences");
    if (forced) return forced;
    const query = new URL(request.url).searchParams;
    const reference = query.get("reference") ?? "";
    const onlyActive = (query.get("restriction") ?? "activas") === "activas";
    const criterion = String(params.criterion);
    const matches = (recurrence: Recurrence) =>
      criterion === "telefono" ? recurrence.number === reference : criterion === "correo" ? recurrence.email === reference : criterion === "uuid" ? recurrence.uuid === reference : false;
    if (!["telefono", "correo", "uuid"].includes(criterion)) return refuse(`Criterio desconocido: ${criterion}`, 400);
    const found = [...world.recurrences.values()].filter((recurrence) => matches(recurrence) && (!onlyActive || recurrence.status === "active"));
    return HttpResponse.json({ success: true, mensaje: null, recurrencias: found.map(toWireRecurringCharge) });
  }),
];
