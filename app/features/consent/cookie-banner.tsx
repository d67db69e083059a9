import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { modalHref } from "~/components/url-modal";
import { useChrome } from "~/components/ui-store";
import { loadScript } from "~/features/tracking/tracking";
import { useTranslation } from "react-i18next";
import { AcceptForm } from "./accept-form";
import { COOKIE_PARAM } from "./consent-params";
import type { Tracking } from "./consented-tracking";

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
 * for visitors without the consent cookie and it shows at once, with or without JavaScript:
 * the spec's 4 s delay is dropped (docs/config.md "Cookie consent" says why). The page's first
 * content after the skip links, in the document's flow: it scrolls away with the page and covers
 * nothing (app.css "Cookie notice").
 */
export function CookieBanner({ tracking }: { tracking: Pick<Tracking, "acquisitionTagUrl"> }) {
  const { t } = useTranslation();
  const accepted = useChrome((state) => state.consentAccepted);
  const location = useLocation();
  const markAcceptedHere = useAcquisitionTag(tracking);

  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label={t("cookies.label")}>
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
