import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icon";
import { SmartLink } from "~/components/smart-link";
import type { ViewProps } from "../block";
import type { StoresData } from "./block.server";
import type { StoresBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function StoresBlock({ block, data }: ViewProps<StoresBlockConfig, StoresData>) {
  const { t } = useTranslation("blocks");
  return (
    <section ref={markHydrated} className="block">
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      <ul className="store-grid" role="list">
        {block.stores.map((store, index) => (
          <li key={store.name} className="store">
            <p className="store__kind">{t(`blocks:stores.kind.${store.kind}`)}</p>
            <h3 className="store__name">{store.name}</h3>
            <address className="store__address">
              <Icon name="pin" size={18} /> {store.address}, C.P. {store.postalCode}, {store.city}, {store.state}
            </address>
            <dl className="store__details">
              <dt>{t("blocks:stores.hours")}</dt>
              {store.hours.map((line) => (
                <dd key={line}>{line}</dd>
              ))}
              {store.phone ? (
                <>
                  <dt>{t("blocks:stores.phone")}</dt>
                  <dd>
                    <a href={`tel:+52${store.phone}`}>{data.phones[index]}</a>
                  </dd>
                </>
              ) : null}
            </dl>
            {store.mapsUrl ? (
              <SmartLink href={store.mapsUrl} className="store__map">
                {t("blocks:stores.map", { name: store.name })}
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
