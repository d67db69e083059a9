import { redirect } from "@remix-run/node";
import { destroySession, getCustomer, getSession } from "~/lib/session.server";
import { getBalance, getSsoBalance, type LineBalance } from "~/upstream/conn/balance.server";
import type { RechargeHistoryEntry } from "~/upstream/core/recharges.schemas";
import { getRechargeHistory } from "~/upstream/core/recharges.server";
import { getRecharges } from "~/lib/config/config.server";
import { formatData, formatHistoryDate, formatLongDate, formatMoney, formatPhone } from "~/lib/format";
import type { SessionUser } from "#schemas/session";
import { LOGIN_PATH } from "~/features/auth/urls";

/** The balance as the page shows it: amounts and dates already written the es-MX way. */
export type BalanceView = Omit<LineBalance, "items" | "nextRecharge"> & {
  items: (LineBalance["items"][number] & { dataAvailable: string; dataTotal: string })[];
  nextRecharge?: string;
};
/** One recharge of the line's history, as the page lists it. */
export type HistoryRow = { id: string; date: string; name: string; amount: string; applied: boolean; orderId: string };
export type AccountOverview = {
  user: SessionUser;
  auth: "legacy" | "sso";
  lineNumber: string;
  balance: BalanceView | null;
  balanceError: string | null;
  history: HistoryRow[] | null;
  historyError: string | null;
};

const HISTORY_ROWS = 10;

/** The offer's name from the catalogue's config; the upstream's offering id when it is not (or no longer) sold. */
const historyRow = (entry: RechargeHistoryEntry): HistoryRow => ({
  id: entry.uuid,
  date: formatHistoryDate(entry.appliedAt),
  name: getRecharges().offers.find((offer) => offer.offerId === entry.offeringId)?.rechargeName ?? entry.offeringId,
  amount: formatMoney(entry.amount),
  applied: entry.applied && entry.status !== "not_applicated",
  orderId: entry.orderId,
});

const view = (balance: LineBalance): BalanceView => ({
  ...balance,
  items: balance.items.map((item) => ({ ...item, dataAvailable: formatData(item.mbAvailable), dataTotal: formatData(item.mbTotal) })),
  nextRecharge: balance.nextRecharge ? formatLongDate(balance.nextRecharge) : undefined,
});

/**
 * What /home shows: the customer, their line's balance and latest recharges (the history the
 * recharge flow reads, newest first), read fresh on every visit (consumoV3
 * with the legacy token, consumoSSO for single sign-on). A rejected token means the upstream
 * session ended: ours ends too and the customer logs in again. Any other failure leaves the
 * page up with 'Hubo un problema al cargar los datos.'.
 */
export async function loadAccountOverview(request: Request): Promise<AccountOverview> {
  const customer = await getCustomer(request);
  if (!customer) throw redirect("/");
  const { user, tokens, auth } = customer;
  const line = user.serviceNumber ?? user.number;
  const [result, history] = await Promise.all([
    auth === "sso" ? getSsoBalance(line, tokens.access) : getBalance(tokens.access),
    getRechargeHistory(line, HISTORY_ROWS),
  ]);
  if (!result.ok && (result.error.status === 401 || result.error.status === 403)) {
    throw redirect(LOGIN_PATH, { headers: { "Set-Cookie": await destroySession(await getSession(request)) } });
  }
  return {
    user,
    auth,
    lineNumber: formatPhone(user.serviceNumber ?? user.number),
    balance: result.ok ? view(result.data) : null,
    balanceError: result.ok ? null : "auth:account.loadFailed",
    // A line without history (412) simply has none yet.
    history: history.ok ? history.data.slice(0, HISTORY_ROWS).map(historyRow) : history.error.status === 412 ? [] : null,
    historyError: history.ok || history.error.status === 412 ? null : "auth:account.historyFailed",
  };
}
