import { upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { compatibilityWire, validateImeiWire, type DeviceCheck } from "./devices.schemas";
import { ok, refuse } from "./results.server";

/**
 * Device checks on the core upstream. `POST /api/core/captacion/imei/verificacion` is our path:
 * the spec names the call in §7's journey row without showing one.
 */

const deviceMessages = { 400: "recharge:device.noEsim", 500: "recharge:device.serverError", 502: "recharge:device.serverError" } as const;

/** POST /api/core/api/validate/IMEI: network and eSIM support of a device. */
export function validateImei(imei: string): Promise<UpstreamResult<DeviceCheck>> {
  return upstreamFetch({
    call: "core.validateImei",
    upstream: "core",
    method: "POST",
    path: "/api/core/api/validate/IMEI",
    body: { IMEI: imei },
    schema: validateImeiWire,
    messages: deviceMessages,
    errorSchema: errorBody,
  });
}

/** The catalogue key that tells the customer what a device check means (docs/upstream.md). */
export function deviceMessageKey(check: DeviceCheck): string {
  if (check.network === "incompatible") return "recharge:device.incompatible";
  if (check.network === "vozapp") return "recharge:device.vozapp";
  return check.supportsEsim ? "recharge:device.compatible" : "recharge:device.noEsim";
}


/**
 * POST /api/core/captacion/imei/verificacion: the contact flow's compatibility check.
 * `success: false` is a refusal with `recharge:device.incompatible` and the upstream's message.
 */
export async function checkImeiCompatibility(imei: string): Promise<UpstreamResult<{ compatible: boolean; supportsEsim: boolean; message?: string }>> {
  const call = "core.imeiCompatibility";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/captacion/imei/verificacion",
    body: { imei },
    schema: compatibilityWire,
    messages: deviceMessages,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  const { success, ...device } = result.data;
  if (!success) return refuse(call, "recharge:device.incompatible", "incompatible", { upstreamMessage: device.message });
  return ok(device, result.status);
}
