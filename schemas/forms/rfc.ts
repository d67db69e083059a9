/**
 * The RFC (Registro Federal de Contribuyentes) as the SAT issues it (docs/profile.md › RFC):
 * 12 characters for a company (3 letters), 13 for a person (4 letters), then the date of birth or
 * incorporation (YYMMDD), a 2-character homoclave and the check digit. The generic RFCs of the
 * public (national XAXX010101000, foreign XEXX010101000) are accepted as they are.
 */

export const GENERIC_RFCS = ["XAXX010101000", "XEXX010101000"] as const;
const SHAPE = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([\dA])$/;
/** The SAT's value of each character in the check-digit sum. */
const CHARSET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

export const normalizeRfc = (value: string) => value.trim().toUpperCase();

/** The check digit of the first 11 (company) or 12 (person) characters: modulo 11, weights 13 down to 2. */
export function rfcCheckDigit(body: string): string {
  // A company's RFC is padded to a person's length with a leading space.
  const padded = body.length === 11 ? ` ${body}` : body;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Math.max(0, CHARSET.indexOf(padded[index] ?? " ")) * (13 - index);
  const digit = 11 - (sum % 11);
  return digit === 11 ? "0" : digit === 10 ? "A" : String(digit);
}

const isDate = (yy: string, mm: string, dd: string) => {
  const month = Number(mm);
  const day = Number(dd);
  // A two-digit year: February 29th is fine in any year divisible by 4 (2000 was a leap year).
  const days = [31, Number(yy) % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
};

export type RfcProblem = "format" | "date" | "checkDigit";

/** Why an RFC is not valid, or null when it is. */
export function rfcProblem(value: string): RfcProblem | null {
  const rfc = normalizeRfc(value);
  if ((GENERIC_RFCS as readonly string[]).includes(rfc)) return null;
  const match = SHAPE.exec(rfc);
  if (!match) return "format";
  const [, , yy = "", mm = "", dd = ""] = match;
  if (!isDate(yy, mm, dd)) return "date";
  return rfcCheckDigit(rfc.slice(0, -1)) === rfc.slice(-1) ? null : "checkDigit";
}

/** Person (13 characters) or company (12). */
export const rfcKind = (value: string): "person" | "company" => (normalizeRfc(value).length === 12 ? "company" : "person");
