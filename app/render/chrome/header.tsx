import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "#schemas/session";
import { Icon } from "~/components/icon";
import { SmartLink } from "~/components/smart-link";
import type { Chrome } from "./chrome.server";
import { WidgetButton } from "~/features/widget/widget-button";
import { MenuDisclosure } from "./menu-disclosure";
import { useChrome } from "~/components/ui-store";
import { markHydrated } from "~/components/hydration-mark";

/** The user menu closes 700 ms after the pointer leaves it (docs/config.md). */
const USER_MENU_CLOSE_MS = 700;

type Props = { chrome: Chrome; user: Pick<SessionUser, "name"> | null };

/**
 * Menu groups are <details>: they open and close without JavaScript. Below 1024 px the panel
 * starts collapsed: with JavaScript behind the burger; without it behind a link to the panel
 * (`#menu-principal`, shown by `:target` in CSS) and a link back that collapses it again.
 */
export function SiteHeader({ chrome, user }: Props) {
  const { t } = useTranslation();
  const open = useChrome((state) => state.panelOpen);
  const setOpen = useChrome((state) => state.setPanelOpen);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search, setOpen]);
  useEffect(() => {
    document.body.classList.toggle("scroll-locked", open);
    return () => document.body.classList.remove("scroll-locked");
  }, [open]);

  return (
    <header ref={markHydrated} className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label={t("header.home")}>
          <img src={chrome.brand.logo.src} alt="" width={chrome.brand.logo.width} height={chrome.brand.logo.height} />
        </Link>
        <WidgetButton />
        {/* 'Ir al menú' lands here: the next Tab is the burger on phones, the first menu link on desktops. */}
        <span id="menu" tabIndex={-1} className="skip-target" />
        <button
          type="button"
          className="site-header__burger"
          aria-expanded={open}
          aria-controls="menu-principal"
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? "close" : "menu"} />
          <span className="visually-hidden">{open ? t("header.closeMenu") : t("header.openMenu")}</span>
        </button>
        {/* Without JavaScript on a phone: the panel opens as this link's target (CSS :target) and closes by leaving it. */}
        <a href="#menu-principal" className="menu-link" aria-label={t("header.openMenu")} />
        <a href="#menu" className="menu-link menu-link--x" aria-label={t("header.closeMenu")} />
      </div>
      <div id="menu-principal" className={open ? "site-nav site-nav--open" : "site-nav"}>
        <nav aria-label={t("header.quickLinks")} className="top-bar">
          <ul role="list">
            {chrome.menu.topBar.map((item) => (
              <li key={item.url}>
                <SmartLink href={item.url} newWindow={item.newWindow}>
                  {item.label}
                </SmartLink>
              </li>
            ))}
            <li className="top-bar__account">
              {user ? (
                <MenuDisclosure
                  id="usuario"
                  className="user-menu"
                  closeDelay={USER_MENU_CLOSE_MS}
                  summary={
                    <summary>
                      <Icon name="user" size={20} /> {t("header.userGreeting", { name: user.name })}
                    </summary>
                  }
                >
                  <ul role="list" className="dropdown">
                    <li>
                      <Link to="/home">{t("header.consumption")}</Link>
                    </li>
                    <li>
                      <Link to="/editar-perfil">{t("header.updateProfile")}</Link>
                    </li>
                    <li>
                      <Link to="/recurrente">{t("header.recurring")}</Link>
                    </li>
                    <li>
                      <Form ref={markHydrated} method="post" action="/logout">
                        <button type="submit" className="dropdown__button">
                          {t("header.logout")}
                        </button>
                      </Form>
                    </li>
                  </ul>
                </MenuDisclosure>
              ) : (
                <Link to="/login" className="button button--small button--accent">
                  <Icon name="user" size={18} /> {t("header.login")}
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <nav aria-label={t("header.mainMenu")} className="main-menu">
          <ul role="list">
            {chrome.menu.groups.map((group) => (
              <li key={group.id}>
                <MenuDisclosure
                  id={group.id}
                  className="menu-group"
                  summary={
                    <summary>
                      {group.label} <Icon name="chevronDown" size={16} />
                    </summary>
                  }
                >
                  <ul role="list" className="dropdown">
                    {group.options.map((option) => (
                      <li key={option.url + option.label}>
                        <SmartLink href={option.url} newWindow={option.newWindow}>
                          {option.label}
                        </SmartLink>
                      </li>
                    ))}
                  </ul>
                </MenuDisclosure>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
