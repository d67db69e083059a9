import type { LineProfile } from "#schemas/line";
import { ICCID_PREFIX } from "#schemas/forms/fields";
import { ICCID_DEFAULT, iccidErrorKey, iccidMessages, lineNumberErrorKey, lineNumberMessages } from "../errors";
import { UpstreamError, upstreamFetch, type UpstreamResult } from "../http.server";
import { errorBody } from "./common.schemas";
import { baitProfileWire, lineProfileWire, serviceProfileWire, type LineCheck } from "./line.schemas";
import { ok, refuse } from "./results.server";

/**
 * Line checks on the core upstream (paths under /api/core): a number's or a SIM's profile and
 * status, the legacy recharge check and a Bait number's profile. What a status means (may it be
 * recharged, registered) is decided in app/features/line. `POST /api/core/servicio/perfil/bait`
 * is our path (the spec does not show one).
 */

/** Number checks use the line-number table of docs/recharge.md (errors.ts); SIM checks the ICCID table. */
const lineNumberKeys = lineNumberMessages as Partial<Record<number, string>>;
const iccidKeys = { 400: ICCID_DEFAULT, 424: ICCID_DEFAULT, 502: "errors:iccid.unavailable", ...iccidMessages } as Partial<Record<number, string>>;

/**
 * GET /api/core/q/{type}/{identifier}/get/{view}: the profile (and with view "status" the SIM
 * status) of a number (type dn) or a SIM (type iccid, 19 digits).
 */
export async function getLineProfile(input: { type: "dn" | "iccid"; identifier: string; view?: "basic" | "status" }): Promise<UpstreamResult<LineCheck>> {
  const view = input.view ?? "status";
  const result = await upstreamFetch({
    call: "core.lineProfile",
    upstream: "core",
    path: `/api/core/q/${input.type}/${encodeURIComponent(input.identifier)}/get/${view}`,
    schema: lineProfileWire,
    messages: input.type === "dn" ? lineNumberKeys : iccidKeys,
    errorSchema: errorBody,
  });
  // No answer at all is the table's status 0.
  if (!result.ok && result.error.kind === "network") {
    const key = input.type === "dn" ? lineNumberErrorKey(0) : iccidErrorKey(404);
    return { ok: false, error: new UpstreamError(result.error.call, "network", key) };
  }
  return result;
}

/** The SIM's 19-digit ICCID from the 13 digits the customer types (docs/recharge.md). */
export const fullIccid = (typed: string) => `${ICCID_PREFIX}${typed.replace(/\D/g, "")}`;

/** Legacy replacement codes (docs/recharge.md, spec §8) → catalogue keys; 0 means "go ahead". */
export function replacementMessageKey(code: number, rechargeType?: number): string {
  switch (code) {
    case -1:
      return "recharge:replacement.notAssociate";
    case 1:
      return "recharge:replacement.cannotRecharge";
    case 2:
      return "recharge:replacement.notInNetwork";
    case 3:
      return "recharge:replacement.needsActivation";
    case 4:
      // §3's type codes: 2 home internet; 3 and 8 portable internet (docs/recharge.md "Offer types").
      return rechargeType === 2
        ? "recharge:replacement.wrongType.hbb"
        : rechargeType === 3 || rechargeType === 8
          ? "recharge:replacement.wrongType.mifi"
          : "recharge:replacement.wrongType.default";
    default:
      return "recharge:replacement.unavailable";
  }
}

/**
 * POST /api/core/bait/servicio/perfil: the legacy recharge check of a number for a recharge
 * type (`tipo`, docs/recharge.md type codes) with the captcha `token`. Status 0 is "may recharge";
 * -1, 1, 2, 3, 4 and 500 are refusals with `reason` set to the code.
 */
export async function checkServiceProfile(input: { number: string; iccid?: string; rechargeType: number; captchaToken?: string }): Promise<UpstreamResult<{ allowed: true }>> {
  const call = "core.serviceProfile";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/bait/servicio/perfil",
    body: { dn: input.number, iccid: input.iccid ?? "", tipo: input.rechargeType, token: input.captchaToken ?? "" },
    schema: serviceProfileWire,
    messages: { 400: lineNumberMessages[400], 412: "recharge:replacement.wrongType.default", 500: "recharge:replacement.unavailable" },
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (result.data.status !== 0) {
    return refuse(call, replacementMessageKey(result.data.status, input.rechargeType), String(result.data.status), { upstreamMessage: result.data.message });
  }
  return ok({ allowed: true as const }, result.status);
}

/** POST /api/core/servicio/perfil/bait: the profile code (1/2/3) and status of a Bait number. */
export async function getBaitProfile(number: string): Promise<UpstreamResult<{ profile: LineProfile; status?: string }>> {
  const call = "core.baitProfile";
  const result = await upstreamFetch({
    call,
    upstream: "core",
    method: "POST",
    path: "/api/core/servicio/perfil/bait",
    body: { numero: number },
    schema: baitProfileWire,
    messages: lineNumberKeys,
    errorSchema: errorBody,
  });
  if (!result.ok) return result;
  if (!result.data.found || !result.data.profile) return refuse(call, lineNumberMessages[412], "notBait", { upstreamMessage: result.data.message });
  return ok({ profile: result.data.profile, status: result.data.status }, result.status);
}
