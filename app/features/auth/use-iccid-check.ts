import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ICCID_TYPED_LENGTH } from "#schemas/forms/fields";
import type { IccidCheckAnswer } from "./registration.server";

/** docs/accounts.md: the ICCID is checked 500 ms after typing stops. */
export const ICCID_CHECK_DELAY_MS = 500;

const digitsOnly = (value: string) => value.replace(/\s+/g, "");
const complete = (iccid: string, serviceNumber: string) => new RegExp(`^\\d{${ICCID_TYPED_LENGTH}}$`).test(iccid) && /^\d{10}$/.test(serviceNumber);

export type IccidStatus = { kind: "checking" } | { kind: "valid" } | { kind: "invalid"; message: string } | null;

/**
 * The live ICCID check of the registration (docs/accounts.md, spec §9): once the 13 digits and the service
 * number are typed, 500 ms after the last keystroke a fetcher asks GET /api/iccid whether the
 * SIM is an active service of this type with that number. Only the answer for what the fields
 * hold now is shown; an answer for older values is ignored. Without JavaScript the action does
 * the same check on submit.
 */
export function useIccidCheck(profile: "hbb" | "mifi", initial: { iccid?: string; serviceNumber?: string } = {}) {
  const fetcher = useFetcher<IccidCheckAnswer>();
  // The same function for the fetcher's life (react-router's useCallback on its key and route).
  const { load } = fetcher;
  const [typed, setTyped] = useState({ iccid: digitsOnly(initial.iccid ?? ""), serviceNumber: digitsOnly(initial.serviceNumber ?? "") });

  useEffect(() => {
    if (!complete(typed.iccid, typed.serviceNumber)) return;
    const query = new URLSearchParams({ iccid: typed.iccid, serviceNumber: typed.serviceNumber, type: profile });
    const timer = window.setTimeout(() => void load(`/api/iccid?${query.toString()}`), ICCID_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed.iccid, typed.serviceNumber, profile, load]);

  let status: IccidStatus = null;
  if (complete(typed.iccid, typed.serviceNumber)) {
    const answer = fetcher.data;
    const current = fetcher.state === "idle" && answer && answer.iccid === typed.iccid && answer.serviceNumber === typed.serviceNumber;
    if (!current) status = { kind: "checking" };
    else status = answer.ok ? { kind: "valid" } : { kind: "invalid", message: answer.message ?? "" };
  }

  return {
    status,
    onIccidChange: (value: string) => setTyped((now) => ({ ...now, iccid: digitsOnly(value) })),
    onServiceNumberChange: (value: string) => setTyped((now) => ({ ...now, serviceNumber: digitsOnly(value) })),
  };
}
