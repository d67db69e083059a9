import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Banner } from "#schemas/config";
import { Icon } from "~/components/icon";
import { PdfLink } from "~/components/pdf-link";
import { useHydrated, useMediaQuery } from "~/components/use-hydrated";
import { rechargeHref } from "~/features/recharge/urls";

export const PROMOTION_MAX = 75;

/** Promotion copy is cut at 75 characters (docs/config.md), on a word boundary when there is one. */
export function cutPromotion(text: string): string {
  if (text.length <= PROMOTION_MAX) return text;
  const cut = text.slice(0, PROMOTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The slide's illustration: decorative (its words are the slide's live text beside it), so an
 * empty alt. Banner images carry no text of their own (docs/config.md "Banners").
 */
function BannerImage({ banner, eager }: { banner: Banner; eager: boolean }) {
  return (
    <picture>
      <source media="(min-width: 676px)" srcSet={banner.imageDesktop} />
      <img
        className="banner__image"
        src={banner.imageMobile}
        alt=""
        width={320}
        height={240}
        loading={eager ? "eager" : "lazy"}
        // React 18 knows the attribute only by its HTML name (React 19 adds `fetchPriority`).
        {...(eager ? { fetchpriority: "high" } : {})}
        decoding="async"
      />
    </picture>
  );
}

function BannerSlide({ banner, eager }: { banner: Banner; eager: boolean }) {
  const { t } = useTranslation();
  // The slide's words are live text (its title is the banner's `alt`), beside the illustration.
  const body = (
    <>
      <span className="banner__copy">
        <span className="banner__title">{banner.alt}</span>
        {banner.promotion ? <span className="banner__promotion">{cutPromotion(banner.promotion)}</span> : null}
      </span>
      <BannerImage banner={banner} eager={eager} />
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
        <PdfLink href={banner.actionOptions.url} className="banner__link">
          {body}
          <span className="visually-hidden">{t("banners.opensFile")}</span>
        </PdfLink>
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

export const SLIDE_INTERVAL_MS = 5000;

/**
 * The banners of this view. Server-rendered as a scroll-snapped track: the first slide shows
 * and every slide's link is reachable without JavaScript. With JavaScript it advances every
 * 5 s, wraps, and has a pause button (WCAG 2.2.2), previous / next and dots when there is more
 * than one slide; it also pauses while the pointer or keyboard focus is on it, and starts
 * paused for visitors who ask for reduced motion. An empty list renders nothing.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const isDesktop = useMediaQuery("(min-width: 676px)");
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  // Store links are for phones: on a desktop those slides are not part of the rotation.
  const slides = isDesktop ? banners.filter((banner) => banner.action !== "goToStore") : banners;
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  const scrolling = useRef(false);
  const count = slides.length;
  const isPaused = paused ?? Boolean(reducedMotion);
  const index = count > 0 ? current % count : 0;

  useEffect(() => {
    if (count < 2 || isPaused || hovered) return;
    const timer = window.setTimeout(() => setCurrent((value) => (value + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [count, isPaused, hovered, index]);

  useEffect(() => {
    const element = track.current;
    if (!element || !hydrated) return;
    const left = index * element.clientWidth;
    // Our own scrolling must not be read back as a swipe (a slow smooth scroll would land mid-way).
    if (Math.abs(element.scrollLeft - left) > 1) scrolling.current = true;
    element.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
    // Slides out of view leave the tab order (React 18 has no `inert` prop).
    Array.from(element.children).forEach((slide, position) => slide.toggleAttribute("inert", count > 1 && position !== index));
  }, [index, hydrated, reducedMotion, count]);

  // A swipe moves the track by hand: the current slide follows it once scrolling settles.
  useEffect(() => {
    const element = track.current;
    if (!element || count < 2) return;
    let timer = 0;
    const settle = () => {
      window.clearTimeout(timer);
      if (scrolling.current) {
        scrolling.current = false;
        return;
      }
      setCurrent(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
    };
    const supportsScrollEnd = "onscrollend" in window;
    // Without `scrollend`, settle after a quiet spell.
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, 250);
    };
    element.addEventListener(supportsScrollEnd ? "scrollend" : "scroll", supportsScrollEnd ? settle : onScroll, { passive: true });
    return () => {
      element.removeEventListener(supportsScrollEnd ? "scrollend" : "scroll", supportsScrollEnd ? settle : onScroll);
      window.clearTimeout(timer);
    };
  }, [count]);

  if (banners.length === 0) return null;
  const go = (next: number) => setCurrent(((next % count) + count) % count);
  // Rendered by the server too (hidden by CSS without JavaScript) so the row never shifts the page.
  const showControls = count > 1;

  return (
    <section
      className="carousel"
      aria-roledescription="carrusel"
      aria-label={t("banners.label")}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <ul className="carousel__track" role="list" ref={track} aria-live={showControls && isPaused ? "polite" : "off"}>
        {slides.map((banner, position) => (
          <li
            key={banner.name}
            className={`carousel__slide${banner.action === "goToStore" ? " carousel__slide--mobile-only" : ""}`}
            aria-roledescription="diapositiva"
            aria-label={t("banners.slide", { current: position + 1, total: slides.length })}
          >
            <BannerSlide banner={banner} eager={position === 0} />
          </li>
        ))}
      </ul>
      {showControls ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => setPaused(!isPaused)}>
            <Icon name={isPaused ? "play" : "pause"} size={18} />
            <span className="visually-hidden">{isPaused ? t("banners.play") : t("banners.pause")}</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => go(index - 1)}>
            <Icon name="chevronLeft" size={18} />
            <span className="visually-hidden">{t("banners.previous")}</span>
          </button>
          <ul className="carousel__dots" role="list">
            {slides.map((banner, position) => (
              <li key={banner.name}>
                <button
                  type="button"
                  className="carousel__dot"
                  aria-current={position === index ? "true" : undefined}
                  aria-label={t("banners.goTo", { number: position + 1 })}
                  onClick={() => go(position)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="carousel__button" onClick={() => go(index + 1)}>
            <Icon name="chevronRight" size={18} />
            <span className="visually-hidden">{t("banners.next")}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
