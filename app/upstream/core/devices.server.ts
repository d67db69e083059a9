import { upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { compatibilityWire, validateImeiWire, type DeviceCheck } from "./devices.schemas";
import { ok, refuse } from "./results.server";

/**
 * Device checks on the core upstream. `POST /api/core/captacion/imei/verificacion` is our path:
 * the spec names the call in §7's journey row without showing one.
 */

const deviceMessages = { 400: "esim:device.networkOnly", 500: "esim:device.serverError", 502: "esim:device.serverError" } as const;

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
  if (check.network === "incompatible") return "esim:device.incompatible";
  if (check.network === "vozapp") return "esim:device.vozapp";
  return check.supportsEsim ? "esim:device.compatible" : "esim:device.networkOnly";
}


/**
 * POST /api/core/captacion/imei/verificacion: the contact flow's compatibility check.
 * `success: false` is a refusal with `esim:device.incompatible` and the upstream's message.
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
  if (!success) return refuse(call, "esim:device.incompatible", "incompatible", { upstreamMessage: device.message });
  return ok(device, result.status);
}
