import { Link, useLocation, useNavigate } from "@remix-run/react";
import { closeModalHref, ModalActions, modalHref, UrlModal } from "~/components/url-modal";
import { useTranslation } from "react-i18next";
import { AcceptForm } from "./accept-form";
import { COOKIE_PARAM } from "./consent-params";

/** The settings modal (?cookies=opciones): what each kind of cookie does, and 'Aceptar'. */
export function CookieSettings({ policyModal, policyUpdated }: { policyModal: string; /** Already formatted: "31 de octubre de 2021". */ policyUpdated: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const closed = closeModalHref(location, COOKIE_PARAM);
  const policyHref = modalHref({ pathname: location.pathname, search: new URL(closed, "http://x").search }, policyModal);
  return (
    <UrlModal id="opciones" title={t("cookies.settingsTitle")} param={COOKIE_PARAM}>
      <p>{t("cookies.settingsIntro")}</p>
      <div className="faq__list">
        <details className="faq__item" open>
          <summary className="faq__question">
            {t("cookies.necessaryTitle")} <span className="cookie-settings__status">{t("cookies.necessaryStatus")}</span>
          </summary>
          <p className="faq__answer">{t("cookies.necessaryText")}</p>
        </details>
        <details className="faq__item">
          <summary className="faq__question">
            {t("cookies.performanceTitle")} <span className="cookie-settings__status">{t("cookies.performanceStatus")}</span>
          </summary>
          <p className="faq__answer">{t("cookies.performanceText")}</p>
        </details>
      </div>
      <p>
        <Link to={policyHref} preventScrollReset>
          {t("cookies.policyLink", { date: policyUpdated })}
        </Link>
      </p>
      <ModalActions>
        <AcceptForm label={t("cookies.acceptAll")} className="button button--primary" onAccepted={() => navigate(closed, { replace: true, preventScrollReset: true })} />
      </ModalActions>
    </UrlModal>
  );
}
