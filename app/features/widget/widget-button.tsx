import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { track } from "~/features/tracking/tracking";
import { useTranslation } from "react-i18next";
import { widgetHref } from "./widget-params";

/** The header button: a link to the widget URL, so it opens without JavaScript too. */
export function WidgetButton() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link to={widgetHref(location, "beneficios")} className="widget-button" preventScrollReset data-modal-opener="widget" onClick={() => track("web_widget_btn")}>
      <Icon name="gift" size={20} /> <span className="widget-button__label">{t("widget.open")}</span>
    </Link>
  );
}

