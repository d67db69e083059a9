import { Form, Link } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { useMessages, type Translate } from "~/lib/i18n/react";
import type { AccountOverview } from "./balance.server";
import type { BalanceRow, BalanceView } from "./balance-view";
import { HISTORY_LIMIT_PARAM, HISTORY_LIMITS } from "./urls";

const PROFILE = { 1: "mbb", 2: "hbb", 3: "mifi" } as const;

function amountText(row: BalanceRow, value: string, message: Translate) {
  if (row.unit === "minutes") return message("customer:home.minutes", { count: Number(value) });
  if (row.unit === "sms") return message("customer:home.sms", { count: Number(value) });
  return value;
}

function BalanceItem({ row }: { row: BalanceRow }) {
  const message = useMessages();
  const name = message(`auth:account.items.${row.name}`);
  const text = (value: string) => amountText(row, value, message);
  return (
    <li className="balance-list__item">
      <span className="balance-list__name">{name}</span>
      <span className="balance-list__value">{message("customer:home.available", { value: text(row.availableText) })}</span>
      {row.total > 0 ? (
        <meter className="balance-list__meter" min={0} max={row.total} value={row.available} aria-label={message("customer:home.meter", { name, available: text(row.availableText), total: text(row.totalText) })} />
      ) : null}
      <span className="balance-list__detail">
        {message("customer:home.used", { value: text(row.usedText) })} · {message("customer:home.total", { value: text(row.totalText) })}
      </span>
    </li>
  );
}

function Balance({ balance }: { balance: BalanceView }) {
  const message = useMessages();
  return (
    <>
      {balance.rows.length ? (
        <ul role="list" className="balance-list">
          {balance.rows.map((row) => (
            <BalanceItem key={row.name} row={row} />
          ))}
        </ul>
      ) : (
        <p>{message("auth:account.noItems")}</p>
      )}
      <ul role="list" className="balance-facts">
        {balance.nextRecharge ? <li>{message("auth:account.nextRecharge", { date: balance.nextRecharge })}</li> : null}
        <li>{message(balance.sharesData ? "customer:home.sharesData" : "customer:home.noSharing")}</li>
        <li>{message(balance.unlimited ? "customer:home.unlimited" : "customer:home.limited")}</li>
      </ul>
      <h3 className="account-card__subtitle">{message("customer:home.offeringsTitle")}</h3>
      {balance.offerings.length ? (
        <ul className="balance-offerings">
          {balance.offerings.map((offering) => (
            <li key={offering.offeringId}>{message("customer:home.offering", { name: offering.name, date: offering.expires })}</li>
          ))}
        </ul>
      ) : (
        <p>{message("customer:home.noOfferings")}</p>
      )}
    </>
  );
}

function History({ history, historyLimit }: Pick<AccountOverview, "history" | "historyLimit">) {
  const message = useMessages();
  if (!history) return null;
  return (
    <>
      <Form method="get" className="history-limit">
        <label htmlFor="history-limit">{message("customer:home.historyLimit")}</label>
        <select id="history-limit" name={HISTORY_LIMIT_PARAM} defaultValue={String(historyLimit)}>
          {HISTORY_LIMITS.map((count) => (
            <option key={count} value={count}>
              {message("customer:home.historyLimitOption", { count })}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary button--small">
          {message("customer:home.historyShow")}
        </button>
      </Form>
      {history.length === 0 ? <p>{message("auth:account.historyEmpty")}</p> : null}
      {history.length > 0 ? (
        <div className="history-table__scroll">
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">{message("auth:account.historyDate")}</th>
                <th scope="col">{message("auth:account.historyRecharge")}</th>
                <th scope="col">{message("auth:account.historyAmount")}</th>
                <th scope="col">{message("auth:account.historyStatus")}</th>
                <th scope="col">{message("auth:account.historyOrder")}</th>
                <th scope="col">{message("customer:home.historyActions")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((row) => (
                <tr key={row.id}>
                  <td>{row.date}</td>
                  <td>{row.name}</td>
                  <td>{row.amount}</td>
                  <td>
                    <span className={`history-status history-status--${row.applied ? "applied" : "pending"}`}>
                      {row.status === "applied" || row.status === "not_applicated" ? message(`customer:home.statusWords.${row.status}`) : message("customer:home.statusWords.other", { status: row.status })}
                    </span>
                  </td>
                  <td className="history-table__order">{row.orderId}</td>
                  <td>
                    {row.rechargeHref ? (
                      <Link to={row.rechargeHref} className="history-table__recharge">
                        {message("customer:home.rechargeAgain")}
                        <span className="visually-hidden"> {message("customer:home.rechargeAgainName", { name: row.name })}</span>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** The customer's home: who and which line, the line's status, the balance (Datos de consumo), the history and what to do next. */
export function HomeView(overview: AccountOverview) {
  const { user, auth, balance, balanceError, lineNumber, lineStatus, lineError, historyError, rechargeShortcut } = overview;
  const message = useMessages();
  const profile = PROFILE[user.userType];
  return (
    <div className="page account-page">
      <h1 className="page-title">{message("auth:account.heading")}</h1>
      <p className="account-page__who">
        <strong>{message("auth:account.greeting", { name: user.name })}</strong> · {message(`auth:account.line.${profile}`, { number: lineNumber })}
      </p>
      <section className="account-card" aria-labelledby="line-title">
        <h2 id="line-title">{message("customer:home.lineTitle")}</h2>
        {lineError ? <FormMessage tone="error">{message(lineError)}</FormMessage> : null}
        {lineStatus ? <p>{message("customer:home.lineStatus", { status: message(`customer:home.status.${lineStatus}`) })}</p> : null}
        <Link className="button button--primary" to={rechargeShortcut}>
          {message("auth:account.recharge")}
        </Link>
      </section>
      <section className="account-card" aria-labelledby="balance-title">
        <h2 id="balance-title">{message("auth:account.balanceTitle")}</h2>
        {balanceError ? <FormMessage tone="error">{message(balanceError)}</FormMessage> : null}
        {balance ? <Balance balance={balance} /> : null}
      </section>
      <section className="account-card" aria-labelledby="history-title">
        <h2 id="history-title">{message("auth:account.historyTitle")}</h2>
        {historyError ? <FormMessage tone="error">{message(historyError)}</FormMessage> : null}
        <History history={overview.history} historyLimit={overview.historyLimit} />
      </section>
      <section className="account-card" aria-labelledby="actions-title">
        <h2 id="actions-title">{message("auth:account.actions")}</h2>
        <div className="account-actions">
          <Link className="button button--primary" to="/recargas">
            {message("auth:account.recharge")}
          </Link>
          <Link className="button button--secondary" to="/recurrente">
            {message("auth:account.recurring")}
          </Link>
          <Link className="button button--secondary" to="/editar-perfil">
            {message("auth:account.editProfile")}
          </Link>
          {auth === "sso" ? (
            <Link className="button button--secondary" to="/sso">
              {message("auth:account.ssoAccount")}
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}
