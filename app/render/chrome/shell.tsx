import { useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, type ReactNode } from "react";
import { BlockList } from "~/render/blocks/registry";
import { ProgressBar } from "~/components/progress-bar";
import { UrlModal } from "~/components/url-modal";
import { CookieBanner } from "~/features/consent/cookie-banner";
import { CookieSettings } from "~/features/consent/cookie-settings";
import { ConsentedTracking } from "~/features/consent/consented-tracking";
import { PdfViewer } from "~/features/pdf/pdf-viewer";
import { PreviewBar } from "~/features/preview/preview-bar";
import { LeadForm as ServerLeadForm } from "~/features/leads/lead-form.server";
import { DiscoveryWidget } from "~/features/widget/discovery-widget";
import { WIDGET_PARAM } from "~/features/widget/widget-params";
import { useTranslation } from "react-i18next";
import { ChatWidget } from "./chat-widget";
import { SiteFooter } from "./footer";
import { SiteHeader } from "./header";
import type { ShellData } from "./shell.server";
import { SideBar } from "./side-bar";
import { ChromeStoreProvider } from "~/components/ui-store";
import { useStaticLinks } from "~/components/static-html";

// The lead form's code reaches the browser only on a page that shows it (lead-form.server.ts says how).
// A plain lazy import, not onDemand: the shell is in every page's first script, and onDemand's module
// would add its weight to pages that open no form (docs/performance.md "JavaScript per page").
const LeadForm = ServerLeadForm ?? lazy(() => import("~/features/leads/lead-form"));

function SkipLinks() {
  const { t } = useTranslation();
  return (
    <nav className="skip-links" aria-label={t("skipLinks.label")}>
      <a href="#menu">{t("skipLinks.menu")}</a>
      <a href="#contenido">{t("skipLinks.main")}</a>
      <a href="#pie-de-pagina">{t("skipLinks.footer")}</a>
    </nav>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<ShellData>("root");
  const location = useLocation();
  const navigation = useNavigation();
  // Opening the widget shows its placeholder rows at once, while its data loads.
  const widgetPending = navigation.state === "loading" && new URLSearchParams(navigation.location.search).has(WIDGET_PARAM) && !new URLSearchParams(location.search).has(WIDGET_PARAM);
  useStaticLinks();
  return (
    <ChromeStoreProvider consentAccepted={root?.consent ?? false}>
      <div className="site">
        <ProgressBar />
        <SkipLinks />
        {/* The cookie notice is the page's first content, in the document's flow (as GOV.UK's): it scrolls away
            with the page and covers nothing (docs/config.md "Cookie consent"). */}
        {root && !root.consent ? <CookieBanner tracking={root.tracking} /> : null}
        {root?.preview ? <PreviewBar preview={root.preview} /> : null}
        {/* Each Suspense boundary is hydrated and committed on its own (React's selective hydration):
            the page's hydration is four short tasks instead of one long one, and a click on a part
            not hydrated yet hydrates that part first. None of them suspends, so the HTML is the same. */}
        <Suspense>{root ? <SiteHeader chrome={root.chrome} user={root.user} /> : null}</Suspense>
        <main id="contenido" tabIndex={-1}>
          <Suspense>{children}</Suspense>
        </main>
        <Suspense>{root ? <SideBar sideBar={root.chrome.sideBar} /> : null}</Suspense>
        <Suspense>{root ? <SiteFooter chrome={root.chrome} /> : null}</Suspense>
        {root?.modal ? (
          <UrlModal id={root.modal.id} title={root.modal.title}>
            <BlockList blocks={root.modal.blocks} pageHasHeading />
          </UrlModal>
        ) : null}
        {root?.pdf ? <PdfViewer pdf={root.pdf} /> : null}
        {root?.cookieSettings ? <CookieSettings policyModal={root.cookies.policyModal} policyUpdated={root.cookies.policyUpdated} /> : null}
        {root?.widget || widgetPending ? <DiscoveryWidget widget={widgetPending ? null : root?.widget ?? null} pending={widgetPending} /> : null}
        {root?.lead ? (
          <UrlModal id={root.lead.param} param={root.lead.param} title={root.lead.title}>
            <Suspense>
              <LeadForm key={root.lead.kind} kind={root.lead.kind} returnTo={root.lead.returnTo} privacyUrl={root.lead.privacyUrl} />
            </Suspense>
          </UrlModal>
        ) : null}
        {root ? <ConsentedTracking tracking={root.tracking} /> : null}
        {root?.chatScriptUrl ? <ChatWidget src={root.chatScriptUrl} /> : null}
      </div>
    </ChromeStoreProvider>
  );
}
