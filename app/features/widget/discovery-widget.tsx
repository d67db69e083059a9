import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { SmartLink } from "~/components/smart-link";
import { UrlModal } from "~/components/url-modal";
import { track } from "~/features/tracking/tracking";
import { useTranslation } from "react-i18next";
import type { WidgetTab, WidgetView } from "./widget.server";

import { ITEM_PARAM, WIDGET_PARAM, widgetHref } from "./widget-params";

const TAB_EVENT: Record<WidgetTab, "web_widget_servicio" | "web_widget_tienda"> = { beneficios: "web_widget_servicio", tiendas: "web_widget_tienda" };

function isVideo(media?: string) {
  return Boolean(media && /\.(mp4|webm)$/i.test(media));
}

/**
 * Tabs Beneficios / Tiendas, the list, and the chosen item's detail. Everything is a link, so
 * it works without JavaScript; on phones (< 768 px) the detail is its own step with a back link.
 */
export function DiscoveryWidget({ widget, pending = false }: { widget: WidgetView | null; pending?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const tab = widget?.tab ?? "beneficios";
  const selected = widget?.items.find((item) => item.id === widget.selectedId);
  return (
    <UrlModal id="widget" title={t("widget.title")} param={WIDGET_PARAM} size="wide" extraParams={[ITEM_PARAM]}>
      <nav className="widget__tabs" aria-label={t("widget.tabs")}>
        {(["beneficios", "tiendas"] as const).map((name) => (
          <Link
            key={name}
            to={widgetHref(location, name)}
            replace
            preventScrollReset
            className="widget__tab"
            aria-current={name === tab ? "page" : undefined}
            onClick={() => track(TAB_EVENT[name])}
          >
            {name === "beneficios" ? t("widget.services") : t("widget.stores")}
          </Link>
        ))}
      </nav>
      {pending || !widget ? (
        <ul className="widget__shimmer" role="list" aria-busy="true" aria-label={t("widget.loading")}>
          {Array.from({ length: 5 }, (_, index) => (
            <li key={index} className="widget__shimmer-row" />
          ))}
        </ul>
      ) : widget.items.length === 0 ? (
        <p>{t("widget.empty")}</p>
      ) : (
        <div className={widget.detail ? "widget widget--detail" : "widget"}>
          <ul className="widget__list" role="list">
            {widget.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={widgetHref(location, tab, item.id)}
                  replace
                  preventScrollReset
                  className="widget__item"
                  aria-current={item.id === widget.selectedId ? "true" : undefined}
                  onClick={() => track(`${TAB_EVENT[tab]}_${item.id}`)}
                >
                  <img src={item.thumbnail} alt="" width={48} height={48} />
                  <span>
                    <span className="widget__item-name">{item.name}</span>
                    <span className="widget__item-tagline">{item.tagline}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {selected ? (
            <article className="widget__detail" aria-labelledby="widget-detail-title">
              <Link to={widgetHref(location, tab)} replace preventScrollReset className="widget__back">
                <Icon name="chevronLeft" size={18} /> {t("widget.back")}
              </Link>
              {isVideo(selected.media) ? (
                // The widget's documents carry no caption track (docs/config.md "Discovery widget").
                // eslint-disable-next-line jsx-a11y/media-has-caption
                <video className="widget__media" controls preload="none" poster={selected.thumbnail} width={300} height={169} aria-label={t("widget.video", { name: selected.name })}>
                  <source src={selected.media} />
                </video>
              ) : (
                <img className="widget__media" src={selected.media ?? selected.thumbnail} alt="" width={300} height={169} />
              )}
              <h3 id="widget-detail-title" className="widget__title">
                {selected.title}
              </h3>
              {selected.tagline ? <p className="widget__tagline">{selected.tagline}</p> : null}
              <p>{selected.description}</p>
              <SmartLink href={selected.link} className="button button--primary">
                {selected.button}
              </SmartLink>
            </article>
          ) : null}
        </div>
      )}
    </UrlModal>
  );
}
