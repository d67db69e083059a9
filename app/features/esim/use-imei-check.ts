import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
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
 * (`initial`) shows until the field changes. `inputId` names the IMEI field, whose value typed before
 * the page's code arrived is taken up at hydration.
 */
export function useImeiCheck({ initialImei = "", initial, journey, inputId }: { initialImei?: string; initial?: DeviceCheck | null; journey: boolean; inputId?: string }) {
  const fetcher = useFetcher<ImeiCheckAnswer>();
  // The same function for the fetcher's life (react-router's useCallback on its key and route).
  const { load } = fetcher;
  const [imei, setImei] = useState(digitsOf(initialImei));
  const [edited, setEdited] = useState(false);
  const ready = /^\d+$/.test(imei) && imei.length >= IMEI_MIN_DIGITS;

  const check = useCallback(
    (value: string) => {
      const query = new URLSearchParams({ imei: value, ...(journey ? { recorrido: "esim" } : {}) });
      // A check cut short by the submit (which checks again) is not an error.
      Promise.resolve(load(`/api/imei?${query.toString()}`)).catch(() => undefined);
    },
    [load, journey],
  );

  // An IMEI typed while the page's code was still on its way is in the field but was never seen:
  // once the code runs, it counts as typed (and is checked if it is long enough). From then on
  // every keystroke reaches the hook (`onImeiChange`), so the field and the hook agree.
  useEffect(() => {
    const input = inputId ? document.getElementById(inputId) : null;
    if (!(input instanceof HTMLInputElement)) return;
    const typed = digitsOf(input.value);
    if (typed === digitsOf(initialImei)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the field's value is the DOM's (typed before hydration), an outside source React cannot read while rendering
    setImei(typed);
    setEdited(true);
  }, [inputId, initialImei]);

  useEffect(() => {
    if (!ready || !edited) return;
    const timer = window.setTimeout(() => check(imei), IMEI_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [imei, ready, edited, check]);

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
      if (ready) check(imei);
    },
    onImeiChange: (value: string) => {
      setEdited(true);
      setImei(digitsOf(value));
    },
  };
}
