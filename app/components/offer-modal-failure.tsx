import { Link, useLocation } from "@remix-run/react";
import { FormMessage } from "~/components/form/form-messages";
import { closeModalHref, UrlModal } from "~/components/url-modal";
import { useTranslation } from "react-i18next";

/**
 * An offer modal (recharge, SIM) whose offer could not be read: the message, 'Volver a intentar'
 * when the upstream failed (a reload of the same URL), and a link back to the offers.
 */
export function OfferModalFailure({ id, param, title, text, retry, backLabel }: { id: string; param: string; title: string; text: string; retry: boolean; backLabel: string }) {
  const { t: message } = useTranslation();
  const location = useLocation();
  return (
    <UrlModal id={id} param={param} title={title}>
      <FormMessage tone="error">{text}</FormMessage>
      <p className="recharge-modal__actions">
        {retry ? (
          <Link className="button button--primary" to={location.pathname + location.search} preventScrollReset replace>
            {message("common:offers.retry")}
          </Link>
        ) : null}
        <Link className="button button--secondary" to={closeModalHref(location, param)} preventScrollReset>
          {backLabel}
        </Link>
      </p>
    </UrlModal>
  );
}
