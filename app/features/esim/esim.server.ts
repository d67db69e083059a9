import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { Submission } from "@conform-to/dom";
import { esimSchema, imeiSchema } from "#schemas/forms/esim";
import { SALE_SESSION_KEY } from "#schemas/sale";
import { closeModalHref } from "~/components/url-modal";
import { readCampaign } from "~/features/campaign/campaign.server";
import { limitedDeviceCheck, type DeviceCheck } from "~/features/device/imei-check.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import type { FormAnswer } from "~/lib/form-answer.server";
import { translate } from "~/lib/i18n/i18n.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { checkEsimSale, esimKeys, validateEsimPurchaseLimit } from "~/upstream/esim.server";
import { FIELD_STEPS, isStepField, stepValue } from "./journey-steps";
import { readJourney, recordPortabilityStep, recordStep, saveJourney, startJourney } from "./journey.server";
import { findEsimOffer, isPortabilityFlow } from "./offer.server";
import { createOfferSource } from "~/features/recharge/catalogue.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { buildEsimSale } from "./sale";
import { ESIM_PARAM } from "./urls";

/** The 'Revisar compatibilidad' button's intent: check the IMEI, judge nothing else (the no-JavaScript check). */
export const IMEI_INTENT = "revisar-imei";

export type EsimAnswer = FormAnswer & {
  /** The device check of the IMEI posted, when one was made. */
  device?: DeviceCheck | null;
};

const noStore = { "Cache-Control": "private, no-store" };

function answer(
  submission: Submission<unknown>,
  status: number,
  extra: { device?: DeviceCheck | null; message?: FormAnswer["message"]; fieldErrors?: Record<string, string[]> } = {},
  headers?: HeadersInit
) {
  const result = submission.reply({ ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}), hideFields: [...SECRET_FIELDS] });
  return data<EsimAnswer>({ result, device: extra.device ?? null, ...(extra.message ? { message: extra.message } : {}) }, { status, headers: { ...noStore, ...headers } });
}

const errorMessage = (key: string, upstreamText?: string) => ({ tone: "error" as const, text: upstreamText || translate(key) });

/** A device check recorded as the journey's imeicompatible step (compatible = can buy an eSIM). */
async function checkAndRecord(imei: string, journey: string | null, context: AppLoadContext): Promise<DeviceCheck | { limited: string; retryAfterSeconds: number }> {
  const device = await limitedDeviceCheck(imei, context);
  if (journey && "verdict" in device && device.verdict !== "error") recordStep(journey, "imeicompatible", device.verdict === "esim");
  return device;
}

/**
 * The eSIM modal's posts (docs/esim.md, spec §4 "eSIM flow"):
 * - 'Revisar compatibilidad' (`intent=revisar-imei`, what JavaScript does 600 ms after typing):
 *   the IMEI's check, the rest of the form kept as typed;
 * - 'Pagar': the form's rules, the device check again (only an eSIM-compatible device pays), the
 *   journey steps bait and boton, the sale check, the per-e-mail limit (refused: the modal closes
 *   with the spec's message), the all-data update, then the sale goes to the session and the
 *   visitor to the checkout.
 */
export async function esimAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const formData = await readForm(request);
  // With the `e-sim` flag off (or the offer out of its window) no eSIM is sold: the offer is unknown.
  const lookup = await findEsimOffer(String(formData.get("offerId") ?? url.searchParams.get(ESIM_PARAM) ?? ""), createOfferSource(await viewerFor(request, context)));
  const journey = await readJourney(request);

  if (formData.get("intent") === IMEI_INTENT) {
    const submission = parseWithZod(formData, { schema: imeiSchema });
    if (submission.status !== "success") return answer(submission, 400);
    const device = await checkAndRecord(submission.value.imei, journey, context);
    if ("limited" in device) return answer(submission, 429, { message: { tone: "error", text: device.limited } }, { "Retry-After": String(device.retryAfterSeconds) });
    return answer(submission, 200, { device });
  }

  const submission = parseWithZod(formData, { schema: esimSchema });
  if (!lookup.ok) return answer(submission, lookup.reason === "unknown" ? 404 : 503, { message: errorMessage(lookup.messageKey) });
  if (submission.status !== "success") return answer(submission, 400);
  const form = submission.value;
  // Every 'Pagar' reaches the upstream: limited per contact number and per IP.
  const tries = await rateLimiter.take({ action: "esim", number: form.contactNumber, ip: context.clientIp });
  if (!tries.allowed) {
    const { key, values } = tooManyAttempts(tries);
    return answer(submission, 429, { message: { tone: "error", text: translate(key, values) } }, { "Retry-After": String(tries.retryAfterSeconds) });
  }

  const started = journey ? { ok: true as const, uuid: journey, setCookie: null } : await startJourney(request);
  if (!started.ok) return answer(submission, 503, { message: errorMessage(esimKeys.sessionFailed) });
  const cookie = started.setCookie ? { "Set-Cookie": started.setCookie } : undefined;
  const portability = isPortabilityFlow(url);

  const device = await checkAndRecord(form.imei, started.uuid, context);
  if ("limited" in device) return answer(submission, 429, { message: { tone: "error", text: device.limited } }, { ...cookie, "Retry-After": String(device.retryAfterSeconds) });
  if (device.verdict !== "esim") return answer(submission, 422, { device, fieldErrors: { imei: ["esim:modal.payNeedsDevice"] } }, cookie);

  recordStep(started.uuid, "bait", !portability && form.isBait);
  recordStep(started.uuid, "boton", true);
  if (portability) recordPortabilityStep(started.uuid, "boton", true);

  const sold = await checkEsimSale(started.uuid);
  if (!sold.ok) return answer(submission, 409, { device, message: errorMessage(esimKeys.saleFailed) }, cookie);

  const limit = await validateEsimPurchaseLimit(form.email);
  if (!limit.ok) {
    // Over the limit: the spec resets the form and closes the modal, with its message on the page.
    if (limit.error.messageKey === esimKeys.limitExceeded) return redirectWithNotice(request, closeModalHref(url, ESIM_PARAM), esimKeys.limitExceeded, started.setCookie ? [started.setCookie] : []);
    return answer(submission, 503, { device, message: errorMessage(limit.error.messageKey) }, cookie);
  }

  saveJourney(started.uuid, portability ? "portabilidad" : "esim", {
    imei: form.imei,
    email: form.email,
    contactNumber: form.contactNumber,
    offerId: lookup.offer.offerId,
    isBait: !portability && form.isBait,
    proceedToPay: true,
    portability,
  });

  const sale = buildEsimSale({
    offer: lookup.offer,
    form,
    journey: started.uuid,
    portability,
    campaign: await readCampaign(request),
    loggedIn: Boolean(await getSessionUser(request)),
    returnTo: closeModalHref(url, ESIM_PARAM),
  });
  const session = await getSession(request);
  session.set(SALE_SESSION_KEY, sale);
  const headers = new Headers({ "Set-Cookie": await commitSession(session) });
  if (started.setCookie) headers.append("Set-Cookie", started.setCookie);
  return redirect(CHECKOUT_PATH, { status: 303, headers });
}

/**
 * GET /api/imei?imei=: the live device check, 600 ms after typing stops at 13 digits or more
 * (docs/esim.md). JSON `{ imei, verdict, tone, message }` in Spanish; the same module and limits as
 * the posts, and the journey's imeicompatible step when the visitor has a journey.
 */
export async function imeiCheckResponse(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const submission = parseWithZod(url.searchParams, { schema: imeiSchema });
  if (submission.status !== "success") {
    const key = submission.error?.imei?.[0] ?? "esim:form.imeiFormat";
    // What was asked about comes back as digits only: an API never echoes what it refused.
    const imei = (url.searchParams.get("imei") ?? "").replace(/\D+/g, "").slice(0, 17);
    return Response.json({ imei, verdict: "invalid", tone: "error", message: translate(key) }, { status: 400, headers: noStore });
  }
  const journey = url.searchParams.get("recorrido") === "esim" ? await readJourney(request) : null;
  const device = await checkAndRecord(submission.value.imei, journey, context);
  if ("limited" in device) return Response.json({ imei: submission.value.imei, verdict: "error", tone: "error", message: device.limited }, { status: 429, headers: { ...noStore, "Retry-After": String(device.retryAfterSeconds) } });
  return Response.json(device, { headers: noStore });
}
export type ImeiCheckAnswer = { imei: string; verdict: DeviceCheck["verdict"] | "invalid"; tone: DeviceCheck["tone"]; message: string };

/**
 * POST /api/esim/paso (a beacon when a field is left): the field's journey step, only when its
 * value is valid and the visitor has a journey. Always 204: nobody waits for tracking.
 */
export async function fieldStepResponse(request: Request) {
  const form = await readForm(request).catch(() => null);
  const field = String(form?.get("campo") ?? "");
  const journey = await readJourney(request);
  if (form && journey && isStepField(field)) {
    const value = stepValue(field, String(form.get("valor") ?? ""));
    if (FIELD_STEPS[field].rule.test(value)) recordStep(journey, FIELD_STEPS[field].step, value);
  }
  return new Response(null, { status: 204, headers: noStore });
}
