import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icon";
import type { Chrome } from "./chrome.server";
import { markHydrated } from "~/components/hydration-mark";
import { StaticHtml } from "~/components/static-html";

/** The side bar: links only, kept as the server rendered them (StaticHtml). */
export function SideBar({ sideBar }: { sideBar: Chrome["sideBar"] }) {
  const { t } = useTranslation();
  return (
    <aside ref={markHydrated} className="side-bar" aria-label={t("sideBar.label")}>
      <StaticHtml version={JSON.stringify(sideBar)}>
        <SideBarLinks sideBar={sideBar} />
      </StaticHtml>
    </aside>
  );
}

function SideBarLinks({ sideBar }: { sideBar: Chrome["sideBar"] }) {
  const { t } = useTranslation();
  return (
      <ul role="list">
        {sideBar.social.map((item) => (
          <li key={item.network}>
            <a href={item.url} target="_blank" rel="noopener noreferrer" className="side-bar__link">
              <Icon name={item.network} size={20} />
              <span className="visually-hidden">
                {item.label} {t("a11y.newWindow")}
              </span>
            </a>
          </li>
        ))}
        <li>
          <a href={sideBar.whatsapp.url} target="_blank" rel="noopener noreferrer" className="side-bar__link side-bar__link--whatsapp">
            <Icon name="whatsapp" size={20} />
            <span className="visually-hidden">
              {sideBar.whatsapp.label} {t("a11y.newWindow")}
            </span>
          </a>
        </li>
        <li className="side-bar__manage">
          {/* The ⇄ icon alone says nothing: its label shows beside it, and the tooltip says what it does. */}
          <Link to={sideBar.manage.url} className="side-bar__link side-bar__link--manage" aria-describedby="gestiona-tooltip">
            <Icon name="swap" size={20} />
            <span className="side-bar__label">{sideBar.manage.label}</span>
          </Link>
          <span role="tooltip" id="gestiona-tooltip" className="side-bar__tooltip">
            <strong>{sideBar.manage.label}</strong> {sideBar.manage.tooltip}
          </span>
        </li>
      </ul>
  );
}
