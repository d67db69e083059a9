import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { LineCheckAnswer } from "./recharge.server";

/** docs/recharge.md: the number is checked 300 ms after typing stops. */
export const LINE_CHECK_DELAY_MS = 300;

const digitsOf = (value: string) => value.replace(/\s+/g, "");

export type LineStatus = { kind: "checking" } | { kind: "valid" } | { kind: "invalid"; message: string } | null;

/**
 * The modal's live line check (docs/recharge.md): once 10 digits are typed, 300 ms after the last
 * keystroke a fetcher asks GET /api/linea whether the number may get this offer. Only the answer
 * for what the field holds now counts. Without JavaScript 'Siguiente' does the same check.
 */
export function useLineCheck(offerId: string, initial = "") {
  const fetcher = useFetcher<LineCheckAnswer>();
  // The same function for the fetcher's life (react-router's useCallback on its key and route).
  const { load } = fetcher;
  const [number, setNumber] = useState(digitsOf(initial));
  const complete = /^\d{10}$/.test(number);

  useEffect(() => {
    if (!complete) return;
    const query = new URLSearchParams({ numero: number, oferta: offerId });
    // A check cut short by the submit (which checks again) is not an error.
    const timer = window.setTimeout(() => Promise.resolve(load(`/api/linea?${query.toString()}`)).catch(() => undefined), LINE_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [number, offerId, complete, load]);

  let status: LineStatus = null;
  if (complete) {
    const answer = fetcher.data;
    const current = fetcher.state === "idle" && answer && answer.number === number;
    if (!current) status = { kind: "checking" };
    else status = answer.ok ? { kind: "valid" } : { kind: "invalid", message: answer.message ?? "" };
  }
  return { status, onNumberChange: (value: string) => setNumber(digitsOf(value)) };
}
