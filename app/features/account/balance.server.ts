import { redirect } from "@remix-run/node";
import { destroySession, getCustomer, getSession } from "~/lib/session.server";
import { getBalance, getSsoBalance } from "~/upstream/conn/balance.server";
import type { RechargeHistoryEntry } from "~/upstream/core/recharges.schemas";
import { getRechargeHistory } from "~/upstream/core/recharges.server";
import { getBaitProfile } from "~/upstream/core/line.server";
import { getRecharges } from "~/lib/config/config.server";
import { formatHistoryDate, formatMoney, formatPhone } from "~/lib/format";
import type { SessionUser } from "#schemas/session";
import { LOGIN_PATH } from "~/features/auth/urls";
import { invoiceUrl } from "~/features/profile/urls";
import { LINE_PARAM, rechargeHref } from "~/features/recharge/urls";
import { repeatHref } from "~/features/repeat/urls";
import { balanceView, type BalanceView } from "./balance-view";
import { HISTORY_LIMIT_PARAM, historyLimitOf } from "./urls";
import { isLineStatus } from "~/features/line/line";

/**
 * One recharge of the line's history, as the page lists it; `rechargeHref` opens the recharge modal for that offer and line,
 * `invoiceHref` (applied recharges only) the invoice of that recharge: /factura?recarga=<orderID>, checked there against the line's history.
 */
export type HistoryRow = {
  id: string;
  date: string;
  name: string;
  amount: string;
  status: string;
  applied: boolean;
  orderId: string;
  rechargeHref: string | null;
  /** 'Recargar de nuevo' of an applied recharge whose offer is still sold: /recargar-de-nuevo?folio=<orderID> (the kept card, else `rechargeHref`). */
  repeatHref: string | null;
  invoiceHref: string | null;
};
export type AccountOverview = {
  user: SessionUser;
  auth: "legacy" | "sso";
  lineNumber: string;
  /** The line's status (active, suspend… or unknown), null when the profile call failed. */
  lineStatus: string | null;
  lineError: string | null;
  balance: BalanceView | null;
  balanceError: string | null;
  history: HistoryRow[] | null;
  historyError: string | null;
  historyLimit: number;
  /** The 'Recargar' shortcut: the modal of the latest applied recharge's offer, the line prefilled. */
  rechargeShortcut: string;
};


const offerNamed = (offeringId: string) => getRecharges().offers.find((offer) => offer.offerId === offeringId);

/** The line goes with the offer: the modal's number prefilled. */
const rechargeLink = (offeringId: string, line: string) => `${rechargeHref(offeringId)}&${LINE_PARAM}=${line}`;

const historyRow = (entry: RechargeHistoryEntry, line: string): HistoryRow => {
  const applied = entry.applied && entry.status !== "not_applicated";
  return {
    id: entry.uuid,
    date: formatHistoryDate(entry.appliedAt),
    // The offer's name from the catalogue's config; the upstream's offering id when it is not (or no longer) sold.
    name: offerNamed(entry.offeringId)?.rechargeName ?? entry.offeringId,
    amount: formatMoney(entry.amount),
    status: entry.status,
    applied,
    orderId: entry.orderId,
    rechargeHref: offerNamed(entry.offeringId) ? rechargeLink(entry.offeringId, line) : null,
    // docs/payment.md "Repeat with the kept card": two taps with the card the provider keeps, else today's prefilled checkout.
    repeatHref: applied && offerNamed(entry.offeringId) ? repeatHref(entry.orderId) : null,
    // Only an applied recharge may be invoiced (docs/profile.md).
    invoiceHref: applied ? invoiceUrl(entry.orderId) : null,
  };
};

/**
 * What /home shows: the customer, their line's status, balance and latest recharges, read fresh
 * on every visit (consumoV3 with the legacy token, consumoSSO for single sign-on). Each section
 * stands alone: a failed call is that section's message and the rest of the page still shows. A
 * rejected token means the upstream session ended: ours ends too and the customer logs in again.
 */
export async function loadAccountOverview(request: Request): Promise<AccountOverview> {
  const customer = await getCustomer(request);
  if (!customer) throw redirect("/");
  const { user, tokens, auth } = customer;
  const line = user.serviceNumber ?? user.number;
  const historyLimit = historyLimitOf(new URL(request.url).searchParams.get(HISTORY_LIMIT_PARAM));
  const [result, history, profile] = await Promise.all([
    auth === "sso" ? getSsoBalance(line, tokens.access) : getBalance(tokens.access),
    getRechargeHistory(line, historyLimit),
    getBaitProfile(line),
  ]);
  if (!result.ok && (result.error.status === 401 || result.error.status === 403)) {
    throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": await destroySession(await getSession(request)) } });
  }
  const rows = history.ok ? history.data.slice(0, historyLimit).map((entry) => historyRow(entry, line)) : history.error.status === 412 ? [] : null;
  const latest = rows?.find((row) => row.applied && row.rechargeHref);
  return {
    user,
    auth,
    lineNumber: formatPhone(line),
    lineStatus: profile.ok ? (isLineStatus(profile.data.status) ? profile.data.status : "unknown") : null,
    lineError: profile.ok ? null : "customer:home.accountFailed",
    balance: result.ok ? balanceView(result.data, (id) => offerNamed(id)?.rechargeName ?? id) : null,
    balanceError: result.ok ? null : "customer:home.balanceFailed",
    // A line without history (412) simply has none yet.
    history: rows,
    historyError: rows ? null : "customer:home.historyFailed",
    historyLimit,
    rechargeShortcut: latest?.rechargeHref ?? "/recargas",
  };
}
