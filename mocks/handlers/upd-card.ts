import { http, HttpResponse, type RequestHandler } from "msw";
import { switched } from "../switches";
import { checkCode, lineOf, lockedUntil, world } from "../world";
import { ACTIVE_ELSEWHERE_ICCID, PORTED_ICCID } from "../fixtures/demo";
import { addReplacement, portabilityByIccid, replacementByIccid, support } from "../world-support";

const api = "https://upd-card.upstream.mock/api/upd-card/v1";
const baitIccid = /^895214\d{13}$/;

const notBait = () => HttpResponse.json({ success: false, message: "El número no es Bait" }, { status: 412 });
const badNumber = () => HttpResponse.json({ success: false, message: "dn must be 10 digits" }, { status: 400 });
const readBody = async (request: Request) => ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;

/**
 * Handlers of the upd-card upstream (SIM replacement). Codes follow the shared world: 1234 is
 * right, three wrong ones lock the number for an hour, 5566666666 starts locked. A right code
 * confirms the number's pending replacement and the line takes the new SIM's ICCID.
 */
export const updCard: RequestHandler[] = [
  http.post(`${api}/register-replace`, async ({ request }) => {
    const forced = await switched("updCard.registerReplace");
    if (forced) return forced;
    const body = await readBody(request);
    const { dn, iccid, email, reason } = body;
    if (typeof dn !== "string" || !/^\d{10}$/.test(dn)) return badNumber();
    if (typeof email !== "string" || !email.includes("@") || typeof reason !== "string" || !reason || typeof iccid !== "string") {
      return HttpResponse.json({ success: false, message: "email, iccid y reason son obligatorios" }, { status: 400 });
    }
    const line = lineOf(dn);
    if (!line) return notBait();
    if (!baitIccid.test(iccid)) return HttpResponse.json({ success: false, code: "ICCID_INVALIDO", message: "El ICCID no es de una SIM Bait" });
    if (iccid === PORTED_ICCID || portabilityByIccid(iccid)) {
      return HttpResponse.json({ success: false, code: "ICCID_PORTABILIDAD", message: "El ICCID proviene de una portabilidad" });
    }
    const usedByLine = [...world.lines.values()].some((other) => other.iccid === iccid && other.number !== dn);
    const usedByReplacement = replacementByIccid(iccid);
    if (iccid === ACTIVE_ELSEWHERE_ICCID || usedByLine || (usedByReplacement && usedByReplacement.number !== dn)) {
      return HttpResponse.json({ success: false, code: "ICCID_EN_USO", message: "El ICCID ya está asignado" });
    }
    const created = addReplacement({ number: dn, iccid, email, reason });
    return HttpResponse.json({ success: true, message: "Reposición registrada", uuid: created.uuid });
  }),

  http.post(`${api}/send-otp`, async ({ request }) => {
    const forced = await switched("updCard.sendOtp");
    if (forced) return forced;
    const { dn } = await readBody(request);
    if (typeof dn !== "string" || !/^\d{10}$/.test(dn)) return badNumber();
    if (!lineOf(dn)) return notBait();
    const unlockDate = lockedUntil(dn);
    if (unlockDate) return HttpResponse.json({ success: false, code: "BLOQUEADO", message: "Número bloqueado temporalmente", unlockDate });
    return HttpResponse.json({ success: true, message: "Código enviado" });
  }),

  http.patch(`${api}/validate-otp`, async ({ request }) => {
    const forced = await switched("updCard.validateOtp");
    if (forced) return forced;
    const { dn, otp } = await readBody(request);
    if (typeof dn !== "string" || !/^\d{10}$/.test(dn)) return badNumber();
    if (!lineOf(dn)) return notBait();
    const checked = checkCode(dn, typeof otp === "string" ? otp : "");
    if (!checked.ok) {
      return HttpResponse.json({
        success: false,
        code: checked.unlockDate ? "BLOQUEADO" : "CODIGO_INCORRECTO",
        message: checked.unlockDate ? "Número bloqueado temporalmente" : "Código incorrecto",
        unlockDate: checked.unlockDate ?? null,
        attemptsRemaining: checked.attemptsRemaining,
      });
    }
    const pending = support.replacements.get(dn);
    const line = lineOf(dn);
    if (pending?.status === "pending") {
      pending.status = "confirmed";
      if (line) line.iccid = pending.iccid;
    }
    return HttpResponse.json({ success: true, code: 0, message: "Código validado" });
  }),
];
