import { profileForType } from "#schemas/forms/recharge";
import { isLineProfile, type LineProfile } from "#schemas/line";
import { lineRechargeEligibility } from "~/features/line/line";
import { checkServiceProfile, getLineProfile } from "~/upstream/core/line.server";
import type { RechargeHistoryEntry } from "~/upstream/core/recharges.schemas";
import { getRechargeHistory, hasPendingRecharge } from "~/upstream/core/recharges.server";
import type { UpstreamResult } from "~/upstream/http.server";

/** Whether a number may get a recharge of a type, and if not, the catalogue key that says why. */
export type LineVerdict = { ok: true } | { ok: false; messageKey: string };

/** The associates' offers (type 4) are checked by the legacy replacement service (codes -1, 1, 2, 3, 4, 500). */
export const ASSOCIATES_TYPE = 4;

/**
 * The "valid line for recharge" rule of docs/recharge.md, asked of the upstream: the number's profile
 * and status (type dn, view status) for every offer but the associates', which the legacy
 * replacement check answers. Errors of the check are the HTTP-status messages of docs/recharge.md.
 */
export async function checkRechargeLine(number: string, rechargeType: number, captchaToken?: string): Promise<LineVerdict> {
  if (rechargeType === ASSOCIATES_TYPE) {
    const result = await checkServiceProfile({ number, rechargeType, captchaToken });
    return result.ok ? { ok: true } : { ok: false, messageKey: result.error.messageKey };
  }
  const result = await getLineProfile({ type: "dn", identifier: number, view: "status" });
  if (!result.ok) return { ok: false, messageKey: result.error.messageKey };
  return lineRechargeEligibility(result.data.profile, result.data.status, profileForType(rechargeType));
}

/** Which recharges a number may get: its kind (mobile, home internet, portable internet) and whether it is an associate's line. */
export type LineKindVerdict = { ok: true; profile: LineProfile; associate: boolean } | { ok: false; messageKey: string };

/**
 * The same rule for a number typed before any offer is chosen (the number-first block,
 * docs/recharge.md): the profile and status the upstream gives decide the line's kind or the
 * refusal (idle, b2b, incompatible, not Bait…); a mobile line that the associates' check
 * (the legacy replacement check, type 4) accepts may also get the associates' offers.
 */
export async function checkLineKind(number: string): Promise<LineKindVerdict> {
  const result = await getLineProfile({ type: "dn", identifier: number, view: "status" });
  if (!result.ok) return { ok: false, messageKey: result.error.messageKey };
  const { profile, status } = result.data;
  const verdict = lineRechargeEligibility(profile, status);
  if (!verdict.ok) return verdict;
  if (!isLineProfile(profile)) return { ok: false, messageKey: "recharge:lineNumber.status.default" };
  // A refusal of the associates' check only means no associates' offers.
  const associate = profile === "mbb" && (await checkServiceProfile({ number, rechargeType: ASSOCIATES_TYPE })).ok;
  return { ok: true, profile, associate };
}

/** What 'Siguiente' does after reading the line's history (docs/recharge.md). */
export type HistoryVerdict = { kind: "clear" } | { kind: "pending" } | { kind: "failed"; messageKey: string };

/**
 * The history rule: the newest entry still not applied asks the customer whether to go on; a
 * 412 (no history kept for the number) goes on; any other failure stops the flow with the
 * generic error.
 */
export function historyVerdict(result: UpstreamResult<RechargeHistoryEntry[]>): HistoryVerdict {
  if (!result.ok) return result.error.status === 412 ? { kind: "clear" } : { kind: "failed", messageKey: "recharge:history.error" };
  return hasPendingRecharge(result.data) ? { kind: "pending" } : { kind: "clear" };
}

export async function checkRechargeHistory(number: string): Promise<HistoryVerdict> {
  return historyVerdict(await getRechargeHistory(number, 1));
}
