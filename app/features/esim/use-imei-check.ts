import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { IMEI_MIN_DIGITS } from "#schemas/forms/esim";
import type { DeviceCheck } from "~/features/device/imei-check.server";
import { announce } from "~/features/tracking/funnel";
import type { ImeiCheckAnswer } from "./esim.server";

/** docs/esim.md: the IMEI is checked 600 ms after typing stops, from 13 digits on. */
export const IMEI_CHECK_DELAY_MS = 600;

const digitsOf = (value: string) => value.replace(/\s+/g, "");

export type DeviceStatus = { kind: "checking" } | { kind: "answered"; verdict: ImeiCheckAnswer["verdict"]; tone: DeviceCheck["tone"]; message: string } | null;

/**
 * The live device check (docs/esim.md): 600 ms after the last keystroke, once 13 digits or more
 * are typed, a fetcher asks GET /api/imei (the server records the journey's imeicompatible step
 * when `journey` is set). Only the answer for what the field holds now counts. Without
 * JavaScript the form's 'Revisar compatibilidad' button posts the same check; the server's answer
 * (`initial`) shows until the field changes.
 */
export function useImeiCheck({ initialImei = "", initial, journey }: { initialImei?: string; initial?: DeviceCheck | null; journey: boolean }) {
  const fetcher = useFetcher<ImeiCheckAnswer>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const [imei, setImei] = useState(digitsOf(initialImei));
  const [edited, setEdited] = useState(false);
  const ready = /^\d+$/.test(imei) && imei.length >= IMEI_MIN_DIGITS;

  const check = useRef(() => {});
  check.current = () => {
    const query = new URLSearchParams({ imei, ...(journey ? { recorrido: "esim" } : {}) });
    // A check cut short by the submit (which checks again) is not an error.
    Promise.resolve(load.current(`/api/imei?${query.toString()}`)).catch(() => undefined);
  };

  useEffect(() => {
    if (!ready || !edited) return;
    const timer = window.setTimeout(() => check.current(), IMEI_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [imei, ready, edited]);

  // Each answer's verdict is an analytics event (never the IMEI itself).
  const answered = fetcher.data?.verdict;
  useEffect(() => {
    if (answered) announce("esim_imei_check", { verdict: answered });
  }, [answered, fetcher.data]);

  let status: DeviceStatus = null;
  if (!edited && initial && initial.imei === imei) status = { kind: "answered", verdict: initial.verdict, tone: initial.tone, message: initial.message };
  else if (edited && ready) {
    const answer = fetcher.data;
    const current = fetcher.state === "idle" && answer && answer.imei === imei;
    status = current ? { kind: "answered", verdict: answer.verdict, tone: answer.tone, message: answer.message } : { kind: "checking" };
  }
  return {
    status,
    compatible: status?.kind === "answered" && status.verdict === "esim",
    /** 'Revisar compatibilidad' with JavaScript: the check at once, no page load. */
    checkNow: () => {
      setEdited(true);
      if (ready) check.current();
    },
    onImeiChange: (value: string) => {
      setEdited(true);
      setImei(digitsOf(value));
    },
  };
}
