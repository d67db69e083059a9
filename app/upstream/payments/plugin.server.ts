import * as z from "zod";
import { logger } from "~/lib/log.server";
import { openReply, seal } from "../crypto.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody, type PaymentChannel } from "./common.schemas";
import { hostKeyResponse, pluginInfo, pluginRequestPayload, pluginResponse, type PluginInfo, type pluginRequest } from "./plugin.schemas";
import { invalid, paymentKeys, refused, withCallKey } from "./results.server";

/**
 * The payment plugin's set-up (docs/payment.md, spec §7), the first step of every checkout.
 *
 * Encryption (crypto.server.ts documents the envelope):
 * 1. GET /servicio/angular/llave → `{ success, llave }`, the payments host's public key (PEM).
 * 2. POST /servicio/angular/plugin with `{ data: envelope }`, the sale's JSON sealed for that key.
 *    The answer's `informacion` is a sealed reply (the envelope without `key`), sealed with the
 *    request's AES key, so only this server can read it. Inside: the provider, its public key
 *    (`proveedor.publico`), the form's origin and the plugin's configuration.
 *
 * Provider types (plugin `proveedor.tipo`): 1 our card form; 2 the provider's hosted card fields
 * in an iframe at `proveedor.api`, which hand back a token; 3 PayPal (paypal.server.ts).
 */

/** GET {payments}/servicio/angular/llave. */
export async function getPaymentsHostKey(): Promise<UpstreamResult<string>> {
  const result = await upstreamFetch({ call: "payments.hostKey", upstream: "payments", path: "/servicio/angular/llave", schema: hostKeyResponse });
  if (!result.ok) return withCallKey(result, paymentKeys.setupFailed);
  return { ok: true, status: result.status, data: result.data.llave };
}

export type ProviderKind = "card" | "hostedCard" | "paypal";
const providerKinds = { 1: "card", 2: "hostedCard", 3: "paypal" } as const satisfies Record<1 | 2 | 3, ProviderKind>;

export type PluginSetup = {
  client: { channel: PaymentChannel; store: string };
  provider: { kind: ProviderKind; typeCode: 1 | 2 | 3; api: string; env: string; publicKey: string };
  formOrigin: string;
  asksAddress: boolean;
  config: {
    apiClient: string;
    apiPage: string;
    keychain: string;
    detailsStep: boolean;
    loaderText?: string;
    button?: { font?: string; background?: string; color?: string; text?: string; borderRadius?: string };
    legal: { kind: "privacy" | "terms"; text: string }[];
  };
  amount: { price: number; shipping: number; total: number };
};

export type PluginSetupInput = { store: string; channel: PaymentChannel; phone: string; price: number; email: string; shippingCost?: number };

/** POST {payments}/servicio/angular/plugin, after fetching the host's key. */
export async function setUpPaymentPlugin(input: PluginSetupInput): Promise<UpstreamResult<PluginSetup>> {
  const call = "payments.plugin";
  const key = await getPaymentsHostKey();
  if (!key.ok) return key;

  const payload = pluginRequestPayload.safeParse({
    tienda: input.store,
    canal: input.channel,
    telefono: input.phone,
    precio: input.price + (input.shippingCost ?? 0),
    correo: input.email,
  });
  if (!payload.success) {
    logger("upstream").error({ call, field: payload.error.issues[0]?.path.join(".") }, "datos de la venta inválidos");
    return { ok: false, error: new UpstreamError(call, "http", paymentKeys.setupFailed, 400) };
  }
  const sealed = seal(payload.data, key.data);
  if (!sealed.ok) return invalid(call, paymentKeys.setupFailed, `llave del host inutilizable: ${sealed.reason}`);

  const result = await upstreamFetch({
    call,
    upstream: "payments",
    method: "POST",
    path: "/servicio/angular/plugin",
    body: { data: sealed.value.envelope } satisfies z.infer<typeof pluginRequest>,
    schema: pluginResponse,
    errorSchema: errorBody,
    messages: { 400: paymentKeys.setupFailed, 404: paymentKeys.setupFailed },
  });
  if (!result.ok) return withCallKey(result, paymentKeys.setupFailed);
  const { success, informacion, mensaje } = result.data;
  if (!success || !informacion) return refused(call, paymentKeys.setupFailed, result.status, mensaje);

  const opened = openReply(informacion, sealed.value.sessionKey);
  if (!opened.ok) return invalid(call, paymentKeys.setupFailed, `informacion no se pudo descifrar: ${opened.reason}`, result.status);
  const info = pluginInfo.safeParse(opened.value);
  if (!info.success) {
    const issue = info.error.issues[0];
    return invalid(call, paymentKeys.setupFailed, `respuesta inválida en «informacion.${issue?.path.join(".")}»: ${issue?.message}`, result.status);
  }
  return { ok: true, status: result.status, data: toPluginSetup(info.data) };
}

function toPluginSetup(info: PluginInfo): PluginSetup {
  const { estilo } = info.config.info;
  return {
    client: { channel: info.cliente.canal, store: info.cliente.tienda },
    provider: { kind: providerKinds[info.proveedor.tipo], typeCode: info.proveedor.tipo, api: info.proveedor.api, env: info.proveedor.env, publicKey: info.proveedor.publico },
    formOrigin: info.form.origen,
    asksAddress: info.direcciones,
    config: {
      apiClient: info.config.info.apiCliente,
      apiPage: info.config.info.apiPage,
      keychain: info.config.info.llavero,
      detailsStep: info.config.info.detalle,
      loaderText: estilo?.loader?.texto,
      button: estilo?.boton && {
        font: estilo.boton.fuente,
        background: estilo.boton.fondo,
        color: estilo.boton.color,
        text: estilo.boton.texto,
        borderRadius: estilo.boton.bordeRadius,
      },
      legal: info.config.info.legales.map((legal) => ({ kind: legal.tipo === 1 ? "privacy" : "terms", text: legal.texto })),
    },
    amount: { price: info.config.data.precio, shipping: info.config.data.envio, total: info.config.data.total },
  };
}
