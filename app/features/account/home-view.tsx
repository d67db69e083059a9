import { Link } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { useMessages } from "~/lib/i18n/react";
import type { AccountOverview } from "./balance.server";

type Item = NonNullable<AccountOverview["balance"]>["items"][number];

const PROFILE = { 1: "mbb", 2: "hbb", 3: "mifi" } as const;

function ItemLine({ item }: { item: Item }) {
  const message = useMessages();
  if (item.name === "minutesUsed") return <>{message("auth:account.minutesLeft", { count: item.minAvailable })}</>;
  if (item.name === "messaggesUsed") return <>{message("auth:account.smsLeft", { count: item.smsAvailable })}</>;
  return <>{message("auth:account.dataLeft", { available: item.dataAvailable, total: item.dataTotal })}</>;
}

/** The customer's home: who and which line, the balance (Datos de consumo), and what to do next. */
export function HomeView({ user, auth, balance, balanceError, lineNumber, history, historyError }: AccountOverview) {
  const message = useMessages();
  const profile = PROFILE[user.userType];
  return (
    <div className="page account-page">
      <h1 className="page-title">{message("auth:account.heading")}</h1>
      <p className="account-page__who">
        <strong>{message("auth:account.greeting", { name: user.name })}</strong> · {message(`auth:account.line.${profile}`, { number: lineNumber })}
      </p>
      <section className="account-card" aria-labelledby="balance-title">
        <h2 id="balance-title">{message("auth:account.balanceTitle")}</h2>
        {balanceError ? <FormMessage tone="error">{message(balanceError)}</FormMessage> : null}
        {balance ? (
          <>
            {balance.items.length ? (
              <ul role="list" className="balance-list">
                {balance.items.map((item) => {
                  const total = item.name === "minutesUsed" ? item.minAvailable + item.minUsed : item.name === "messaggesUsed" ? item.smsAvailable + item.smsUsed : item.mbTotal;
                  const left = item.name === "minutesUsed" ? item.minAvailable : item.name === "messaggesUsed" ? item.smsAvailable : item.mbAvailable;
                  return (
                    <li key={item.name} className="balance-list__item">
                      <span className="balance-list__name">{message(`auth:account.items.${item.name}`)}</span>
                      <span className="balance-list__value">
                        <ItemLine item={item} />
                      </span>
                      {total > 0 ? <meter className="balance-list__meter" min={0} max={total} value={left} aria-hidden="true" /> : null}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p>{message("auth:account.noItems")}</p>
            )}
            {balance.unlimited ? <p>{message("auth:account.unlimited")}</p> : null}
            {balance.nextRecharge ? <p>{message("auth:account.nextRecharge", { date: balance.nextRecharge })}</p> : null}
          </>
        ) : null}
      </section>
      <section className="account-card" aria-labelledby="history-title">
        <h2 id="history-title">{message("auth:account.historyTitle")}</h2>
        {historyError ? <FormMessage tone="error">{message(historyError)}</FormMessage> : null}
        {history && history.length === 0 ? <p>{message("auth:account.historyEmpty")}</p> : null}
        {history && history.length > 0 ? (
          <div className="history-table__scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">{message("auth:account.historyDate")}</th>
                  <th scope="col">{message("auth:account.historyRecharge")}</th>
                  <th scope="col">{message("auth:account.historyAmount")}</th>
                  <th scope="col">{message("auth:account.historyStatus")}</th>
                  <th scope="col">{message("auth:account.historyOrder")}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((row) => (
                  <tr key={row.id}>
                    <td>{row.date}</td>
                    <td>{row.name}</td>
                    <td>{row.amount}</td>
                    <td>
                      <span className={`history-status history-status--${row.applied ? "applied" : "pending"}`}>{message(row.applied ? "auth:account.historyApplied" : "auth:account.historyPending")}</span>
                    </td>
                    <td className="history-table__order">{row.orderId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
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
