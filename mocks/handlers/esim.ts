import { randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import { allDataRequest, limitedSaleRequest, payRequest, trackStepRequest } from "~/upstream/esim.server";
import { catalogue, toWireOffer } from "../offers";
import { switched } from "../switches";
import { world } from "../world";
import { sales, type Visitor } from "../world-sales";

const base = "https://esim.upstream.mock/api/esim/v1/api";

/** Purchases one e-mail may make; the demo limit e-mail starts with all of them used. */
export const ESIM_PURCHASE_LIMIT = 3;
export const LIMIT_MESSAGE = "Lo sentimos, has excedido el número de compras de ESIM por usuario.";
export const ALREADY_SOLD_MESSAGE = "Ocurrió un error al procesar tu solicitud de compra, por favor inténtalo de nuevo.";

const refuse = (mensaje: string, status = 200) => HttpResponse.json({ success: false, mensaje }, { status });

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** venta: the eSIMs on sale; recarga: the recharges an eSIM line can buy (the traditional ones). */
const offersOf = (list: string) => catalogue.filter((offer) => (list === "venta" ? offer.category === "e-sim" : offer.category === "traditionals"));

const overLimit = (email: string) => (world.esimPurchases.get(email) ?? 0) >= ESIM_PURCHASE_LIMIT;

function visitor(uuid: string): Visitor | undefined {
  return sales.visitors.get(uuid);
}

/** Handlers of the eSIM upstream: offers, journey session and tracking, visitor, sale checks, payment data. */
export const esim: RequestHandler[] = [
  http.get(`${base}/ofertas/:list/disponibles`, async ({ params }) => {
    const list = String(params.list);
    const forced = await switched(`esim.offers.${list}`);
    if (forced) return forced;
    if (list !== "recarga" && list !== "venta") return refuse(`Lista desconocida: ${list}`, 404);
    return HttpResponse.json({ success: true, response: { lista: offersOf(list).map(toWireOffer) } });
  }),

  http.get(`${base}/publico/asignarSesion`, async () => {
    const forced = await switched("esim.assignSession");
    if (forced) return forced;
    const uuid = randomUUID();
    sales.visitors.set(uuid, { uuid, steps: {} });
    return HttpResponse.json({ success: true, uuid });
  }),

  http.patch(`${base}/publico/tracking/:uuid/all-data`, async ({ request, params }) => {
    const forced = await switched("esim.saveAllData");
    if (forced) return forced;
    const found = visitor(String(params.uuid));
    if (!found) return refuse("La sesión no existe", 404);
    const body = allDataRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Datos inválidos en «${body.error.issues[0]?.path.join(".")}»`, 400);
    Object.assign(found, {
      flow: new URL(request.url).searchParams.get("flow") ?? "esim",
      imei: body.data.imei,
      email: body.data.email,
      contactNumber: body.data.numero,
      offerId: body.data.oferta,
      isBait: body.data.esBait,
      proceedToPay: body.data.procedePago,
      portability: body.data.portabilidad,
    });
    return HttpResponse.json({ success: true, mensaje: "Información guardada" });
  }),

  http.post(`${base}/publico/tracking/:uuid/:step`, async ({ request, params }) => {
    const forced = await switched("esim.trackStep");
    if (forced) return forced;
    const found = visitor(String(params.uuid));
    if (!found) return refuse("La sesión no existe", 404);
    const body = trackStepRequest.safeParse(await readJson(request));
    if (!body.success) return refuse("Falta el valor del paso", 400);
    found.steps[String(params.step)] = body.data.valor;
    return HttpResponse.json({ success: true });
  }),

  http.get(`${base}/publico/visitante/:uuid/getInformation`, async ({ params }) => {
    const forced = await switched("esim.visitor");
    if (forced) return forced;
    const found = visitor(String(params.uuid));
    if (!found) return refuse("No encontramos la información del visitante", 404);
    return HttpResponse.json({
      success: true,
      uuid: found.uuid,
      contactNumber: found.contactNumber ?? null,
      email: found.email ?? null,
      imei: found.imei ?? null,
      offeringId: found.offerId ?? null,
      isBait: found.isBait ?? null,
    });
  }),

  http.get(`${base}/public/visitor/:id/check-sale`, async ({ params }) => {
    const forced = await switched("esim.checkSale");
    if (forced) return forced;
    return sales.sold.has(String(params.id))
      ? HttpResponse.json({ success: true, mensaje: ALREADY_SOLD_MESSAGE })
      : HttpResponse.json({ success: false, mensaje: "Sin ventas registradas" });
  }),

  http.post(`${base}/public/validate-limited-sale`, async ({ request }) => {
    const forced = await switched("esim.limitedSale");
    if (forced) return forced;
    const body = limitedSaleRequest.safeParse(await readJson(request));
    if (!body.success) return refuse("Correo inválido", 400);
    return overLimit(body.data.email) ? refuse(LIMIT_MESSAGE) : HttpResponse.json({ success: true });
  }),

  http.post(`${base}/publico/pago`, async ({ request }) => {
    const forced = await switched("esim.pay");
    if (forced) return forced;
    const body = payRequest.safeParse(await readJson(request));
    if (!body.success) return refuse(`Datos inválidos en «${body.error.issues[0]?.path.join(".")}»`, 400);
    if (!visitor(body.data.uuid)) return refuse("La sesión no existe", 404);
    if (!offersOf("venta").some((offer) => offer.offerId === body.data.oferta)) return refuse("La oferta no está disponible");
    if (sales.sold.has(body.data.uuid)) return refuse(ALREADY_SOLD_MESSAGE);
    if (overLimit(body.data.correo)) return refuse(LIMIT_MESSAGE);
    const customerOrder = `ESIM-${randomUUID().slice(0, 8).toUpperCase()}`;
    const keychain = randomUUID();
    sales.esimOrders.set(customerOrder, { customerOrder, keychain, visitor: body.data.uuid, offerId: body.data.oferta, email: body.data.correo, paid: false });
    return HttpResponse.json({ success: true, llavero: keychain, ordCliente: customerOrder });
  }),
];
