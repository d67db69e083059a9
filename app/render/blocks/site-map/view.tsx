import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../block";
import type { SiteMapData } from "./block.server";
import type { SiteMapBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

/** Generated from the navigation catalogue of site.json: never a hand-kept list. */
export function SiteMapBlock({ block, data }: ViewProps<SiteMapBlockConfig, SiteMapData>) {
  const { t } = useTranslation("blocks");
  return (
    <nav ref={markHydrated} className="block site-map" aria-label={block.heading ?? t("blocks:siteMap.label")}>
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      <ul className="site-map__list">
        {data.entries.map((entry) => (
          <li key={entry.id}>
            <Link to={entry.path}>{entry.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
