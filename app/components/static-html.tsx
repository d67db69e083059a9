import { useNavigate } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { followPdfLink } from "./pdf-link";
import { isPlainClick } from "./plain-click";

const subscribe = () => () => undefined;
/** Set as the kept element's inner HTML: React never writes it while hydrating, nor again while it does not change. */
const KEEP = { __html: "" };

/**
 * Server-rendered HTML the browser keeps as it is: text, offers, legal copy, the site map, the
 * footer's lists. While React hydrates the page this renders an empty element with
 * `dangerouslySetInnerHTML` over the server's, so React leaves the subtree alone: no component
 * under it runs, no fiber is made for it, its links stay plain links (useStaticLinks below makes
 * them navigate in the app). What a person can touch (forms, menus, the carousel) is not wrapped
 * and hydrates as before (docs/performance.md "Static HTML").
 *
 * The HTML stays kept for as long as `version` does not change: a string that names everything it
 * was rendered from (the block and its data, the page's path). When it changes (a client-side
 * navigation to another page, new data after an action), React renders the children in a new
 * element in its place; a view first rendered in the browser (after a client-side navigation) is
 * React's from the start.
 *
 * The wrapper is `display: contents` (app.css `.static`): it adds no box.
 */
export function StaticHtml({ version, children }: { version: string; children: ReactNode }) {
  // The server snapshot (true) while React hydrates what the server sent, false in a render of the browser's own.
  const hydrating = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  const [kept, setKept] = useState(() => (hydrating && typeof document !== "undefined" ? version : null));
  // Once rendered anew, never kept again (the server's HTML is gone): a later render with the first
  // version renders it too (React's pattern for what depends on an earlier render).
  if (kept !== null && kept !== version) setKept(null);
  if (kept !== null && kept === version) return <div key="kept" className="static" data-static="" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
  return (
    <div key="rendered" className="static" data-static={kept === null && typeof document === "undefined" ? "" : undefined}>
      {children}
    </div>
  );
}

/**
 * The links of kept HTML (StaticHtml) navigate as the app's own links do: one listener on the
 * document, for a plain click on a link of this site inside kept HTML. A link to another page is a
 * client-side navigation; a link to this very page (a modal: ?recarga=…, ?modal=…) keeps the scroll
 * where it is, as the views' `<Link preventScrollReset>` do, and the link keeps the focus, so the
 * modal gives it back on closing; a PDF opens as PdfLink opens it. Files, other sites, new windows
 * and the fragments of this page are left to the browser.
 */
export function useStaticLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest("[data-static]")) return;
      if (anchor.type === "application/pdf") {
        void followPdfLink(event, anchor, window.location, navigate);
        return;
      }
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || /\.pdf$/i.test(url.pathname)) return;
      const samePage = url.pathname === window.location.pathname;
      if (samePage && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`, { preventScrollReset: samePage });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
