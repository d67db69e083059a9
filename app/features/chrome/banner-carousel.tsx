import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n/react";
import type { Banner } from "#schemas/config";
import { rechargeHref } from "~/blocks/types";

export const PROMOTION_MAX = 75;

/** Promotion copy is cut at 75 characters (SPEC §9), on a word boundary when there is one. */
export function cutPromotion(text: string): string {
  if (text.length <= PROMOTION_MAX) return text;
  const cut = text.slice(0, PROMOTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function BannerImage({ banner, eager }: { banner: Banner; eager: boolean }) {
  return (
    <picture>
      <source media="(min-width: 676px)" srcSet={banner.imageDesktop} width={1440} height={400} />
      <img
        className="banner__image"
        src={banner.imageMobile}
        alt={banner.alt}
        width={750}
        height={500}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}

function BannerSlide({ banner, eager }: { banner: Banner; eager: boolean }) {
  const { t } = useTranslation();
  const promotion = banner.promotion ? <p className="banner__promotion">{cutPromotion(banner.promotion)}</p> : null;
  const body = (
    <>
      <BannerImage banner={banner} eager={eager} />
      {promotion}
    </>
  );
  switch (banner.action) {
    case "navigate":
      return (
        <Link to={banner.actionOptions.url} className="banner__link">
          {body}
        </Link>
      );
    case "recharge":
      return (
        <Link to={rechargeHref(banner.rechargeOptions.offerId)} className="banner__link">
          {body}
        </Link>
      );
    case "navigationExternal":
      return (
        <a
          href={banner.actionOptions.url}
          className="banner__link"
          {...(banner.actionOptions.newWindow ? { target: "_blank", rel: "noopener noreferrer" } : { rel: "noopener" })}
        >
          {body}
          {banner.actionOptions.newWindow ? <span className="visually-hidden">{t("banners.newWindow")}</span> : null}
        </a>
      );
    case "openFile":
      return (
        <a href={banner.actionOptions.url} className="banner__link" type="application/pdf">
          {body}
          <span className="visually-hidden">{t("banners.opensFile")}</span>
        </a>
      );
    case "goToStore":
      return (
        <div className="banner__link banner__link--stores">
          {body}
          <div className="banner__stores">
            <a href={banner.storeOptions.ios} target="_blank" rel="noopener noreferrer" className="button button--small button--dark">
              {t("banners.appStore")}
              <span className="visually-hidden"> {t("banners.newWindow")}</span>
            </a>
            <a href={banner.storeOptions.android} target="_blank" rel="noopener noreferrer" className="button button--small button--dark">
              {t("banners.playStore")}
              <span className="visually-hidden"> {t("banners.newWindow")}</span>
            </a>
          </div>
        </div>
      );
  }
}

/**
 * The banners of this view. Server-rendered as a scroll-snapped track: the first slide shows
 * and every slide's link is reachable without JavaScript. An empty list renders nothing.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carrusel" aria-label={t("banners.label")}>
      <ul className="carousel__track" role="list">
        {banners.map((banner, index) => (
          <li
            key={banner.name}
            className={`carousel__slide${banner.action === "goToStore" ? " carousel__slide--mobile-only" : ""}`}
            aria-roledescription="diapositiva"
            aria-label={t("banners.slide", { current: index + 1, total: banners.length })}
          >
            <BannerSlide banner={banner} eager={index === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
