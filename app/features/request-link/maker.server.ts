import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { Submission } from "@conform-to/dom";
import { parseWithZod } from "@conform-to/zod/v4";
import { confirmRequestSchema, makeRequestSchema, requestNumberOf, resendRequestSchema, revokeRequestSchema } from "#schemas/forms/request-link";
import type { LineProfile } from "#schemas/line";
import type { SessionUser } from "#schemas/session";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { formatPhone, formatShortTime } from "~/lib/format";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/log.server";
import { codeAlreadySent, rateLimiter, sendRefused, tooManyAttempts, type Attempt } from "~/lib/rate-limit.server";
import { getSessionUser, requireCustomer } from "~/lib/session.server";
import { sendReplacementOtp, validateReplacementOtp } from "~/upstream/upd-card.server";
import { requestLinks, MAX_OPEN_LINKS, type PendingRecord } from "./links.server";
import { lineOffers, offerChoice, type OfferChoice } from "./offers.server";
import { linkViews, offerNameOf, shareView, type LinkView, type ShareView } from "./views.server";
import { confirmHref, REQUEST_CONFIRM_PARAM, REQUEST_LINK_PARAM, REQUEST_NUMBER_PARAM, REQUEST_PATH, REQUEST_RESENT_PARAM, REQUEST_REVOKED_PARAM, shareAgainHref } from "./urls";

/** The line a customer asks for: their service number for home or portable internet, else their Bait number. */
export const lineOfCustomer = (user: SessionUser) => user.serviceNumber ?? user.number;

/**
 * Whose request this is: the signed-in customer's own line (listed, their name may show), or a
 * number a visitor typed (from the number-first answer): the customer typing another number is a
 * visitor for that number.
 */
function makerOf(user: SessionUser | null, typed: string | null): { kind: "customer"; user: SessionUser; number: string } | { kind: "visitor"; number: string | null } {
  const own = user ? lineOfCustomer(user) : null;
  const number = typed === null ? null : requestNumberOf(typed);
  if (user && own && (number === null || number === "" || number === own)) return { kind: "customer", user, number: own };
  return { kind: "visitor", number };
}

export type MakerPage = {
  maker: { kind: "customer"; name: string } | { kind: "visitor" };
  /**
   * number: a visitor types the number first; form: the request's form; refused: the line may not
   * be recharged now; code: a visitor's request waits for the code sent to the line; gone: the
   * request in the address waits no more (expired, or already a link).
   */
  step: "number" | "form" | "refused" | "code" | "gone";
  /** The number field (visitors): what was typed and its message. */
  number: { value: string; error: string | null };
  line: { number: string; formatted: string; profile: LineProfile } | null;
  offers: OfferChoice[];
  refusal: string | null;
  /** The link just made, to share. */
  created: ShareView | null;
  /** The customer's open links (null for a visitor, or when they could not be read). */
  links: LinkView[] | null;
  maxLinks: number;
  /** A cancel just made: done, or the link was no longer open. */
  revoked: "done" | "notFound" | null;
  /** The code step: the request waiting (what its link will ask) and whether another code was just sent. */
  pending: { id: string; formatted: string; profile: LineProfile; offerName: string | null; message: string | null; resent: boolean } | null;
};

/**
 * /pide-recarga: a visitor's number (`?numero=`, checked as the number-first answer checks it) or the
 * customer's own line, the offers that line may be asked, the link just made (`?enlace=`) and the
 * customer's open links.
 */
export async function loadMakerPage(request: Request, context: AppLoadContext): Promise<MakerPage> {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const maker = makerOf(user, url.searchParams.get(REQUEST_NUMBER_PARAM));
  const revokedParam = url.searchParams.get(REQUEST_REVOKED_PARAM);
  const [created, links] = await Promise.all([
    shareView(url, url.searchParams.get(REQUEST_LINK_PARAM), maker.kind === "visitor"),
    maker.kind === "customer" ? linkViews(maker.number, url.origin).catch(() => null) : Promise.resolve(null),
  ]);
  const page: MakerPage = {
    maker: maker.kind === "customer" ? { kind: "customer", name: maker.user.name } : { kind: "visitor" },
    step: "number",
    number: { value: (maker.number ?? "").slice(0, 20), error: null },
    line: null,
    offers: [],
    refusal: null,
    created,
    links,
    maxLinks: MAX_OPEN_LINKS,
    revoked: revokedParam === "1" ? "done" : revokedParam === "0" ? "notFound" : null,
    pending: null,
  };
  // A visitor's request waiting for its code: the code step (what was asked for kept on the server).
  const pendingId = url.searchParams.get(REQUEST_CONFIRM_PARAM);
  if (!created && pendingId !== null) {
    const pending = await requestLinks.pending(pendingId).catch(() => null);
    if (!pending) return { ...page, step: "gone" };
    return { ...page, step: "code", pending: pendingView(pending, url.searchParams.get(REQUEST_RESENT_PARAM) === "1") };
  }
  // The link just made is the page: nothing more to ask of the upstream.
  if (created || maker.number === null) return page;
  const answer = await lineOffers(request, context, maker.number);
  if (!answer.ok) {
    const text = translate(answer.messageKey, answer.values);
    // A visitor's number is refused beside its field, what was typed kept; the customer's own line is the page's message.
    return maker.kind === "visitor" ? { ...page, number: { ...page.number, error: text } } : { ...page, step: "refused", refusal: text };
  }
  return {
    ...page,
    step: "form",
    number: { value: answer.number, error: null },
    line: { number: answer.number, formatted: formatPhone(answer.number), profile: answer.profile },
    offers: answer.offers.map(offerChoice),
  };
}

const pendingView = (pending: PendingRecord, resent: boolean): NonNullable<MakerPage["pending"]> => ({
  id: pending.id,
  formatted: formatPhone(pending.line),
  profile: pending.profile,
  offerName: offerNameOf(pending.offerId),
  message: pending.message ?? null,
  resent,
});

/**
 * The posts of /pide-recarga: make a link (`intent=crear`; a visitor's waits for the code sent to
 * the line), type that code (`confirmar`), ask for another (`reenviar`), or cancel a link (`cancelar`).
 */
export async function makerAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "cancelar":
      return revoke(request, formData);
    case "confirmar":
      return confirm(context, formData);
    case "reenviar":
      return resend(context, formData);
    default:
      return create(request, context, formData);
  }
}

async function create(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: makeRequestSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const form = submission.value;
  const user = await getSessionUser(request);
  const maker = makerOf(user, form.numero ?? null);
  if (maker.number === null) return refused(submission, { key: "recharge:byNumber.required" });

  const answer = await lineOffers(request, context, maker.number);
  if (!answer.ok) return refused(submission, { key: answer.field ? answer.messageKey : "requestLink:form.lineRefused", values: answer.values }, 422);
  if (form.offerId && !answer.offers.some((offer) => offer.offerId === form.offerId)) {
    return data<FormAnswer>({ result: submission.reply({ fieldErrors: { offerId: ["requestLink:form.offerUnknown"] } }) }, { status: 422 });
  }
  const asked = {
    line: answer.number,
    profile: answer.profile,
    ...(form.offerId ? { offerId: form.offerId } : {}),
    ...(form.message ? { message: form.message } : {}),
  };
  try {
    if (maker.kind === "visitor") {
      // Not the line's session: nothing is made, listed or counted against the line's places until
      // the code sent to the line is typed (by the line's holder, or whom they gave it to).
      const proposed = await requestLinks.propose({ ...asked, contactPhone: answer.number }, context.clientIp);
      if (!proposed.ok) return refused(submission, { key: "requestLink:form.tooMany", values: { minutes: Math.ceil(proposed.retryAfterSeconds / 60) } }, 429, { "Retry-After": String(proposed.retryAfterSeconds) });
      const notSent = await sendCode(submission, answer.number, context);
      return notSent ?? redirect(confirmHref(proposed.pending.id), 303);
    }
    const customer = maker.user;
    const made = await requestLinks.create({
      ...asked,
      // A portable-internet recharge is filed under a contact phone too: the customer's Bait number, else the line itself.
      contactPhone: answer.profile === "mifi" ? customer.number : answer.number,
      ...(form.showName && customer.name.trim() ? { name: customer.name.trim() } : {}),
      by: "customer",
    });
    if (!made.ok) return refused(submission, { key: "requestLink:form.limit" }, 409);
    return redirect(shareAgainHref(made.token), 303);
  } catch (error) {
    // The shared state did not answer (Redis down): nothing was made; the visitor may try again.
    logger("request-link").error({ err: error }, "no se pudo guardar un enlace de 'Pide tu recarga'");
    return refused(submission, { key: "requestLink:form.failed" }, 503);
  }
}

/**
 * Sends the code to the line, within the send limits of every code (docs/accounts.md "Limits on
 * sending codes"): null when it went (or one this flow sent moments ago is still good), else the
 * refusal to answer with.
 */
async function sendCode(submission: Submission<unknown>, line: string, context: AppLoadContext) {
  const limit = await rateLimiter.send({ action: "requestLink", number: line, ip: context.clientIp });
  if (!limit.allowed) return codeAlreadySent(limit) ? null : refused(submission, sendRefused(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  const sent = await sendReplacementOtp(line);
  if (!sent.ok) return refused(submission, { key: sent.error.messageKey }, 502);
  if (sent.data.kind === "locked") return lockedAnswer(submission, sent.data.unlockDate);
  await rateLimiter.sent({ action: "requestLink", number: line });
  return null;
}

/** The line's codes are locked (too many wrong ones): until when. */
function lockedAnswer(submission: Submission<unknown>, unlockDate: string) {
  const seconds = Math.max(1, Math.ceil((new Date(unlockDate).getTime() - Date.now()) / 1000));
  return refused(submission, { key: "requestLink:confirm.locked", values: { time: formatShortTime(unlockDate) } }, 429, { "Retry-After": String(seconds) });
}

/** A refused code, at its field (the code itself never sent back), with the upstream's word in the form's message. */
function codeRefused(submission: Submission<unknown>, message: { key: string; values?: Record<string, unknown> }) {
  return data<FormAnswer>(
    { result: submission.reply({ fieldErrors: { code: ["requestLink:confirm.codeWrong"] }, hideFields: [...SECRET_FIELDS] }), message: { tone: "error", text: translate(message.key, message.values) } },
    { status: 400 },
  );
}

/**
 * The code step: the code sent to the line makes the visitor's request a link (once), within the
 * line's 10 places; a wrong code counts against the code attempts of the line and of the address.
 */
async function confirm(context: AppLoadContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: confirmRequestSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const { id, code } = submission.value;
  try {
    const pending = await requestLinks.pending(id);
    if (!pending) return refused(submission, { key: "requestLink:confirm.gone" }, 410);
    const attempt: Attempt = { action: "code", number: pending.line, ip: context.clientIp };
    // Reserved before the upstream checks the code, so codes sent at once cannot all be tried.
    const limit = await rateLimiter.reserve(attempt);
    if (!limit.allowed) return refused(submission, tooManyAttempts(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });

    const checked = await validateReplacementOtp(pending.line, code);
    if (!checked.ok) {
      await rateLimiter.forgive(attempt);
      return refused(submission, { key: checked.error.messageKey }, 502);
    }
    const outcome = checked.data;
    if (outcome.kind === "locked") {
      await rateLimiter.forgive(attempt);
      return lockedAnswer(submission, outcome.unlockDate);
    }
    // A wrong code or a refusal keeps its reservation: it is the failure's count.
    if (outcome.kind !== "accepted") {
      return codeRefused(submission, outcome.kind === "wrongCode" ? { key: outcome.messageKey, values: { attemptsRemaining: outcome.attemptsRemaining } } : { key: outcome.messageKey });
    }
    await rateLimiter.succeed(attempt);
    const made = await requestLinks.confirm(id);
    if (made.ok) return redirect(shareAgainHref(made.token), 303);
    if (made.reason === "gone") return refused(submission, { key: "requestLink:confirm.gone" }, 410);
    return refused(submission, { key: "requestLink:form.limitVisitor" }, 409);
  } catch (error) {
    // The shared state did not answer (Redis down): nothing was made; the code step may be tried again.
    logger("request-link").error({ err: error }, "no se pudo confirmar un enlace de 'Pide tu recarga'");
    return refused(submission, { key: "requestLink:form.failed" }, 503);
  }
}

/** 'Enviar otro código' on the code step, within the send limits. */
async function resend(context: AppLoadContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resendRequestSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const pending = await requestLinks.pending(submission.value.id).catch(() => null);
  if (!pending) return refused(submission, { key: "requestLink:confirm.gone" }, 410);
  const notSent = await sendCode(submission, pending.line, context);
  return notSent ?? redirect(confirmHref(pending.id, true), 303);
}

/**
 * Cancels one of the signed-in customer's open links and comes back to the page that listed it, which
 * says how it went in a message that takes the focus (and so scrolls into view). No `#fragment`:
 * a browser skips `autofocus` on a page whose address targets an element.
 */
async function revoke(request: Request, formData: FormData) {
  const user = await requireCustomer(request, "login");
  const submission = parseWithZod(formData, { schema: revokeRequestSchema });
  const value = submission.status === "success" ? submission.value : undefined;
  const done = value ? await requestLinks.revoke(value.id, lineOfCustomer(user)).catch(() => false) : false;
  const result = `${REQUEST_REVOKED_PARAM}=${done ? "1" : "0"}`;
  return redirect(value?.volver === "inicio" ? `/home?${result}` : `${REQUEST_PATH}?${result}`, 303);
}
