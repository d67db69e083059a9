import type { AppLoadContext } from "@remix-run/node";
import { IMEI_PATTERN, imeiSchema } from "#schemas/forms/esim";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { translate } from "~/lib/i18n/i18n.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { deviceMessageKey, validateImei } from "~/upstream/core/devices.server";

/**
 * The device check by IMEI (docs/esim.md "The IMEI check"), one module for the eSIM modal and
 * /compatibilidad: POST /api/core/api/validate/IMEI, and what its answer means for the visitor.
 *
 * - `esim`: works on the network and with an E-SIM (green; the eSIM may be paid);
 * - `networkOnly`: works on the network, not with an E-SIM (red; a physical SIM instead); a 400 is this too;
 * - `vozapp`: works through the VozAPP app (download it);
 * - `incompatible`: does not work on the network (red);
 * - `error`: the server-error message for a 5xx, else 'Error al obtener la respuesta del servicio'.
 */
export type DeviceVerdict = "esim" | "networkOnly" | "vozapp" | "incompatible" | "error";
export type DeviceCheck = {
  imei: string;
  verdict: DeviceVerdict;
  tone: "success" | "warning" | "error";
  message: string;
};

const RESPONSE_ERROR = "esim:device.responseError";
const VERDICT_OF_KEY: Record<string, DeviceVerdict> = {
  "esim:device.compatible": "esim",
  "esim:device.networkOnly": "networkOnly",
  "esim:device.vozapp": "vozapp",
  "esim:device.incompatible": "incompatible",
};

const toneOf = (verdict: DeviceVerdict): DeviceCheck["tone"] => (verdict === "esim" ? "success" : verdict === "vozapp" ? "warning" : "error");

function answerOf(imei: string, key: string, verdict: DeviceVerdict): DeviceCheck {
  return { imei, verdict, tone: toneOf(verdict), message: translate(key) };
}

/** The check of a well-formed IMEI (13 to 17 digits; the caller's schema has said so). */
export async function checkDevice(imei: string): Promise<DeviceCheck> {
  const result = await validateImei(imei);
  if (result.ok) {
    const key = deviceMessageKey(result.data);
    return answerOf(imei, key, VERDICT_OF_KEY[key] ?? "incompatible");
  }
  const key = result.error.messageKey;
  // The upstream's 400 means "compatible, but not with an E-SIM" (docs/esim.md); its 5xx the server-error text.
  const verdict = VERDICT_OF_KEY[key];
  if (verdict) return answerOf(imei, key, verdict);
  return answerOf(imei, key === "esim:device.serverError" ? key : RESPONSE_ERROR, "error");
}

/**
 * A check counted against the visitor's IP (100 in 15 minutes, like the line checks), so the
 * form cannot be used to sweep the device database through us. Null when over the limit, with
 * the catalogue message to show instead.
 */
export async function limitedDeviceCheck(imei: string, context: AppLoadContext): Promise<DeviceCheck | { limited: string; retryAfterSeconds: number }> {
  const attempt = { action: "imei" as const, ip: context.clientIp };
  // Every check counts, taken before the upstream is asked: a sweep is many well-formed IMEIs, most of them answered.
  const limit = await rateLimiter.take(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return { limited: translate(key, values), retryAfterSeconds: limit.retryAfterSeconds };
  }
  return checkDevice(imei);
}

export const isWellFormedImei = (value: string) => IMEI_PATTERN.test(value);

/** What /compatibilidad shows under its form: nothing asked yet, or the form as sent with its check. */
export type CompatibilityLookup = {
  form?: SubmissionResult<string[]>;
  check: DeviceCheck | null;
  /** The attempt limit's message, when the check was not made. */
  refused: string | null;
};

/**
 * /compatibilidad's check (docs/esim.md "The device check"): `?imei=` in the URL, so an answer is a
 * link; the same module, texts and limits as the eSIM modal's. A malformed IMEI never reaches
 * the upstream.
 */
export async function compatibilityLookup(url: URL, context: AppLoadContext): Promise<CompatibilityLookup> {
  if (!url.searchParams.has("imei")) return { check: null, refused: null };
  const sent = { imei: url.searchParams.get("imei") ?? "" };
  const submission = parseWithZod(new URLSearchParams(sent), { schema: imeiSchema });
  if (submission.status !== "success") return { form: submission.reply(), check: null, refused: null };
  const device = await limitedDeviceCheck(submission.value.imei, context);
  const form = submission.reply();
  return "limited" in device ? { form, check: null, refused: device.limited } : { form, check: device, refused: null };
}
