import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { invalid, refused } from "~/lib/form-answer.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { formatHistoryDate, formatMoney } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { getRecharges } from "~/lib/config/config.server";
import { billingLists, getBillingCatalogue, registerBill, type BillingList } from "~/upstream/core/billing.server";
import type { BillingOption } from "~/upstream/core/billing.schemas";
import type { RechargeHistoryEntry } from "~/upstream/core/recharges.schemas";
import { getRechargeHistory } from "~/upstream/core/recharges.server";
import { invoiceSchema } from "#schemas/forms/profile";
import { lineNumberOf, NO_STORE, requireCustomerSession } from "./customer.server";
import { INVOICE_PATH, invoiceUrl } from "./urls";

/**
 * The invoice (CFDI) of a recharge of the customer's history (docs/profile.md): /factura lists the
 * applied recharges, /factura?recarga=<orderID> asks for the tax data (the SAT catalogues from
 * their list calls) and register-bill answers a folio, shown on /factura?recarga=…&folio=….
 * Only the customer's own, applied recharges may be invoiced.
 */

/** How many recharges of the history may be invoiced from here. */
const HISTORY_LIMIT = 20;

export type InvoiceRecharge = { orderId: string; name: string; date: string; amount: string; applied: boolean; href: string };
export type InvoiceLists = Record<BillingList, BillingOption[]>;

export type InvoiceView =
  | { kind: "list"; recharges: InvoiceRecharge[]; error: string | null }
  | { kind: "form"; recharge: InvoiceRecharge; lists: InvoiceLists; email: string; error: string | null }
  | { kind: "done"; recharge: InvoiceRecharge; folio: string }
  | { kind: "unavailable"; message: string };

const rechargeOf = (entry: RechargeHistoryEntry): InvoiceRecharge => ({
  orderId: entry.orderId,
  name: getRecharges().offers.find((offer) => offer.offerId === entry.offeringId)?.rechargeName ?? entry.offeringId,
  date: formatHistoryDate(entry.appliedAt),
  amount: formatMoney(entry.amount),
  applied: entry.applied && entry.status !== "not_applicated",
  href: invoiceUrl(entry.orderId),
});

/** The recharge `orderId` of the customer's line, or the message that says why it cannot be invoiced. */
async function findRecharge(line: string, orderId: string): Promise<{ recharge: InvoiceRecharge } | { message: string }> {
  const history = await getRechargeHistory(line, HISTORY_LIMIT);
  if (!history.ok) return { message: translate("profile:invoice.historyFailed") };
  const entry = history.data.find((item) => item.orderId === orderId);
  if (!entry) return { message: translate("recharge:billing.orderNotFound") };
  const recharge = rechargeOf(entry);
  return recharge.applied ? { recharge } : { message: translate("profile:invoice.notApplied") };
}

async function loadLists(): Promise<{ lists: InvoiceLists } | { error: string }> {
  const names = Object.keys(billingLists) as BillingList[];
  const results = await Promise.all(names.map((name) => getBillingCatalogue(name)));
  const lists = {} as InvoiceLists;
  for (const [index, result] of results.entries()) {
    if (!result.ok) return { error: translate(result.error.messageKey) };
    lists[names[index] as BillingList] = result.data;
  }
  return { lists };
}

const emptyLists: InvoiceLists = { taxRegimes: [], cfdiUses: [], paymentForms: [], paymentMethods: [] };

export async function invoiceLoader(request: Request) {
  const { user } = await requireCustomerSession(request);
  const line = lineNumberOf(user);
  const params = new URL(request.url).searchParams;
  const orderId = params.get("recarga");
  const answer = (view: InvoiceView) => data(view, { headers: NO_STORE });

  if (!orderId) {
    const history = await getRechargeHistory(line, HISTORY_LIMIT);
    if (!history.ok) return answer({ kind: "list", recharges: [], error: translate("profile:invoice.historyFailed") });
    return answer({ kind: "list", recharges: history.data.map(rechargeOf).filter((recharge) => recharge.applied), error: null });
  }
  const found = await findRecharge(line, orderId);
  if ("message" in found) return answer({ kind: "unavailable", message: found.message });
  const folio = params.get("folio");
  if (folio) return answer({ kind: "done", recharge: found.recharge, folio });
  const lists = await loadLists();
  return answer({
    kind: "form",
    recharge: found.recharge,
    lists: "lists" in lists ? lists.lists : emptyLists,
    email: user.email,
    error: "error" in lists ? lists.error : null,
  });
}

export async function invoiceAction(request: Request, context: AppLoadContext) {
  const { user } = await requireCustomerSession(request);
  const line = lineNumberOf(user);
  const orderId = new URL(request.url).searchParams.get("recarga");
  if (!orderId) throw redirect(INVOICE_PATH, { status: 303 });
  const submission = parseWithZod(await readForm(request), { schema: invoiceSchema });
  if (submission.status !== "success") return invalid(submission);
  const limit = await rateLimiter.take({ action: "invoice", number: line, ip: context.clientIp });
  if (!limit.allowed) return refused(submission, tooManyAttempts(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  const found = await findRecharge(line, orderId);
  if ("message" in found) return refused(submission, { key: "profile:invoice.notApplied", upstreamText: found.message });

  const value = submission.value;
  const result = await registerBill({ number: line, orderId, ...value });
  if (!result.ok) return refused(submission, { key: result.error.messageKey }, result.error.status === 400 || result.error.status === 404 ? 400 : 502);
  return redirect(`${invoiceUrl(orderId)}&folio=${encodeURIComponent(result.data.folio)}`, { status: 303, headers: NO_STORE });
}
