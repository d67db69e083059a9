/**
 * es-MX formatting for server and browser alike. Every date is shown in Mexico City time,
 * whatever the machine's zone, so the server-rendered HTML and the hydrated page agree.
 * Mexico City has had no daylight saving time since 2022: always UTC−6.
 */

const LOCALE = "es-MX";
const TIME_ZONE = "America/Mexico_City";

/** A Date, epoch milliseconds, or an ISO 8601 string with its offset (without one, Date reads it as machine-local time). */
export type DateInput = Date | number | string;

// Building an Intl formatter costs far more than using one: build each once per process/page.
const money = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "MXN" });
const shortDateParts = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: "numeric", month: "numeric", year: "2-digit" });
const timeParts = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const historyParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const longDateIn = (timeZone: string) => new Intl.DateTimeFormat(LOCALE, { timeZone, day: "numeric", month: "long", year: "numeric" });
const longDateParts = longDateIn(TIME_ZONE);
const calendarLongDateParts = longDateIn("UTC");
const dataAmount = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const weekdayShort = new Intl.DateTimeFormat(LOCALE, { timeZone: "UTC", weekday: "short" });

type Part = Intl.DateTimeFormatPartTypes;

/**
 * The parts we asked for, by type. Patterns are assembled from parts rather than taken from
 * `format()` because ICU's es-MX output differs from the product's patterns: it writes
 * "05 de marzo de 2024 a las 09:05" (an extra "de" before the year) and pads the hour to
 * "09:05" even when asked for a numeric hour; literals also vary between ICU versions.
 */
function partsOf(formatter: Intl.DateTimeFormat, input: DateInput): Partial<Record<Part, string>> | null {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<Record<Part, string>> = {};
  for (const { type, value } of formatter.formatToParts(date)) parts[type] = value;
  return parts;
}

/** "$1,234.50": pesos, with the peso sign and two decimals as es-MX writes MXN. */
export function formatMoney(pesos: number): string {
  return money.format(pesos);
}

/** d/M/yy, e.g. "5/3/24". An invalid date gives "" (an upstream's bad date must not break the page). */
export function formatShortDate(date: DateInput): string {
  const parts = partsOf(shortDateParts, date);
  return parts ? `${Number(parts.day)}/${Number(parts.month)}/${parts.year}` : "";
}

/** H:mm on the 24-hour clock, e.g. "9:05", "21:30". */
export function formatShortTime(date: DateInput): string {
  const parts = partsOf(timeParts, date);
  return parts ? `${Number(parts.hour)}:${parts.minute}` : "";
}

/** The recharge history's 'dd de MMMM y a las HH:mm', e.g. "05 de marzo 2024 a las 09:05" (no "de" before the year). */
export function formatHistoryDate(date: DateInput): string {
  const parts = partsOf(historyParts, date);
  if (!parts) return "";
  return `${parts.day} de ${parts.month?.toLocaleLowerCase(LOCALE)} ${parts.year} a las ${parts.hour}:${parts.minute}`;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "31 de octubre de 2021". A bare calendar date ("2021-10-31", as legal blocks carry it) is
 * that day: read as an instant it would be midnight UTC, the evening before in Mexico City.
 */
export function formatLongDate(date: DateInput): string {
  let parts: ReturnType<typeof partsOf>;
  if (typeof date === "string" && CALENDAR_DATE.test(date)) {
    const day = new Date(`${date}T00:00:00Z`);
    // V8 rolls 2021-02-30 over to 2 March instead of rejecting it.
    const exists = !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
    parts = exists ? partsOf(calendarLongDateParts, day) : null;
  } else {
    parts = partsOf(longDateParts, date);
  }
  return parts ? `${Number(parts.day)} de ${parts.month?.toLocaleLowerCase(LOCALE)} de ${parts.year}` : "";
}

/** An offer's data in MB as the operator writes it: "500 MB", "1.5 GB", "20 GB" (1 GB = 1024 MB, one decimal at most). */
export function formatData(megabytes: number): string {
  return megabytes < 1024 ? `${dataAmount.format(megabytes)} MB` : `${dataAmount.format(megabytes / 1024)} GB`;
}

/** "(55) 12 34 56 78" for a 10-digit number; anything else is returned as given. */
export function formatPhone(digits: string): string {
  const match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]} ${match[3]} ${match[4]} ${match[5]}` : digits;
}

/** The history API sends cents; the history shows whole pesos. */
export function historyAmount(cents: number): number {
  return Math.round(cents / 100);
}

/** Calendars start the week on Sunday in Mexico (0 = Sunday, as Date#getDay counts). */
export const WEEK_STARTS_ON = 0;

let weekdays: readonly string[] | undefined;

/** Short weekday names from Sunday: dom, lun, mar, mié, jue, vie, sáb. */
export function weekdayNames(): readonly string[] {
  // 2023-01-01 was a Sunday; formatting in UTC keeps the machine's zone out of it.
  weekdays ??= Object.freeze(
    Array.from({ length: 7 }, (_, offset) => weekdayShort.format(new Date(Date.UTC(2023, 0, 1 + WEEK_STARTS_ON + offset)))),
  );
  return weekdays;
}
