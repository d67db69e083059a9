import { useCallback, useEffect, useRef, useState } from "react";
import { POSTAL_CODE_PATTERN } from "#schemas/forms/address";
import type { PostalLookup, PostalLookupAnswer } from "./postal.server";

/** Shown when the lookup got no answer at all (no connection): docs/sim.md's default. */
export const POSTAL_LOOKUP_FAILED = "payment:postalCode.lookupFailed";

export type PostalLookupStatus =
  | { kind: "idle" }
  | { kind: "searching"; postalCode: string }
  | { kind: "found"; lookup: PostalLookup }
  /** `message` is a text already in Spanish (the server's) or a catalogue key: translate it to show it. */
  | { kind: "failed"; message: string };

/**
 * The postal-code lookup in the browser (docs/sim.md "lookup at 5"): once the field holds 5 digits,
 * GET /api/codigo-postal asks for the code's colonias. A newer code aborts the request of an
 * older one, so only the answer for what the field holds counts. A code the lookup refused is
 * reported through `onFailure` (the field is cleared there, docs/sim.md), every answer through
 * `onLookup`. `initial` is the server's lookup of the posted code (after a round trip), and a
 * new one replaces what the browser found.
 */
export function usePostalLookup({
  initial = null,
  onLookup,
  onFailure,
}: {
  initial?: PostalLookup | null;
  onLookup?: (answer: PostalLookupAnswer) => void;
  onFailure?: () => void;
} = {}) {
  const [status, setStatus] = useState<PostalLookupStatus>(() => (initial ? { kind: "found", lookup: initial } : { kind: "idle" }));
  const [server, setServer] = useState(initial);
  if (server !== initial) {
    setServer(initial);
    setStatus(initial ? { kind: "found", lookup: initial } : { kind: "idle" });
  }
  const pending = useRef<AbortController | null>(null);
  // The caller's latest callbacks, for a lookup that answers after a render.
  const callbacks = useRef({ onLookup, onFailure });
  useEffect(() => {
    callbacks.current = { onLookup, onFailure };
  });
  useEffect(() => () => pending.current?.abort(), []);

  const lookUp = useCallback(async (value: string) => {
    pending.current?.abort();
    pending.current = null;
    const postalCode = value.trim();
    if (!POSTAL_CODE_PATTERN.test(postalCode)) {
      setStatus({ kind: "failed", message: "address:postalCodeDigits" });
      return;
    }
    const request = new AbortController();
    pending.current = request;
    setStatus({ kind: "searching", postalCode });
    let answer: PostalLookupAnswer;
    try {
      const response = await fetch(`/api/codigo-postal?cp=${encodeURIComponent(postalCode)}`, { signal: request.signal, headers: { Accept: "application/json" } });
      answer = (await response.json()) as PostalLookupAnswer;
    } catch {
      answer = { ok: false, message: POSTAL_LOOKUP_FAILED };
    }
    // A newer code (or leaving the page) took over while this one was asked.
    if (request.signal.aborted) return;
    pending.current = null;
    setStatus(answer.ok ? { kind: "found", lookup: answer } : { kind: "failed", message: answer.message });
    if (!answer.ok) callbacks.current.onFailure?.();
    callbacks.current.onLookup?.(answer);
  }, []);

  /** The field's value as typed: 5 digits start a lookup (unless that code's colonias are shown); fewer drop the colonias of the old code. */
  const onPostalCodeChange = useCallback(
    (value: string) => {
      const postalCode = value.trim();
      if (POSTAL_CODE_PATTERN.test(postalCode)) {
        const current = status.kind === "found" ? status.lookup.postalCode : status.kind === "searching" ? status.postalCode : null;
        if (current !== postalCode) void lookUp(postalCode);
        return;
      }
      pending.current?.abort();
      pending.current = null;
      setStatus({ kind: "idle" });
    },
    [status, lookUp],
  );

  return { status, lookup: status.kind === "found" ? status.lookup : null, lookUp, onPostalCodeChange };
}
