import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { SALE_SESSION_KEY, type RecurringSale } from "#schemas/sale";
import { chargeDateRange, modifyRecurrenceSchema, recurrenceOperationSchema, startRecurrenceSchema } from "#schemas/forms/recurrence";
import { getRecharges, getSite } from "~/lib/config/config.server";
import { formatLongDate, formatMoney, formatPhone } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { refused, invalid } from "~/lib/form-answer.server";
import { translate } from "~/lib/i18n/i18n.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { redirectWithNotice } from "~/lib/notice.server";
import { commitSession, getCustomer, getSession } from "~/lib/session.server";
import type { SessionUser } from "#schemas/session";
import {
  cancelRecurrence,
  deactivateRecurrence,
  listActiveRecurrences,
  modifyRecurrence,
  searchRecurrences,
  setRecurrenceState,
  type RecurringCharge,
} from "~/upstream/payments/recurrence.server";
import { readCampaign } from "~/features/campaign/campaign.server";
import { buildRechargeSale } from "~/features/recharge/sale";
import { findRechargeOffer } from "~/features/recharge/offer.server";
import { offerFeatures } from "~/features/recharge/modal.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";
import { checkServiceProfile } from "~/upstream/core/line.server";
import { ASSOCIATES_TYPE, isRecurringOfferFor, lineCategoryOf, recurringChoices, type LineCategory } from "./categories";
import { ACTION_PARAM, ID_PARAM, isStep, OFFER_PARAM, RECURRENCE_PATH, type Step } from "./urls";

/**
 * /recurrente (docs/customer.md): the customer's recurring recharges with their charge records,
 * the offers of the line's recurrence category, the recurring recharge payment modal, and the
 * operations (modify, deactivate, reactivate, cancel, change card), each confirmed on a page of
 * its own (a URL) before its form posts here.
 */

/** The reason and criterion the payments upstream files a reactivation under. */
const REACTIVATION = { reason: "cliente", criterion: "web" };

export const SUCCESS_NOTICES = ["payment:recurring.activated", "customer:recurrence.done.deactivated", "customer:recurrence.done.cancelled"];

export type RecurrenceRow = {
  id: string;
  name: string;
  active: boolean;
  amount: string;
  everyDays: number | null;
  nextCharge: string | null;
  lastCharge: string | null;
  cardLast: string;
  offerId: string;
};

type Customer = { user: SessionUser; line: string; category: LineCategory };

async function requireCustomerLine(request: Request): Promise<Customer> {
  const customer = await getCustomer(request);
  if (!customer) throw redirect("/");
  const { user } = customer;
  return { user, line: user.serviceNumber ?? user.number, category: lineCategoryOf(user.userType) };
}

const configuredOffer = (offerId: string) => getRecharges().offers.find((offer) => offer.offerId === offerId);

/**
 * Whether the line is in the associates programme, asked of the legacy recharge check (type 4:
 * -1 is "not an associate"; any failure counts as not). Asked only of a mobile line, and only
 * when `recurring.offerIds` lists an associates' offer.
 */
async function isAssociate({ line, category }: Customer): Promise<boolean> {
  if (category !== "mbb") return false;
  const { offers, recurring } = getRecharges();
  if (!offers.some((offer) => offer.type === ASSOCIATES_TYPE && recurring.offerIds.includes(offer.offerId))) return false;
  return (await checkServiceProfile({ number: line, rechargeType: ASSOCIATES_TYPE })).ok;
}

/**
 * The offers the line may make recurring (docs/customer.md): marketing's `recurring.offerIds`, of
 * the line's own kind (names and prices as the cards show them).
 */
function recurringOffers(category: LineCategory, associate: boolean) {
  const { offers, recurring } = getRecharges();
  return recurringChoices(offers, recurring.offerIds, category, associate).map((offer) => ({
    offerId: offer.offerId,
    name: offer.rechargeName,
    priceText: formatMoney(offer.price),
    price: offer.price,
    days: offer.duration,
  }));
}

/** Whether the line may schedule this offer now: listed in `recurring.offerIds` and of the line's kind. */
async function mayStart(customer: Customer, offer: { offerId: string; type: number }) {
  if (!getRecharges().recurring.offerIds.includes(offer.offerId)) return false;
  if (!isRecurringOfferFor(customer.category, offer.type, true)) return false;
  return offer.type !== ASSOCIATES_TYPE || (await isAssociate(customer));
}

/**
 * The line's recurrences: the charge records (active and deactivated; a cancelled one is gone)
 * with the name and validity of the active list, or of the catalogue for a deactivated one.
 */
async function readRecurrences({ line }: Customer) {
  const [records, active] = await Promise.all([
    searchRecurrences(getRecharges().checkout.store, "telefono", line, "todas"),
    // The upstream files the call under a caller uuid; none outlives this request here.
    listActiveRecurrences(randomUUID(), { baitNumber: line }),
  ]);
  if (!records.ok || !active.ok) return null;
  return records.data
    .filter((record) => !record.cancelledAt)
    .map((record: RecurringCharge): RecurrenceRow => {
      const details = active.data.find((recurrence) => recurrence.id === record.id);
      const offer = configuredOffer(record.offerId);
      return {
        id: record.id,
        name: details?.rechargeName ?? offer?.rechargeName ?? record.offerId,
        active: Boolean(details),
        amount: formatMoney(record.amount),
        everyDays: details?.duration ?? offer?.duration ?? null,
        nextCharge: details && record.nextChargeAt ? formatLongDate(record.nextChargeAt) : null,
        lastCharge: record.lastChargeAt ? formatLongDate(record.lastChargeAt) : null,
        cardLast: record.cardLast,
        offerId: record.offerId,
      };
    });
}

/** The recurring recharge payment modal's data (`?recarga=`): the offer as the recharge modal shows it, the line and e-mail it will be filed under. */
async function startModal(offerId: string, customer: Customer) {
  const lookup = await findRechargeOffer(offerId);
  if (!lookup.ok || !(await mayStart(customer, lookup.offer))) {
    return { ok: false as const, message: translate(lookup.ok ? "customer:recurrence.modal.unknownOffer" : lookup.messageKey) };
  }
  const { offer } = lookup;
  return {
    ok: true as const,
    offerId: offer.offerId,
    name: offer.rechargeName,
    priceText: formatMoney(offer.price),
    days: offer.duration,
    features: offerFeatures(offer),
    line: formatPhone(customer.line),
    email: customer.user.email,
    privacyUrl: getSite().privacyNoticeUrl,
  };
}

export async function loadRecurrencePage(request: Request) {
  const customer = await requireCustomerLine(request);
  const query = new URL(request.url).searchParams;
  const offerId = query.get(OFFER_PARAM);
  const step = query.get(ACTION_PARAM);
  const [rows, modal, associate] = await Promise.all([readRecurrences(customer), offerId ? startModal(offerId, customer) : null, isAssociate(customer)]);
  const chosen = isStep(step) ? rows?.find((row) => row.id === query.get(ID_PARAM)) : undefined;
  return {
    rows,
    loadError: rows ? null : translate("customer:recurrence.loadFailed"),
    offers: recurringOffers(customer.category, associate),
    // The days a modified recurrence may charge on: the date field's min and max.
    chargeDates: chargeDateRange(),
    modal,
    step: chosen && isStep(step) ? { step: step as Step, row: chosen } : null,
    /** A step for a recurrence that is not the customer's (or no longer exists). */
    stepError: isStep(step) && rows && !chosen ? translate("customer:recurrence.errors.unknown") : null,
  };
}
export type RecurrencePageData = Awaited<ReturnType<typeof loadRecurrencePage>>;

/**
 * The recurring sale for the checkout: the recharge's sale, filed under the line, repeated by the
 * upstream. A new recurrence must be one the line is offered; a card change (`replaces`) keeps
 * the recurrence's offer, which need only be of the line's kind.
 */
async function startSale(request: Request, customer: Customer, offerId: string, replaces?: string): Promise<Response | null> {
  const lookup = await findRechargeOffer(offerId);
  if (!lookup.ok) return null;
  if (replaces ? !isRecurringOfferFor(customer.category, lookup.offer.type, true) : !(await mayStart(customer, lookup.offer))) return null;
  const { user, line } = customer;
  const sale: RecurringSale = {
    ...buildRechargeSale({
      offer: lookup.offer,
      // The line itself is the phone the recurrence is filed under (its referencia1).
      form: { phone: line, serviceNumber: line, email: user.email, whatsapp: false },
      uuid: randomUUID(),
      campaign: await readCampaign(request),
      loggedIn: true,
      returnTo: RECURRENCE_PATH,
    }),
    kind: "recurring",
    ...(replaces ? { replaces } : {}),
  };
  const session = await getSession(request);
  session.set(SALE_SESSION_KEY, sale);
  return redirect(CHECKOUT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}

const failed = (text: string, status = 502) => data({ message: { tone: "error" as const, text } }, { status });

export async function recurrenceAction(request: Request, context: AppLoadContext) {
  const customer = await requireCustomerLine(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  // Every operation reaches the payments upstream: limited per line and per IP.
  const tries = await rateLimiter.take({ action: "recurrence", number: customer.user.number, ip: context.clientIp });
  if (!tries.allowed) return refused(parseWithZod(form, { schema: recurrenceOperationSchema }), tooManyAttempts(tries), 429, { "Retry-After": String(tries.retryAfterSeconds) });

  if (intent === "start") {
    const submission = parseWithZod(form, { schema: startRecurrenceSchema });
    if (submission.status !== "success") return invalid(submission);
    return (await startSale(request, customer, submission.value.offerId)) ?? refused(submission, { key: "customer:recurrence.modal.unknownOffer" });
  }

  // Every other operation names one of the customer's own recurrences.
  const rows = await readRecurrences(customer);
  if (!rows) return failed(translate("customer:recurrence.loadFailed"));
  const own = (id: string) => rows.find((row) => row.id === id);

  if (intent === "modify") {
    const submission = parseWithZod(form, { schema: modifyRecurrenceSchema });
    if (submission.status !== "success") return invalid(submission);
    const row = own(submission.value.id);
    const offer = configuredOffer(submission.value.offerId);
    if (!row || !offer || !(await mayStart(customer, offer))) return refused(submission, { key: "customer:recurrence.errors.unknown" });
    const done = await modifyRecurrence(row.id, {
      nextChargeDate: new Date(`${submission.value.nextDate}T12:00:00-06:00`).toISOString(),
      offerId: offer.offerId,
      email: customer.user.email,
      lineCategory: customer.category,
      price: offer.price,
    });
    if (!done.ok) return refused(submission, { key: done.error.messageKey }, 502);
    return redirectWithNotice(request, RECURRENCE_PATH, "payment:recurring.activated");
  }

  const submission = parseWithZod(form, { schema: recurrenceOperationSchema });
  if (submission.status !== "success") return invalid(submission);
  const row = own(submission.value.id);
  if (!row) return refused(submission, { key: "customer:recurrence.errors.unknown" }, 404);
  const operation = submission.value.intent;
  if (operation === "card") {
    return (await startSale(request, customer, row.offerId, row.id)) ?? refused(submission, { key: "customer:recurrence.modal.unknownOffer" });
  }
  const done =
    operation === "deactivate"
      ? await deactivateRecurrence(randomUUID(), row.id)
      : operation === "activate"
        ? await setRecurrenceState(row.id, "activate", REACTIVATION.reason, REACTIVATION.criterion)
        : await cancelRecurrence(row.id);
  if (!done.ok) return refused(submission, { key: done.error.messageKey }, 502);
  const notice = operation === "deactivate" ? "customer:recurrence.done.deactivated" : operation === "activate" ? "payment:recurring.activated" : "customer:recurrence.done.cancelled";
  return redirectWithNotice(request, RECURRENCE_PATH, notice);
}
