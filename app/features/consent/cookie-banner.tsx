import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { modalHref } from "~/components/url-modal";
import { useChrome } from "~/components/ui-store";
import { loadScript } from "~/features/tracking/tracking";
import { useTranslation } from "~/lib/i18n/react";
import { AcceptForm } from "./accept-form";
import { COOKIE_PARAM } from "./consent-params";
import type { Tracking } from "./consented-tracking";

/** docs/config.md: the notice appears 4 s after the page loads. */
export const COOKIE_BANNER_DELAY_MS = 4000;

/** The acquisition tag goes out when cookies are accepted on a /cambiate-a-bait page (what consent starts otherwise: consented-tracking.tsx). */
function useAcquisitionTag(tracking: Pick<Tracking, "acquisitionTagUrl">) {
  const location = useLocation();
  const [acceptedHere, setAcceptedHere] = useState(false);
  useEffect(() => {
    if (acceptedHere && tracking.acquisitionTagUrl && location.pathname.startsWith("/cambiate-a-bait")) loadScript(tracking.acquisitionTagUrl);
  }, [acceptedHere, tracking.acquisitionTagUrl, location.pathname]);
  return () => setAcceptedHere(true);
}

/**
 * The cookie notice: shown until 'Aceptar' (the spec has no reject). The server renders it
 * for visitors without the consent cookie; without JavaScript it shows at once, with
 * JavaScript after 4 s.
 */
export function CookieBanner({ tracking }: { tracking: Pick<Tracking, "acquisitionTagUrl"> }) {
  const { t } = useTranslation();
  const accepted = useChrome((state) => state.consentAccepted);
  const location = useLocation();
  const [visible, setVisible] = useState(false);
  const markAcceptedHere = useAcquisitionTag(tracking);

  useEffect(() => {
    if (accepted) return;
    const timer = window.setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [accepted]);

  if (accepted) return null;
  return (
    <section className={visible ? "cookie-banner cookie-banner--visible" : "cookie-banner"} aria-label={t("cookies.label")}>
      <p className="cookie-banner__text">{t("cookies.text")}</p>
      <div className="cookie-banner__actions">
        <Link to={modalHref(location, "opciones", COOKIE_PARAM)} preventScrollReset className="button button--ghost button--small" data-modal-opener="opciones">
          {t("cookies.options")}
        </Link>
        <AcceptForm label={t("cookies.accept")} className="button button--accent button--small" onAccepted={markAcceptedHere} />
      </div>
    </section>
  );
}
