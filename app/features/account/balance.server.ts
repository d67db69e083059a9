import { redirect } from "@remix-run/node";
import { destroySession, getCustomer, getSession } from "~/lib/session.server";
import { getBalance, getSsoBalance, type LineBalance } from "~/upstream/conn.server";
import { formatData, formatLongDate, formatPhone } from "~/lib/format";
import type { SessionUser } from "#schemas/session";

/** The balance as the page shows it: amounts and dates already written the es-MX way. */
export type BalanceView = Omit<LineBalance, "items" | "nextRecharge"> & {
  items: (LineBalance["items"][number] & { dataAvailable: string; dataTotal: string })[];
  nextRecharge?: string;
};
export type AccountOverview = { user: SessionUser; auth: "legacy" | "sso"; lineNumber: string; balance: BalanceView | null; balanceError: string | null };

const view = (balance: LineBalance): BalanceView => ({
  ...balance,
  items: balance.items.map((item) => ({ ...item, dataAvailable: formatData(item.mbAvailable), dataTotal: formatData(item.mbTotal) })),
  nextRecharge: balance.nextRecharge ? formatLongDate(balance.nextRecharge) : undefined,
});

/**
 * What /home shows: the customer and their line's balance, read fresh on every visit (consumoV3
 * with the legacy token, consumoSSO for single sign-on). A rejected token means the upstream
 * session ended: ours ends too and the customer logs in again. Any other failure leaves the
 * page up with 'Hubo un problema al cargar los datos.'.
 */
export async function loadAccountOverview(request: Request): Promise<AccountOverview> {
  const customer = await getCustomer(request);
  if (!customer) throw redirect("/");
  const { user, tokens, auth } = customer;
  const result = auth === "sso" ? await getSsoBalance(user.serviceNumber ?? user.number, tokens.access) : await getBalance(tokens.access);
  if (!result.ok && (result.error.status === 401 || result.error.status === 403)) {
    throw redirect("/login", { headers: { "Set-Cookie": await destroySession(await getSession(request)) } });
  }
  return {
    user,
    auth,
    lineNumber: formatPhone(user.serviceNumber ?? user.number),
    balance: result.ok ? view(result.data) : null,
    balanceError: result.ok ? null : "auth:account.loadFailed",
  };
}
