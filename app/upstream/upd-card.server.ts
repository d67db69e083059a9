/**
 * The upd-card upstream (SIM replacement): register a replacement of a line's SIM, send a
 * verification code to the line, and validate it. Wire names as the upstream sends them (dn,
 * iccid, otp); English domain types. Every function returns an `UpstreamResult`, never throws.
 *
 * Business answers:
 * - register: HTTP 412 (not a Bait number) and a 200 with `success: false` and a `code` become
 *   `{ ok: false, error }` with the reason's key of `simReplacementKeys` (errors.ts).
 * - send-otp: a line still locked out is a normal answer, `{ kind: "locked", unlockDate }`; a
 *   refusal without an unlock date is an error with 'errors:otp.sendFailed'.
 * - validate-otp: every answer the upstream gives on a 200 is an `OtpOutcome` (accepted, wrong
 *   code with attempts left, locked with its unlock date, failed); only transport and schema
 *   problems are errors.
 */
import * as z from "zod";
import { otpOutcome, otpSendKeys, simReplacementKeys, type OtpOutcome } from "./errors";
import { logger } from "~/lib/log.server";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "./http.server";

const errorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() });
const unlockDate = z.iso.datetime({ offset: true }).nullish();

// --- Register a replacement ---------------------------------------------------------------------

export const replacementRefusal = z.enum(["ICCID_INVALIDO", "ICCID_EN_USO", "ICCID_PORTABILIDAD", "ERROR"]).catch("ERROR");
const refusalKeys: Record<z.infer<typeof replacementRefusal>, string> = {
  ICCID_INVALIDO: simReplacementKeys.iccidInvalid,
  ICCID_EN_USO: simReplacementKeys.iccidInUse,
  ICCID_PORTABILIDAD: simReplacementKeys.fromPortability,
  ERROR: simReplacementKeys.default,
};

export const registerReplaceRequestWire = z.object({
  dn: z.string().regex(/^\d{10}$/),
  iccid: z.string().regex(/^\d{19}$/),
  email: z.email(),
  reason: z.string().min(1),
});
export const registerReplaceWire = z.discriminatedUnion("success", [
  z.object({ success: z.literal(true), message: z.string(), uuid: z.string().min(1) }),
  z.object({ success: z.literal(false), message: z.string().optional(), code: replacementRefusal.optional() }),
]);

export type ReplacementInput = { number: string; iccid: string; email: string; reason: string };
export type ReplacementRegistered = { uuid: string; messageKey: string; upstreamMessage: string };

export async function registerReplacement(input: ReplacementInput): Promise<UpstreamResult<ReplacementRegistered>> {
  const call = "updCard.registerReplace";
  const body: z.input<typeof registerReplaceRequestWire> = { dn: input.number, iccid: input.iccid, email: input.email, reason: input.reason };
  const result = await upstreamFetch({
    call,
    upstream: "updCard",
    method: "POST",
    path: "/api/upd-card/v1/register-replace",
    body,
    schema: registerReplaceWire,
    errorSchema: errorBody,
    messages: { 400: "errors:upstream.badRequest", 412: simReplacementKeys.notBait, 404: simReplacementKeys.notBait },
  });
  if (!result.ok) return result;
  if (!result.data.success) {
    const code = result.data.code ?? "ERROR";
    logger("upstream").error({ call, reason: code }, "rechazada");
    return { ok: false, error: new UpstreamError(call, "http", refusalKeys[code], result.status, result.data.message) };
  }
  return { ok: true, status: result.status, data: { uuid: result.data.uuid, messageKey: simReplacementKeys.registered, upstreamMessage: result.data.message } };
}

// --- Send a verification code ----------------------------------------------------------------------

export const sendOtpWire = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  unlockDate,
});
export type OtpSent = { kind: "sent"; messageKey: typeof otpSendKeys.sent } | { kind: "locked"; messageKey: typeof otpSendKeys.locked; unlockDate: string };

export async function sendReplacementOtp(number: string): Promise<UpstreamResult<OtpSent>> {
  const call = "updCard.sendOtp";
  const result = await upstreamFetch({
    call,
    upstream: "updCard",
    method: "POST",
    path: "/api/upd-card/v1/send-otp",
    body: { dn: number },
    schema: sendOtpWire,
    errorSchema: errorBody,
    messages: { 400: "errors:line.invalidNumber", 412: "errors:line.notBait" },
  });
  if (!result.ok) return result;
  const outcome = otpOutcome(result.data);
  if (outcome.kind === "locked") return { ok: true, status: result.status, data: { kind: "locked", messageKey: otpSendKeys.locked, unlockDate: outcome.unlockDate } };
  if (!result.data.success) {
    logger("upstream").error({ call, status: result.status }, "no se envió el código");
    return { ok: false, error: new UpstreamError(call, "http", otpSendKeys.failed, result.status, result.data.message) };
  }
  return { ok: true, status: result.status, data: { kind: "sent", messageKey: otpSendKeys.sent } };
}

// --- Validate the code --------------------------------------------------------------------------------

export const validateOtpWire = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  code: z.union([z.string(), z.number()]).optional(),
  unlockDate,
  attemptsRemaining: z.number().int().min(0).nullish(),
});

export async function validateReplacementOtp(number: string, code: string): Promise<UpstreamResult<OtpOutcome>> {
  const result = await upstreamFetch({
    call: "updCard.validateOtp",
    upstream: "updCard",
    method: "PATCH",
    path: "/api/upd-card/v1/validate-otp",
    body: { dn: number, otp: code },
    schema: validateOtpWire,
    errorSchema: errorBody,
    messages: { 400: "errors:line.invalidNumber", 412: "errors:line.notBait" },
  });
  return result.ok ? { ok: true, status: result.status, data: otpOutcome(result.data) } : result;
}
