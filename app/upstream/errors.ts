/**
 * The code tables of docs/upstream.md, in one place: each upstream status or code a screen can meet is
 * mapped to a catalogue key of locales/es-MX/errors.json. Clients pass the `*Messages` maps to
 * `upstreamFetch({ messages })`; screens that already hold an `UpstreamError` or a code use the
 * `*Key` functions. A code a table does not know gets that table's default, never a raw code.
 *
 * Not here: SIM-status texts and "valid line for recharge" (recharge.json) and the legacy
 * replacement codes -1..4 (recharge.json), which belong to the recharge flow.
 */
import type { UpstreamError } from "./http.server";
import { isLineProfile, lineProfiles } from "#schemas/line";

/** The catalogue entries of the support lines, for texts that name them ("llama al 800 …"). */
export const SUPPORT_PHONE = "800 123 2248";
export const SUPPORT_SHORT_CODE = "*282";
export const supportKeys = {
  phone: "errors:support.phone",
  shortCode: "errors:support.shortCode",
  contact: "errors:support.contact",
} as const;

// ---------------------------------------------------------------------------------------------
// Line number (profile check of a Bait number): message by HTTP status; 0 = no answer at all.

export const lineNumberMessages = {
  0: "errors:line.noConnection",
  400: "errors:line.invalidNumber",
  404: "errors:line.notFound",
  412: "errors:line.notBait",
  424: "errors:line.dependencyFailed",
  500: "errors:line.unavailable",
  502: "errors:line.unavailable",
} as const satisfies Record<number, string>;
export const LINE_NUMBER_DEFAULT = "errors:line.default";

/** Status 0 (or a network error / timeout) means the browser never got an answer. */
export function lineNumberErrorKey(status: number): string {
  return (lineNumberMessages as Record<number, string>)[status] ?? LINE_NUMBER_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// ICCID check (registration of a home / portable internet service).

export const iccidMessages = {
  404: "errors:iccid.unavailable",
  412: "errors:iccid.notBait",
  500: "errors:iccid.unavailable",
} as const satisfies Record<number, string>;
export const ICCID_DEFAULT = "errors:iccid.default";

export function iccidErrorKey(status: number): string {
  return (iccidMessages as Record<number, string>)[status] ?? ICCID_DEFAULT;
}

/** The captured SIM belongs to a number being ported to Bait. */
export const PORTABILITY_FROM_ICCID = "errors:portability.fromIccid";

/** Business answers of the portability upstream (success: false with a reason). */
export const portabilityKeys = {
  requested: "errors:portability.requested",
  nipInvalid: "errors:portability.nipInvalid",
  alreadyBait: "errors:portability.alreadyBait",
  inProgress: "errors:portability.inProgress",
  iccidInvalid: "errors:portability.iccidInvalid",
  default: "errors:portability.default",
} as const;

/** Business answers of the SIM replacement upstream (upd-card). Not the legacy codes -1..4. */
export const simReplacementKeys = {
  registered: "errors:simReplacement.registered",
  notBait: "errors:simReplacement.notBait",
  iccidInvalid: "errors:simReplacement.iccidInvalid",
  iccidInUse: "errors:simReplacement.iccidInUse",
  /** The new SIM comes from a portability (the portability-from-ICCID message). */
  fromPortability: "errors:simReplacement.fromPortability",
  default: "errors:simReplacement.default",
} as const;

// ---------------------------------------------------------------------------------------------
// Area-code (NIR) change: an HTTP 412 or a reason naming the line's type or status.

export const nirReasons = ["412", "mifi", "mbb", "status", "idle", "predeactivate", "b2b"] as const;
export type NirReason = (typeof nirReasons)[number];
export const NIR_DEFAULT = "errors:nir.default";

export function nirErrorKey(reason: string | number): string {
  const value = String(reason);
  if (value === "412") return "errors:nir.notBait";
  return (nirReasons as readonly string[]).includes(value) ? `errors:nir.${value}` : NIR_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// Login with a number of another line type than the form chosen (mobile vs service number).

export const LOGIN_BY_TYPE_DEFAULT = "errors:loginByType.default";

export function loginByTypeKey(lineType: string): string {
  return isLineProfile(lineType) ? `errors:loginByType.${lineType}` : LOGIN_BY_TYPE_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// Verification codes (OTP): an answer may carry message, code, unlockDate, attemptsRemaining.

export type OtpAnswer = {
  success?: boolean;
  message?: string;
  code?: string | number;
  unlockDate?: string | null;
  attemptsRemaining?: number | null;
};

/** What a screen does with a code answer: go on, ask again, count down, or say why not. */
export type OtpOutcome =
  | { kind: "accepted"; messageKey: "errors:otp.accepted" }
  | { kind: "wrongCode"; messageKey: "errors:otp.wrongCode" | "errors:otp.wrongCodeLast"; attemptsRemaining: number }
  | { kind: "locked"; messageKey: "errors:otp.locked"; unlockDate: string }
  | { kind: "failed"; messageKey: string; upstreamMessage?: string };

/**
 * Reads a code answer. A lockout (an unlock date still ahead) wins over everything; a refusal
 * with attempts left is a wrong code; a refusal without either is a failure the screen shows as
 * the upstream's message when it sent one.
 */
export function otpOutcome(answer: OtpAnswer, now: Date = new Date()): OtpOutcome {
  if (answer.unlockDate) {
    const unlock = new Date(answer.unlockDate);
    if (!Number.isNaN(unlock.getTime()) && unlock.getTime() > now.getTime()) {
      return { kind: "locked", messageKey: "errors:otp.locked", unlockDate: unlock.toISOString() };
    }
  }
  if (answer.success === true) return { kind: "accepted", messageKey: "errors:otp.accepted" };
  if (typeof answer.attemptsRemaining === "number" && answer.attemptsRemaining > 0) {
    return {
      kind: "wrongCode",
      messageKey: answer.attemptsRemaining === 1 ? "errors:otp.wrongCodeLast" : "errors:otp.wrongCode",
      attemptsRemaining: answer.attemptsRemaining,
    };
  }
  return { kind: "failed", messageKey: "errors:otp.default", upstreamMessage: answer.message || undefined };
}

/** Sending a code: refused while locked (the answer's unlock date), or failed. */
export const otpSendKeys = { sent: "errors:otp.sent", locked: "errors:otp.locked", failed: "errors:otp.sendFailed" } as const;

// ---------------------------------------------------------------------------------------------

/** A failed call's key in a status table, treating "no answer" (network, timeout) as status 0. */
export function keyForError(error: UpstreamError, byStatus: (status: number) => string): string {
  if (error.kind === "network" || error.kind === "timeout") return byStatus(0);
  if (error.kind === "invalidResponse") return error.messageKey;
  return byStatus(error.status ?? 0);
}

/** Every key this module can hand out, so a test can prove each exists in the catalogue. */
export const allErrorKeys: readonly string[] = [
  ...Object.values(supportKeys),
  ...Object.values(lineNumberMessages),
  LINE_NUMBER_DEFAULT,
  ...Object.values(iccidMessages),
  ICCID_DEFAULT,
  PORTABILITY_FROM_ICCID,
  ...Object.values(portabilityKeys),
  ...Object.values(simReplacementKeys),
  ...nirReasons.map(nirErrorKey),
  NIR_DEFAULT,
  ...lineProfiles.map(loginByTypeKey),
  LOGIN_BY_TYPE_DEFAULT,
  "errors:otp.accepted",
  "errors:otp.wrongCode",
  "errors:otp.wrongCodeLast",
  "errors:otp.locked",
  "errors:otp.default",
  ...Object.values(otpSendKeys),
];
