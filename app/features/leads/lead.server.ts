import type { AppLoadContext } from "@remix-run/node";
import { readCampaign, type Campaign } from "~/features/campaign/campaign.server";
import { sendContactLead } from "~/upstream/core/captacion.server";
import { getSite } from "~/lib/config/config.server";
import { invalid, refused } from "~/lib/form-answer.server";
import { translate } from "~/lib/i18n/i18n.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { logger } from "~/lib/log.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";
import { createOutbox, type DeliveryOutcome, type Outbox } from "~/lib/outbox.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { returnPath } from "~/lib/return-path.server";
import { openStore } from "~/lib/store/store.server";
import { contactSchema, isLeadKind, type LeadKind } from "#schemas/forms/contact";
import { CONTACT_PARAM, RETURN_FIELD } from "./urls";

/**
 * The contact lead (docs/leads.md): the form's action, the outbox that keeps every lead until
 * the upstream accepts it, and what the chrome needs to show the modal and the saved notice.
 */

/** What the outbox keeps of a lead: what the upstream needs, no more. */
export type StoredLead = { name: string; phone: string; kind: LeadKind; campaign?: Campaign; receivedAt: string };

/**
 * Sends one lead. A 400 or 422 says the lead itself will never be accepted (the form's checks
 * make it unlikely): it leaves the queue, logged. Anything else (timeouts, 5xx, a refusal,
 * a 401 from a misconfigured header) is retried: it may pass later.
 */
export async function deliverLead(lead: StoredLead, id: string): Promise<DeliveryOutcome> {
  const result = await sendContactLead({
    name: lead.name,
    phone: lead.phone,
    channel: lead.kind === "whatsapp" ? "whatsapp" : "phone",
    campaign: lead.campaign,
    idempotencyKey: id,
  });
  if (result.ok) return "delivered";
  const status = result.error.kind === "http" ? result.error.status : undefined;
  return status === 400 || status === 422 ? "rejected" : "retry";
}

let outbox: Outbox<StoredLead> | null = null;

/** The process's lead outbox over the configured store (Redis or DATA_DIR). */
export function leadOutbox(): Outbox<StoredLead> {
  outbox ??= createOutbox<StoredLead>({ log: openStore().log("leads"), deliver: deliverLead, name: "leads" });
  return outbox;
}

/** Starts delivering, beginning with what a previous run left pending (called once at boot). */
export function startLeadDelivery() {
  leadOutbox().start();
}

/**
 * POST /contacto. Checks the form, the attempt limits (every lead counts, per number and per
 * IP), then appends the lead to the outbox and only then answers: a redirect back to the page
 * it came from, where the chrome shows 'Hemos guardado tus datos…'. Delivery to the upstream
 * happens after, in the background. Errors answer the form with what was typed.
 */
export async function contactAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  // The way back is resolved before anything answers: a form with errors echoes it into its page.
  const back = returnPath(formData.get(RETURN_FIELD), { drop: [CONTACT_PARAM] });
  formData.set(RETURN_FIELD, back);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const form = submission.value;
  // The schema admits only the two kinds.
  const kind = form.tipo as LeadKind;

  const attempt = { action: "lead" as const, number: form.telefono, ip: context.clientIp };
  // Every request counts, taken before the lead is kept.
  const limit = await rateLimiter.take(attempt);
  if (!limit.allowed) return refused(submission, tooManyAttempts(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });

  try {
    await leadOutbox().add({ name: form.nombre, phone: form.telefono, kind, campaign: await readCampaign(request), receivedAt: new Date().toISOString() });
  } catch (error) {
    logger("leads").error({ err: error }, "no se pudo guardar un contacto");
    return refused(submission, { key: "leads:notSaved" }, 503);
  }
  return redirectWithNotice(request, back, `leads:saved.${kind}`, [], "lead");
}

/** The contact modal as the chrome shows it, its texts already in Spanish (the root's browser code carries no lead texts). */
export type LeadModalData = { param: string; kind: LeadKind; title: string; returnTo: string; privacyUrl: string };

/** The modal the URL asks for (`?contacto=`), and the notice of a lead just saved ('Hemos guardado tus datos…'). */
export async function loadLeadOverlay(request: Request, url: URL): Promise<{ modal: LeadModalData | null; saved: string | null; headers: HeadersInit }> {
  const param = url.searchParams.get(CONTACT_PARAM);
  const { notice, headers } = await takeNotice(request, "lead");
  const modal = isLeadKind(param)
    ? { param: CONTACT_PARAM, kind: param, title: translate(`leads:modal.title.${param}`), returnTo: returnPath(url.pathname + url.search, { drop: [CONTACT_PARAM] }), privacyUrl: getSite().privacyNoticeUrl }
    : null;
  return { modal, saved: notice ? translate(notice) : null, headers };
}
