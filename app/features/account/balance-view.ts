import type { BalanceItem, LineBalance } from "~/upstream/conn/balance.server";
import { formatData, formatLongDate } from "~/lib/format";

/**
 * The balance as /home shows it (docs/customer.md): every consumption item with what was used,
 * the total and what is left, in its own unit (data in MB/GB, minutes, SMS), and the share left
 * for the meter. Numbers stay numbers; the texts are the view's.
 */
export type Unit = "data" | "minutes" | "sms";
export type BalanceRow = {
  name: BalanceItem["name"];
  unit: Unit;
  used: number;
  total: number;
  available: number;
  /** Formatted with the unit: "2.1 GB", or the bare count for minutes and SMS. */
  usedText: string;
  totalText: string;
  availableText: string;
};
export type BalanceView = {
  rows: BalanceRow[];
  /** What the page leads with: the data at normal speed (else the first data item), null with no data. */
  main: BalanceRow | null;
  nextRecharge: string | null;
  /** 'Vigencia': the next recharge date (proxima_recarga), else the earliest offering's expiry. */
  validUntil: string | null;
  sharesData: boolean;
  unlimited: boolean;
  offerings: { offeringId: string; name: string; expires: string }[];
};

const unitOf = (name: BalanceItem["name"]): Unit => (name === "minutesUsed" ? "minutes" : name === "messaggesUsed" ? "sms" : "data");

export function balanceRow(item: BalanceItem): BalanceRow {
  const unit = unitOf(item.name);
  // Minutes and SMS come as available + used (the upstream sends no total for them).
  const [used, available, total] =
    unit === "minutes" ? [item.minUsed, item.minAvailable, item.minUsed + item.minAvailable] : unit === "sms" ? [item.smsUsed, item.smsAvailable, item.smsUsed + item.smsAvailable] : [item.mbUsed, item.mbAvailable, item.mbTotal];
  const text = (value: number) => (unit === "data" ? formatData(value) : String(value));
  return { name: item.name, unit, used, total, available, usedText: text(used), totalText: text(total), availableText: text(available) };
}

/** `offerName` names an offering id (the catalogue's name, else the id itself). */
export function balanceView(balance: LineBalance, offerName: (offeringId: string) => string): BalanceView {
  const rows = balance.items.map(balanceRow);
  const earliest = balance.offerings.map((offering) => offering.expireDate).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  const validUntil = balance.nextRecharge ?? earliest;
  return {
    rows,
    main: rows.find((row) => row.name === "normalDataSpeed") ?? rows.find((row) => row.unit === "data") ?? null,
    nextRecharge: balance.nextRecharge ? formatLongDate(balance.nextRecharge) : null,
    validUntil: validUntil ? formatLongDate(validUntil) : null,
    sharesData: balance.sharesData,
    unlimited: balance.unlimited,
    offerings: balance.offerings.map((offering) => ({ offeringId: offering.offeringId, name: offerName(offering.offeringId), expires: formatLongDate(offering.expireDate) })),
  };
}
