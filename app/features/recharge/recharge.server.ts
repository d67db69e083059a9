import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { lineNumberOf, needsServiceNumber, rechargeLineSchema } from "#schemas/forms/recharge";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { readCampaign } from "~/features/campaign/campaign.server";
import { closeModalHref } from "~/components/url-modal";
import { scriptSettings } from "~/lib/config/scripts.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { optInWhatsapp } from "~/upstream/core/captacion.server";
import { checkRechargeHistory, checkRechargeLine } from "./line.server";
import { findRechargeOffer } from "./offer.server";
import { createOfferSource } from "./catalogue.server";
import { viewerFor } from "~/features/flags/visibility.server";
import { RECHARGE_PARAM } from "./urls";
import { buildRechargeSale } from "./sale";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";

/** The page behind the modal: the same URL without the modal's parameter. */
const closeHrefOf = (url: URL) => closeModalHref(url, RECHARGE_PARAM);

export type RechargeAnswer = FormAnswer & {
  /** The newest recharge of the line is not applied yet: ask before going on (docs/recharge.md). */
  pending?: { phone: string; serviceNumber?: string; email: string; whatsapp: boolean };
};

/** The captcha the modal shows: the live config's, even in a preview (lib/config/scripts.server.ts), so the check asks for the same. */
export const captchaOf = () => scriptSettings().captcha;

/** What the session remembers of the in-process question: asked for this offer and this line. */
const askedKey = (offerId: string, number: string) => `${offerId}:${number}`;

/**
 * 'Siguiente' of the recharge modal (docs/recharge.md): the form's rules, then the line (profile and
 * status, or the associates' replacement check), then its history, unless the customer has
 * already answered 'Continuar' to a recharge still in process. Then the sale goes to the
 * session and the visitor to the payment step.
 */
export async function rechargeAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const formData = await readForm(request);
  const lookup = await findRechargeOffer(String(formData.get("offerId") ?? url.searchParams.get(RECHARGE_PARAM) ?? ""), createOfferSource(await viewerFor(request, context)));
  if (!lookup.ok) {
    const submission = parseWithZod(formData, { schema: rechargeLineSchema({ type: 1 }) });
    return refused(submission, { key: lookup.messageKey }, lookup.reason === "unknown" ? 404 : 503);
  }
  const { offer } = lookup;
  const session = await getSession(request);
  // 'Continuar' counts only as the answer to the question asked for this offer and this line
  // (a captcha solved for that 'Siguiente' is not asked again); otherwise it is a 'Siguiente'.
  const typedLine = String(formData.get(needsServiceNumber(offer.type) ? "serviceNumber" : "phone") ?? "").replace(/\s+/g, "");
  const continuing = formData.get("intent") === "continue" && session.get("rechargeAsked") === askedKey(offer.offerId, typedLine);
  const captcha = captchaOf();
  if (captcha.enabled) {
    // The provider's widget posts its token under its own field name.
    const token = formData.get(captcha.tokenField);
    if (typeof token === "string" && token) formData.set("captchaToken", token);
  }
  const submission = parseWithZod(formData, { schema: rechargeLineSchema({ type: offer.type, captcha: captcha.enabled && !continuing }) });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const form = submission.value;

  const number = lineNumberOf(form, offer.type);
  const numberField = needsServiceNumber(offer.type) ? "serviceNumber" : "phone";
  const attempt = { action: "line" as const, ip: context.clientIp };
  // Reserved before the upstream is asked; only a refused line keeps it.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) return refused(submission, tooManyAttempts(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });

  const line = await checkRechargeLine(number, offer.type, form.captchaToken);
  if (!line.ok) return data<RechargeAnswer>({ result: submission.reply({ fieldErrors: { [numberField]: [translate(line.messageKey)] }, hideFields: [...SECRET_FIELDS] }) }, { status: 422 });
  await rateLimiter.forgive(attempt);

  if (!continuing) {
    const history = await checkRechargeHistory(number);
    if (history.kind === "failed") return redirectWithNotice(request, closeHrefOf(url), history.messageKey);
    if (history.kind === "pending") {
      session.set("rechargeAsked", askedKey(offer.offerId, number));
      return data<RechargeAnswer>(
        {
          result: submission.reply({ hideFields: [...SECRET_FIELDS] }),
          pending: { phone: form.phone, ...(form.serviceNumber ? { serviceNumber: form.serviceNumber } : {}), email: form.email, whatsapp: form.whatsapp },
        },
        { headers: { "Set-Cookie": await commitSession(session) } },
      );
    }
  }

  // The opt-in is a courtesy: its failure never stops a recharge.
  if (form.whatsapp) void optInWhatsapp(form.phone);

  const sale = buildRechargeSale({
    offer,
    form,
    uuid: randomUUID(),
    campaign: await readCampaign(request),
    loggedIn: Boolean(await getSessionUser(request)),
    returnTo: closeHrefOf(url),
  });
  session.unset("rechargeAsked");
  session.set("sale", sale);
  return redirect(CHECKOUT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * GET /api/linea?numero=&oferta=: the modal's live check, 300 ms after typing stops (docs/recharge.md,
 * §9). Answers `{ number, ok, message? }` with the message in Spanish; the submit checks again.
 */
export async function lineCheckResponse(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const number = (url.searchParams.get("numero") ?? "").replace(/\s+/g, "");
  const noStore = { "Cache-Control": "private, no-store" };
  // A refused number comes back as digits only: an API never echoes what it refused.
  if (!/^\d{10}$/.test(number)) return Response.json({ number: number.replace(/\D+/g, "").slice(0, 10), ok: false, message: translate("errors:line.invalidNumber") }, { status: 400, headers: noStore });
  const lookup = await findRechargeOffer(url.searchParams.get("oferta"));
  if (!lookup.ok) return Response.json({ number, ok: false, message: translate(lookup.messageKey) }, { status: 404, headers: noStore });
  const attempt = { action: "line" as const, ip: context.clientIp };
  // Reserved before the upstream is asked; only a refused line keeps it.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return Response.json({ number, ok: false, message: translate(key, values) }, { status: 429, headers: { ...noStore, "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const verdict = await checkRechargeLine(number, lookup.offer.type);
  if (verdict.ok) await rateLimiter.forgive(attempt);
  return Response.json(verdict.ok ? { number, ok: true } : { number, ok: false, message: translate(verdict.messageKey) }, { headers: noStore });
}
export type LineCheckAnswer = { number: string; ok: boolean; message?: string };
