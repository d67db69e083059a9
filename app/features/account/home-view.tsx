import { Form, Link } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import type { TFunction as Translate } from "i18next";
import { useTranslation } from "react-i18next";
import type { AccountOverview } from "./balance.server";
import type { PaymentNotice } from "~/features/payment/home-notice.server";
import type { HomeRequests } from "~/features/request-link/home.server";
import { RequestLinksSection } from "~/features/request-link/home-section";
import type { BalanceRow, BalanceView } from "./balance-view";
import { INVOICE_PATH, REPLACEMENT_PATH } from "~/features/profile/urls";
import { HISTORY_LIMIT_PARAM, HISTORY_LIMITS } from "./urls";
import { profileOfUserType } from "#schemas/line";
import { markHydrated } from "~/components/hydration-mark";

/** The account's actions, in order; a customer signed in through SSO also gets the SSO account's page. */
const ACTIONS = [
  { to: "/recargas", label: "customer:home.allRecharges" },
  { to: "/recurrente", label: "customer:account.recurring" },
  { to: INVOICE_PATH, label: "customer:home.invoices" },
  { to: "/editar-perfil", label: "customer:account.editProfile" },
  { to: REPLACEMENT_PATH, label: "customer:home.replacement" },
] as const;
const SSO_ACTION = { to: "/sso", label: "customer:account.ssoAccount" } as const;

function amountText(row: BalanceRow, value: string, message: Translate) {
  if (row.unit === "minutes") return message("customer:home.minutes", { count: Number(value) });
  if (row.unit === "sms") return message("customer:home.sms", { count: Number(value) });
  return value;
}

function BalanceItem({ row }: { row: BalanceRow }) {
  const { t: message } = useTranslation(["common", "customer"]);
  const name = message(`customer:account.items.${row.name}`);
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
  const { t: message } = useTranslation(["common", "customer"]);
  return (
    <>
      {balance.rows.length ? (
        <ul role="list" className="balance-list">
          {balance.rows.map((row) => (
            <BalanceItem key={row.name} row={row} />
          ))}
        </ul>
      ) : (
        <p>{message("customer:account.noItems")}</p>
      )}
      <p className="balance-facts">{message(balance.sharesData ? "customer:home.sharesData" : "customer:home.noSharing")}</p>
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

/** What a customer comes for, first: what is left and until when ('Vigencia'), the data used and left, and 'Recargar' for this line. */
function Summary({ balance, rechargeShortcut }: { balance: BalanceView | null; rechargeShortcut: string }) {
  const { t: message } = useTranslation(["common", "customer"]);
  const main = balance?.main;
  const name = main ? message(`customer:account.items.${main.name}`) : "";
  return (
    <>
      {balance ? (
        <dl className="account-summary__facts">
          <div>
            <dt>{main ? message("customer:home.mainLeft", { name }) : message("customer:home.noData")}</dt>
            <dd className="account-summary__figure">{main ? main.availableText : message("customer:home.noDataValue")}</dd>
          </div>
          <div>
            <dt>{message("customer:home.validUntil")}</dt>
            <dd className="account-summary__figure">{balance.validUntil ?? message("customer:home.noValidity")}</dd>
          </div>
        </dl>
      ) : null}
      {main && main.total > 0 ? (
        <div className="account-summary__usage">
          {/* The text below says the same; the item's labelled meter is in Datos de consumo. */}
          <meter className="balance-list__meter" min={0} max={main.total} value={main.available} aria-hidden="true" />
          <p className="balance-list__detail">{message("customer:home.mainUsage", { used: main.usedText, total: main.totalText })}</p>
        </div>
      ) : null}
      {balance?.unlimited ? <p className="account-summary__unlimited">{message("customer:home.unlimited")}</p> : null}
      <Link className="button button--primary account-summary__recharge" to={rechargeShortcut}>
        {message("customer:account.recharge")}
        <span className="visually-hidden"> {message("customer:home.rechargeThisLine")}</span>
      </Link>
    </>
  );
}

/** `paidRows`: the rows recharged through a 'Pide tu recarga' link (docs/request-link.md), by row id → the offer's name. */
function History({ history, historyLimit, paidRows = {} }: Pick<AccountOverview, "history" | "historyLimit"> & { paidRows?: Record<string, string> }) {
  const { t: message } = useTranslation(["common", "customer"]);
  if (!history) return null;
  return (
    <>
      <Form ref={markHydrated} method="get" className="history-limit">
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
      {history.length === 0 ? <p>{message("customer:account.historyEmpty")}</p> : null}
      {history.length > 0 ? (
        <ol role="list" className="history-list" aria-labelledby="history-title">
          {history.map((row) => (
            <li key={row.id} className="history-list__item">
              <p className="history-list__what">
                <strong>{paidRows[row.id] ? message("requestLink:home.paidRow", { name: row.name }) : row.name}</strong> · {row.amount}
              </p>
              <p className="history-list__when">
                {row.date}
                <span className={`history-status history-status--${row.applied ? "applied" : "pending"}`}>
                  {row.status === "applied" || row.status === "not_applicated" ? message(`customer:home.statusWords.${row.status}`) : message("customer:home.statusWords.other", { status: row.status })}
                </span>
              </p>
              <p className="history-list__order">{message("customer:home.historyOrder", { order: row.orderId })}</p>
              {row.invoiceHref || row.repeatHref || row.rechargeHref ? (
                <p className="history-list__actions">
                  {row.invoiceHref ? (
                    <Link to={row.invoiceHref}>
                      {message("customer:home.invoice")}
                      <span className="visually-hidden"> {message("customer:home.invoiceName", { name: row.name, order: row.orderId })}</span>
                    </Link>
                  ) : null}
                  {row.repeatHref || row.rechargeHref ? (
                    // 'Recargar de nuevo' (docs/payment.md "Repeat with the kept card"); a screen reader hears which recharge after the visible words (WCAG 2.5.3).
                    <Link to={(row.repeatHref ?? row.rechargeHref)!}>
                      {message("customer:home.rechargeAgain")}
                      <span className="visually-hidden"> {message("customer:home.rechargeAgainName", { name: row.name })}</span>
                    </Link>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

/**
 * The customer's home: who and which line, then what they come for (what is left, 'Vigencia', the data used and
 * left, 'Recargar' for this line), the line's status, the balance in detail (Datos de consumo), the history (each
 * applied recharge with its invoice) and every other page of the customer area.
 */
export function HomeView(overview: AccountOverview & { paymentNotice?: PaymentNotice | null; requests?: HomeRequests }) {
  const { user, auth, balance, balanceError, lineNumber, lineStatus, lineError, historyError, rechargeShortcut } = overview;
  const { t: message } = useTranslation(["common", "customer"]);
  const profile = profileOfUserType[user.userType];
  return (
    <div className="page account-page">
      <h1 className="page-title">{message("customer:account.heading")}</h1>
      <p className="account-page__who">
        <strong>{message("customer:account.greeting", { name: user.name })}</strong> · {message(`customer:account.line.${profile}`, { number: lineNumber })}
      </p>
      {overview.paymentNotice ? (
        <FormMessage tone={overview.paymentNotice.tone}>
          {overview.paymentNotice.text} <Link to={overview.paymentNotice.href}>{overview.paymentNotice.link}</Link>
        </FormMessage>
      ) : null}
      <section className="account-card account-summary" aria-labelledby="line-title">
        <h2 id="line-title">{message("customer:home.summaryTitle")}</h2>
        {balanceError ? <FormMessage tone="error">{message(balanceError)}</FormMessage> : null}
        <Summary balance={balance} rechargeShortcut={rechargeShortcut} />
        {lineError ? <FormMessage tone="error">{message(lineError)}</FormMessage> : null}
        {lineStatus ? <p className="account-summary__status">{message("customer:home.lineStatus", { status: message(`customer:home.status.${lineStatus}`) })}</p> : null}
      </section>
      {balance ? (
        <section className="account-card" aria-labelledby="balance-title">
          <h2 id="balance-title">{message("customer:account.balanceTitle")}</h2>
          <Balance balance={balance} />
        </section>
      ) : null}
      <section className="account-card" aria-labelledby="history-title">
        <h2 id="history-title">{message("customer:account.historyTitle")}</h2>
        {historyError ? <FormMessage tone="error">{message(historyError)}</FormMessage> : null}
        <History history={overview.history} historyLimit={overview.historyLimit} paidRows={overview.requests?.paidRows} />
      </section>
      {overview.requests ? <RequestLinksSection requests={overview.requests} /> : null}
      <section className="account-card" aria-labelledby="actions-title">
        <h2 id="actions-title">{message("customer:account.actions")}</h2>
        <div className="account-actions">
          {[...ACTIONS, ...(auth === "sso" ? [SSO_ACTION] : [])].map((action) => (
            <Link key={action.to} className="button button--secondary" to={action.to}>
              {message(action.label)}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
