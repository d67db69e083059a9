import type * as z from "zod";
import { logger } from "~/lib/log.server";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { balanceResponse } from "./balance.schemas";
import { connErrorBody } from "./common.schemas";
import { isUnauthorized, refusedRead, withMessage, type ConnOptions } from "./results.server";

/** A line's balance (consumption) on the legacy "conn/page" upstream: legacy and single-sign-on sessions. */

const BALANCE_FAILED = "auth:login.dataFailed";

const ITEM_NAMES = {
  datosVelocidadNormal: "normalDataSpeed",
  datosVelocidadReducida: "lowDataSpeed",
  datosUsoInternacional: "internationalData",
  datosRedesSociales: "socialMediaData",
  minutos: "minutesUsed",
  sms: "messaggesUsed",
} as const;
export type BalanceItemName = (typeof ITEM_NAMES)[keyof typeof ITEM_NAMES];

/** One consumption item (docs/upstream.md output mb_used, mb_total, … in camelCase). */
export type BalanceItem = {
  name: BalanceItemName;
  mbUsed: number;
  mbTotal: number;
  mbAvailable: number;
  minAvailable: number;
  minUsed: number;
  smsAvailable: number;
  smsUsed: number;
};

export type LineBalance = {
  items: BalanceItem[];
  /** ISO date of the next recharge, when the line has one. */
  nextRecharge?: string;
  sharesData: boolean;
  offerings: { offeringId: string; expireDate: string }[];
  unlimited: boolean;
};

type WireBalance = z.infer<typeof balanceResponse>;

function toBalance(wire: WireBalance): LineBalance {
  const items: BalanceItem[] = [];
  for (const item of wire.consumo) {
    const name = ITEM_NAMES[item.nombre as keyof typeof ITEM_NAMES];
    // A new item kind must not break the balance page: it is logged and left out.
    if (!name) {
      logger("upstream").warn({ call: "conn.balance", concept: item.nombre }, "concepto de consumo desconocido, se omite");
      continue;
    }
    items.push({
      name,
      mbUsed: item.mb_usados ?? 0,
      mbTotal: item.mb_totales ?? 0,
      mbAvailable: item.mb_disponibles ?? 0,
      minAvailable: item.min_disponibles ?? 0,
      minUsed: item.min_usados ?? 0,
      smsAvailable: item.sms_disponibles ?? 0,
      smsUsed: item.sms_usados ?? 0,
    });
  }
  return {
    items,
    ...(wire.proxima_recarga ? { nextRecharge: wire.proxima_recarga } : {}),
    sharesData: wire.comparteDatos ?? false,
    offerings: wire.offeringsIds.map(({ offeringId, expireDate }) => ({ offeringId, expireDate })),
    unlimited: wire.esIlimitado ?? false,
  };
}

async function balanceCall(call: string, path: string, body: unknown, headers: Record<string, string>, options: ConnOptions): Promise<UpstreamResult<LineBalance>> {
  const result = await upstreamFetch({ call, upstream: "conn", method: "POST", path, body, headers, schema: balanceResponse, errorSchema: connErrorBody, ...options });
  // A 401 means the session is gone: "Tu sesión expiró", so the caller can log the user out.
  if (!result.ok) return withMessage(result, BALANCE_FAILED, isUnauthorized);
  if (!result.data.success) return refusedRead(call, BALANCE_FAILED, result.status, result.data.message ?? result.data.mensaje);
  return { ok: true, status: result.status, data: toBalance(result.data) };
}

/** POST consumoV3 with the legacy access token (body `access` and header Ordaccess). */
export function getBalance(access: string, options: ConnOptions = {}) {
  return balanceCall("conn.balance", "/conn/page/api/app/consumoV3", { access }, { Ordaccess: access }, options);
}

/** POST consumoSSO for a single-sign-on session: the number in the body, the SSO token as bearer. */
export function getSsoBalance(number: string, bearer: string, options: ConnOptions = {}) {
  return balanceCall("conn.balanceSso", "/conn/page/api/sso/consumoSSO", { numero: number }, { Authorization: `Bearer ${bearer}` }, options);
}
