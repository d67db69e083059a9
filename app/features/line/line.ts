import { isLineProfile, type LineProfile } from "#schemas/line";
import type { LineCheck } from "~/upstream/core/line.schemas";

/**
 * What a line's status means (docs/recharge.md): the statuses the upstream gives, which of them
 * may be recharged for each kind of line, whether a SIM may be registered, and the message each
 * status shows. The upstream only reads them (app/upstream/core/line.server.ts); these rules
 * decide.
 */

/** The statuses of a line the site names in words; any other is "Sin información". */
export const lineStatuses = ["active", "suspend", "idle", "predeactivate", "barring"] as const;
export type LineStatus = (typeof lineStatuses)[number];
export const isLineStatus = (value: string | undefined): value is LineStatus => (lineStatuses as readonly string[]).includes(value ?? "");

/** Statuses a line may be recharged in, per kind. */
const rechargeableStatuses: Record<LineProfile, readonly LineStatus[]> = {
  mbb: ["active", "suspend", "predeactivate"],
  mifi: ["active", "suspend", "predeactivate"],
  hbb: ["active"],
};

export type Eligibility = { ok: true } | { ok: false; messageKey: string };

/**
 * Whether a line may be recharged: mbb and mifi when active, suspend or predeactivate; hbb only
 * when active; any other status gives the idle message. A profile (or status) "incompatible"
 * gives the message of the profile being recharged; b2b lines have their own message.
 * `expected`, when given, is the profile the recharge is for (an hbb offer needs an hbb service
 * number).
 */
export function lineRechargeEligibility(profile: string, status: string | undefined, expected?: LineProfile): Eligibility {
  if (profile === "incompatible" || status === "incompatible") {
    const which = expected ?? (isLineProfile(profile) ? profile : "default");
    return { ok: false, messageKey: `recharge:lineNumber.status.incompatible.${which}` };
  }
  if (profile === "b2b") return { ok: false, messageKey: "recharge:lineNumber.status.b2b" };
  if (!isLineProfile(profile)) return { ok: false, messageKey: "recharge:lineNumber.status.default" };
  if (expected && profile !== expected) return { ok: false, messageKey: `recharge:lineNumber.wrongProfile.${expected}` };
  if (!status) return { ok: false, messageKey: "recharge:lineNumber.status.status" };
  if ((rechargeableStatuses[profile] as readonly string[]).includes(status)) return { ok: true };
  return { ok: false, messageKey: "recharge:lineNumber.status.idle" };
}

/** The SIM status catalogue: a message per status, WhatsApp support by default. */
export function simStatusMessageKey(status: string | undefined): string {
  return isLineStatus(status) || status === "incompatible" ? `recharge:simStatus.${status}` : "recharge:simStatus.default";
}

/** Whether a SIM found by its ICCID may be registered as a service of the given kind: it must be of that kind and active. */
export function iccidRegistrationEligibility(line: LineCheck, expected: "hbb" | "mifi"): Eligibility {
  if (line.profile !== expected) return { ok: false, messageKey: `recharge:iccid.wrongProfile.${expected}` };
  if (line.status !== "active") return { ok: false, messageKey: simStatusMessageKey(line.status) };
  return { ok: true };
}
