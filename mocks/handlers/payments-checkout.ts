import { randomBytes, randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import * as z from "zod";
import { open, sealReply } from "~/upstream/crypto.server";
import { chargeData, chargeRequest, IDEMPOTENCY_HEADER } from "~/upstream/payments/charge.schemas";
import { paymentChannel, tenDigits } from "~/upstream/payments/common.schemas";
import { paypalOrderRequest } from "~/upstream/payments/paypal.schemas";
import { pluginRequest, pluginRequestPayload, type PluginInfo } from "~/upstream/payments/plugin.schemas";
import { offerById } from "../offers";
import { paymentsHostKeys, providerKeys } from "../payments-keys";
import { isSameOriginPath, PAYPAL_APPROVAL_PATH } from "../provider-pages";
import { switched } from "../switches";
import { lineOf, world } from "../world";
import { sales, type StoredReply } from "../world-sales";
import { isListed, keepCard, keptCardsOf, KEPT_CARD_MESSAGES, mockProviderFor, paymentMethodOf, recurrenceOf, toWireKeptCard } from "./payments-provider";
import { base, firstIssue, readJson, refuse } from "./payments-shared";

// ——— Idempotency: one answer per Idempotency-Key and endpoint ———

/** A repeat of a known key: the stored answer, or a 409 when the key came with another request. Null for a new key. */
function repeated(scope: "cobrar" | "orden", key: string, fingerprint: string): Response | null {
  const stored: StoredReply | undefined = sales.idempotentReplies.get(`${scope} ${key}`);
  if (!stored) return null;
  if (stored.fingerprint !== fingerprint) return refuse("Lo sentimos, esta solicitud de pago ya se usó con otros datos.", 409);
  return HttpResponse.json(stored.body, { status: stored.status });
}

/**
 * Answers and keeps the answer for the key. Only decisions are kept (approved, declined, an
 * order made or refused); a malformed request was never run, so it may be sent again fixed.
 */
function remember(scope: "cobrar" | "orden", key: string, fingerprint: string, status: number, body: Record<string, unknown>): Response {
  sales.idempotentReplies.set(`${scope} ${key}`, { status, body, fingerprint });
  return HttpResponse.json(body, { status });
}


const days = (count: number) => new Date(Date.now() + count * 24 * 3600 * 1000).toISOString();

/**
 * /cobrar once received and past the switch: the body, a repeated key, the card or token, and
 * the decision with what it does to the world (history, balance, recurrence, eSIM, SIM
 * shipment). Only a decision is kept for the key.
 */
async function decideCharge(request: Request, channel: string, providerType: string, key: string): Promise<Response> {
  const body = chargeRequest.safeParse(await readJson(request));
  if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);

  const { extra, info, meta } = body.data;
  // `payments.chargeLine:<phone>` holds (or fails) one line's charges only, before anything is decided:
  // a test watches its pay button wait while the tests beside it pay at once.
  const forcedLine = await switched("payments.chargeLine", extra.telefono);
  if (forcedLine) return forcedLine;
  // Nothing below awaits: the repeat check and the stored answer cannot interleave with a twin request.
  const fingerprint = JSON.stringify({ channel, providerType, extra, info, meta });
  const repeat = repeated("cobrar", key, fingerprint);
  if (repeat) return repeat;

  const opened = open(body.data.data, providerKeys().privateKeyPem);
  if (!opened.ok) return refuse("No fue posible descifrar los datos de pago", 400);
  const data = chargeData.safeParse(opened.value.payload);
  if (!data.success) return refuse(`Datos de pago inválidos en «${firstIssue(data.error)}»`, 400);

  if (meta.guardar && !meta.cliente) return refuse("Para guardar la tarjeta falta meta.cliente, el cliente para quien se guarda", 400);
  if (meta.guardar && providerType === "3") return refuse("Un pago de PayPal no guarda tarjetas", 400);
  const method = paymentMethodOf(meta, data.data.tarjeta, providerType);
  // A refusal (another customer's card, a malformed request) is not a decision: nothing is charged or kept for the key.
  if (!method.ok) return refuse(method.mensaje, method.status ?? 400);
  const verdict = method.verdict(extra.total);

  const orderId = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
  sales.charges.push({ orderId, channel, approved: verdict.decision.approved, phone: extra.telefono, amount: Math.round(extra.total * 100), offerId: extra.referencia1, saleUuid: extra.uuid, at: new Date().toISOString() });
  if (!verdict.decision.approved) return remember("cobrar", key, fingerprint, 200, { success: false, mensaje: verdict.decision.mensaje });
  verdict.settle();
  // 'Guardar esta tarjeta…': the provider keeps the card paid with for the customer.
  if (meta.guardar && meta.cliente && verdict.card) keepCard(meta.cliente, verdict.card, "cliente");

  const line = lineOf(extra.telefono);
  const offer = offerById(extra.referencia1);
  let activationCode: string | undefined;
  if (channel === "esim") {
    sales.sold.add(extra.uuid);
    world.esimPurchases.set(extra.correo, (world.esimPurchases.get(extra.correo) ?? 0) + 1);
    for (const order of sales.esimOrders.values()) if (order.visitor === extra.uuid) order.paid = true;
    // The eSIM's activation code (an LPA string, what the QR encodes); the real upstream e-mails it too.
    activationCode = `LPA:1$smdp.esim.bait.mock$${randomUUID().replaceAll("-", "").slice(0, 24).toUpperCase()}`;
  } else if (channel === "captacion" && info) {
    // A SIM: nothing to apply to a line yet, the warehouse ships it to this address.
    sales.simShipments.push({
      orderId,
      saleUuid: extra.uuid,
      offerId: extra.referencia1,
      phone: info.telefono,
      email: info.correo,
      contact: `${info.nombreContacto} ${info.apellidoContacto}`.trim(),
      postalCode: info.codigoPostal,
      address: {
        street: info.calle,
        exterior: info.exterior,
        interior: info.interior,
        colonia: info.colonia,
        municipality: info.municipio,
        city: info.ciudad,
        state: info.estado,
        country: info.pais,
      },
      at: new Date().toISOString(),
    });
  } else if (line && offer) {
    // A recharge: applied at once in the mock, so the history and the balance show it.
    const history = world.history.get(line.number) ?? [];
    // The entry carries the sale's uuid (SPEC §7), so the sale can be found in the history.
    history.push({ uuid: extra.uuid, orderID: orderId, offeringID: offer.offerId, amount: Math.round(extra.precio * 100), applicationDate: new Date().toISOString(), rechargeApplied: true, status: "applied" });
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
        lastChargeDate: new Date().toISOString(),
        nextChargeDate: days(offer.duration),
        cardLast: verdict.cardLast,
      });
      // The provider keeps the card of a recurrence to charge it again: the customer's kept card while it lasts.
      if (verdict.card) keepCard(line.number, verdict.card, "recurrencia");
    }
  }
  return remember("cobrar", key, fingerprint, 200, { success: true, mensaje: "Felicidades, se ha completado tu pago.", orden: orderId, ...(activationCode ? { codigoActivacion: activationCode } : {}) });
}

/** What the provider's record says of the charge sent with this Idempotency-Key: its kept decision, or whether it is being decided. */
function chargeStatusOf(key: string): Record<string, unknown> {
  const stored = sales.idempotentReplies.get(`cobrar ${key}`);
  if (stored) {
    const { success, orden, mensaje, codigoActivacion } = stored.body;
    if (success === true) return { success: true, estado: "aprobado", orden, mensaje, ...(codigoActivacion ? { codigoActivacion } : {}) };
    return { success: true, estado: "rechazado", mensaje };
  }
  return { success: true, estado: sales.chargesInFlight.has(key) ? "en_proceso" : "no_recibido" };
}

/**
 * The checkout's calls to the payments upstream: its public key, the plugin, the charge and the
 * PayPal order, and the charge's status by its Idempotency-Key. The plugin and the charge really
 * decrypt what the app sends (mocks/payments-keys.ts); an approved recharge lands in the line's
 * history and balance (and starts a recurrence when asked), an eSIM marks its sale as sold, a SIM
 * joins `sales.simShipments`. /cobrar and /orden answer a repeated Idempotency-Key with the
 * first answer and do nothing again. GET …/{channel}/cobro/{key} answers aprobado or rechazado
 * from that first answer, en_proceso while a /cobrar with the key is received but undecided
 * (`sales.chargesInFlight`), no_recibido otherwise.
 *
 * Kept cards (docs/payment.md "Repeat with the kept card"), per customer, keyed by the Bait
 * number the app sends (`meta.cliente`, `?cliente=`): an approved charge with `meta.guardar`
 * keeps its card, a recurrence keeps its card while it lasts; GET …/tarjetas lists them (token,
 * brand, last 4), DELETE …/tarjetas/{token} forgets one (not another customer's, 403; not one that
 * pays a recurrence, 409); /cobrar on type 2 with `meta.token` `kc_…` and `meta.cliente` charges
 * one: another customer's is refused (403, nothing charged), an expired one declined, else the
 * card's own decision (4000000000000002 declined, the other demo cards approved).
 */
export const checkout: RequestHandler[] = [
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

    const provider = mockProviderFor(sale.data.correo, sale.data.canal);
    const info: PluginInfo = {
      cliente: { canal: sale.data.canal, tienda: sale.data.tienda },
      proveedor: { tipo: provider.tipo, api: provider.api, env: "sandbox", publico: providerKeys().publicKeyPem },
      form: { origen: `web-${sale.data.canal}` },
      direcciones: provider.direcciones,
      config: {
        info: {
          apiCliente: `${base}/servicio/angular/cliente`,
          apiPage: `${base}/servicio/angular/pagina`,
          llavero: randomUUID(),
          detalle: provider.detalle,
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
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
    if (!key) return refuse(`Falta el encabezado ${IDEMPOTENCY_HEADER}`, 400);
    // Received before anything can hold it: while a latency switch holds the request, GET
    // …/cobro/{key} answers en_proceso. Out again once it is decided or refused, whatever happens.
    if (!sales.idempotentReplies.has(`cobrar ${key}`)) sales.chargesInFlight.add(key);
    try {
      // A forced answer is the provider failing before it decided: nothing is charged or kept.
      const forced = await switched("payments.charge");
      if (forced) return forced;
      return await decideCharge(request, String(params.channel), String(params.providerType), key);
    } finally {
      sales.chargesInFlight.delete(key);
    }
  }),

  // Not in SPEC §7: the status path the app assumes (docs/upstream.md), to settle a charge whose
  // answer never arrived from the provider's own record instead of charging again.
  http.get(`${base}/servicio/angular/:channel/cobro/:key`, async ({ request, params }) => {
    const forced = await switched("payments.chargeStatus");
    if (forced) return forced;
    if (!paymentChannel.safeParse(params.channel).success) return refuse(`Canal desconocido «${String(params.channel)}»`, 400);
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    return HttpResponse.json(chargeStatusOf(String(params.key)));
  }),

  // Not in SPEC §7: the kept cards' paths the app assumes (docs/upstream.md), per customer (their Bait number).
  http.get(`${base}/servicio/angular/tarjetas`, async ({ request }) => {
    const customer = new URL(request.url).searchParams.get("cliente") ?? "";
    const forced = await switched("payments.keptCards", customer);
    if (forced) return forced;
    if (!request.headers.get("customer")) return refuse("Falta el encabezado customer", 400);
    if (!tenDigits.safeParse(customer).success) return refuse("cliente debe ser el número Bait del cliente, 10 dígitos", 400);
    return HttpResponse.json({ success: true, tarjetas: keptCardsOf(customer).map(toWireKeptCard) });
  }),

  http.delete(`${base}/servicio/angular/tarjetas/:token`, async ({ request, params }) => {
    const customer = new URL(request.url).searchParams.get("cliente") ?? "";
    const forced = await switched("payments.forgetCard", customer);
    if (forced) return forced;
    if (!request.headers.get("customer")) return refuse("Falta el encabezado customer", 400);
    if (!tenDigits.safeParse(customer).success) return refuse("cliente debe ser el número Bait del cliente, 10 dígitos", 400);
    const kept = sales.keptCards.get(String(params.token));
    if (!kept || !isListed(kept)) return refuse(KEPT_CARD_MESSAGES.notFound, 404);
    if (kept.customer !== customer) return refuse(KEPT_CARD_MESSAGES.notYours, 403);
    if (recurrenceOf(kept)) return refuse(KEPT_CARD_MESSAGES.paysRecurrence, 409);
    sales.keptCards.delete(kept.token);
    return HttpResponse.json({ success: true, mensaje: KEPT_CARD_MESSAGES.forgotten });
  }),

  http.post(`${base}/servicio/angular/:channel/3/orden`, async ({ request, params }) => {
    const forced = await switched("payments.paypalOrder");
    if (forced) return forced;
    if (!request.headers.get("customer") || !request.headers.get("origin")) return refuse("Faltan los encabezados customer y origin", 400);
    const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
    if (!key) return refuse(`Falta el encabezado ${IDEMPOTENCY_HEADER}`, 400);
    // Read loosely so that a physical item is PayPal's own refusal, not a malformed request.
    const body = paypalOrderRequest.extend({ articulo: z.object({ tipo: z.string() }), envio: z.string() }).safeParse(await readJson(request));
    if (!body.success) return refuse(`Solicitud inválida en «${firstIssue(body.error)}»`, 400);
    const { extra, articulo, envio, retorno, cancelacion } = body.data;
    const channel = String(params.channel);
    const fingerprint = JSON.stringify({ channel, body: body.data });
    const repeat = repeated("orden", key, fingerprint);
    if (repeat) return repeat;

    if (articulo.tipo !== "DIGITAL_GOODS" || envio !== "NO_SHIPPING") {
      return remember("orden", key, fingerprint, 422, { success: false, mensaje: "PayPal solo acepta bienes digitales sin envío (DIGITAL_GOODS, NO_SHIPPING)." });
    }
    if (!isSameOriginPath(retorno) || !isSameOriginPath(cancelacion)) return refuse("retorno y cancelacion deben ser rutas de este sitio que empiecen con «/»", 400);

    const id = randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
    sales.paypalOrders.set(id, { id, state: "created", amount: extra.total, description: extra.descripcion, channel, saleUuid: extra.uuid, returnUrl: retorno, cancelUrl: cancelacion });
    return remember("orden", key, fingerprint, 200, { success: true, orden: id, aprobacion: `${PAYPAL_APPROVAL_PATH}?orden=${id}`, mensaje: "Orden creada" });
  }),
];
