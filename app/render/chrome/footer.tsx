import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FooterOption } from "#schemas/config";
import { SmartLink } from "~/components/smart-link";
import { closeModalHref, modalHref } from "~/components/url-modal";
import { StaticHtml } from "~/components/static-html";
import { PDF_PARAM, PdfLink } from "~/components/pdf-link";
import type { Chrome } from "./chrome.server";
import { markHydrated } from "~/components/hydration-mark";

/**
 * One footer link. `pdfHint` ("(PDF)") comes translated from the footer: each `useTranslation`
 * costs its component a wrapper of the i18next instance on the server, and a footer has dozens of links.
 */
function FooterLink({ option, pdfHint }: { option: FooterOption; pdfHint: string }) {
  const location = useLocation();
  switch (option.type) {
    case "urlLocal":
      return <Link to={option.url}>{option.label}</Link>;
    case "url":
      return (
        <SmartLink href={option.url} newWindow={option.newWindow}>
          {option.label}
        </SmartLink>
      );
    case "pdf":
      return (
        <PdfLink href={option.url}>
          {option.label} <span className="footer__hint">{pdfHint}</span>
        </PdfLink>
      );
    case "modal":
      return (
        <Link to={modalHref(location, option.modal)} preventScrollReset data-modal-opener={option.modal}>
          {option.label}
        </Link>
      );
  }
}

function FooterColumn({ title, options, pdfHint, children }: { title: string; options: FooterOption[]; pdfHint: string; children?: ReactNode }) {
  return (
    <section>
      <h2 className="site-footer__title">{title}</h2>
      <ul role="list">
        {options.map((option) => (
          <li key={option.label}>
            <FooterLink option={option} pdfHint={pdfHint} />
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}

/**
 * The site's footer: lists of links the browser keeps as the server rendered them (StaticHtml). Its
 * modal links carry the page's URL, so it is rendered again on another page, not when one of its
 * own modals (?modal=…, ?pdf=…) opens or closes: the link that opened it is still there to take
 * the focus back.
 */
export function SiteFooter({ chrome }: { chrome: Chrome }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { footer, brand } = chrome;
  return (
    <footer ref={markHydrated} className="site-footer" id="pie-de-pagina" tabIndex={-1} aria-label={t("footer.label")}>
      <StaticHtml version={JSON.stringify([footer, brand.supportPhone, brand.supportShortCode, closeModalHref(location, "modal", [PDF_PARAM])])}>
        <FooterLists chrome={chrome} />
      </StaticHtml>
    </footer>
  );
}

function FooterLists({ chrome }: { chrome: Chrome }) {
  const { t } = useTranslation();
  const { footer, brand } = chrome;
  return (
    <>
      <div className="site-footer__grid">
        <FooterColumn title={t("footer.localTitle")} options={footer.local} pdfHint={t("footer.pdf")}>
          <p className="site-footer__support">{t("footer.support", { phone: brand.supportPhone, short: brand.supportShortCode })}</p>
        </FooterColumn>
        <FooterColumn title={t("footer.documentsTitle")} options={footer.documents} pdfHint={t("footer.pdf")} />
        <FooterColumn title={t("footer.legalTitle")} options={footer.legal} pdfHint={t("footer.pdf")} />
        <section>
          <h2 className="site-footer__title">{t("footer.sitesTitle")}</h2>
          <ul role="list">
            {footer.sisterSites.map((site) => (
              <li key={site.url}>
                <SmartLink href={site.url} newWindow>
                  {site.name}
                </SmartLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">{footer.copyright}</p>
    </>
  );
}
