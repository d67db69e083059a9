import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";
import { useChrome } from "~/components/ui-store";
import { herePath } from "~/lib/return-path";
import { rememberConsentHere } from "./consent-params";
import { markHydrated } from "~/components/hydration-mark";

/** 'Aceptar' is a form post (no JavaScript needed); with JavaScript it is sent in the background. */
export function AcceptForm({ label, className, onAccepted }: { label: string; className: string; onAccepted?: () => void }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const accept = useChrome((state) => state.acceptConsent);
  return (
    <fetcher.Form ref={markHydrated}
      method="post"
      action="/consentimiento"
      onSubmit={() => {
        rememberConsentHere();
        accept();
        onAccepted?.();
      }}
    >
      <input type="hidden" name="redirectTo" value={herePath(location)} />
      {hydrated ? <input type="hidden" name="respuesta" value="json" /> : null}
      <button type="submit" className={className}>
        {label}
      </button>
    </fetcher.Form>
  );
}
