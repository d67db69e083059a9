import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Banner } from "#schemas/config";
import { BlockList } from "~/render/blocks/registry";
import type { ResolvedBlock } from "~/render/blocks/types";
import { BannerCarousel } from "~/render/chrome/banner-carousel";

export type PageViewData = {
  page: { path: string; title: string; description: string; heading: string; blocks: ResolvedBlock[] };
  banners: Banner[];
};

/** A config page: the banners of its view, then its blocks in order (after `notice`, when a route has one to show). */
/** `children`: a route's own tools between the heading and the page's blocks (/recurrente). */
export function ConfigPageView({ page, banners, notice, children }: PageViewData & { notice?: ReactNode; children?: ReactNode }) {
  const startsWithHero = page.blocks[0]?.block.type === "hero";
  return (
    <>
      <BannerCarousel banners={banners} />
      <div className="page">
        {notice}
        {startsWithHero ? null : <h1 className="page-title">{page.heading}</h1>}
        {children}
        <BlockList blocks={page.blocks} pageHasHeading={!startsWithHero} />
      </div>
    </>
  );
}

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <div className="page status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t("notFound.title")}</h1>
      <p className="status-page__text">{t("notFound.text")}</p>
      <Link to="/" className="button button--primary">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
