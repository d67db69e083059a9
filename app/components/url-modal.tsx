import { Link, useLocation, useNavigate } from "@remix-run/react";
import { createContext, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { herePath } from "~/lib/return-path";
import { Icon } from "./icon";
import { useHydrationMark } from "./hydration-mark";
import { useHydrated } from "./use-hydrated";

type LocationLike = { pathname: string; search: string };

/**
 * The URL of the current page with a modal open: a modal is a URL (?modal=id). The page's path
 * goes through herePath: at `//evil.example?…` (a 404) the link goes home, never to that host.
 */
export function modalHref(location: LocationLike, id: string, param = "modal"): string {
  const params = new URLSearchParams(location.search);
  params.set(param, id);
  return herePath({ pathname: location.pathname, search: params.toString() });
}

/** The URL of the current page with the modal's parameter(s) dropped: closing is a link (herePath, as above). */
export function closeModalHref(location: LocationLike, param = "modal", extraParams: string[] = []): string {
  return herePath(location, [param, ...extraParams]);
}

/** Where focus lands without JavaScript once a modal closes: the page's main (app/render/chrome/shell.tsx). */
export const MODAL_RETURN_FRAGMENT = "contenido";

/**
 * The open modal's close URL and the page's URL, for its action row (ModalActions), which makes
 * its own close link from them. Nothing in this value may change when the page hydrates: a
 * context that changes then reaches a lazily loaded form still waiting for its code (the lead
 * form), and React throws its server-rendered fields away, with whatever the visitor typed in
 * them (React error 421).
 */
const ModalClose = createContext<{ closeHref: string; here: string } | null>(null);

/**
 * The close link's href: without JavaScript it carries `#contenido`, so the browser lands on the
 * page's main, never at the top of the header; once hydrated it does not (the router would scroll
 * to the fragment), and the modal's effect gives focus back to the opener. A notice shown once at
 * the page's own URL (the saved lead's '¡Listo!') closes by loading that URL again: with a fragment
 * the link would only scroll the page, and the notice would stay.
 */
function useCloseLink(closeHref: string, here: string) {
  const hydrated = useHydrated();
  return hydrated || closeHref === here ? closeHref : `${closeHref}#${MODAL_RETURN_FRAGMENT}`;
}

/**
 * A modal's action row: the primary action(s) given, then 'Cancelar' (or `cancelLabel`), which
 * closes the modal like its close button. It is pinned to the bottom of the modal's panel, outside
 * the body's scrolling, so both stay in sight however long the form. Put it where the primary
 * button was, last in its form. Outside a modal it renders its children alone.
 */
export function ModalActions({ children, cancelLabel }: { children?: ReactNode; cancelLabel?: string }) {
  const { t } = useTranslation();
  const close = useContext(ModalClose);
  const closeLink = useCloseLink(close?.closeHref ?? "", close?.here ?? "");
  // The same form on a page of its own (the no-JavaScript answer of a modal's form): just its buttons.
  if (!close) return <>{children}</>;
  return (
    <div className="modal__actions">
      {children}
      <Link to={closeLink} className="button button--secondary" preventScrollReset replace>
        {cancelLabel ?? t("modal.cancel")}
      </Link>
    </div>
  );
}

/**
 * A server-rendered <dialog>, open because the URL says so. Without JavaScript it shows in
 * place with a close link. With JavaScript it becomes a true modal (showModal: the page
 * behind is inert, focus stays inside), focus moves to its heading, Esc closes it by dropping
 * the parameter, and focus returns to the link that opened it. Its header stays in place, its
 * body is the one thing that scrolls, and it is never taller than the screen (docs/config.md
 * "Modals").
 */
export function UrlModal({
  id,
  title,
  children,
  param = "modal",
  size = "regular",
  extraParams = [],
}: {
  id: string;
  title: string;
  children: ReactNode;
  param?: string;
  size?: "regular" | "wide";
  /** Other parameters that belong to this modal and go when it closes. */
  extraParams?: string[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const dialogRef = useHydrationMark(dialog);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const closeHref = closeModalHref(location, param, extraParams);
  const here = `${location.pathname}${location.search}`;
  const closeLink = useCloseLink(closeHref, here);
  const close = useMemo(() => ({ closeHref, here }), [closeHref, here]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Someone already typing in the server-rendered dialog keeps their place: showModal moves focus.
    const typing = active && element.contains(active) ? active : null;
    // The opener may have lost the focus already (an opener rendered again since: the footer's on
    // another page): then the page's marked opener takes it back (below), not the body.
    const opener = typing || active === document.body ? null : active;
    if (!element.matches(":modal")) {
      element.close();
      element.showModal();
      // A field keeps its caret and selection across the move: focusing it again is enough.
      typing?.focus({ preventScroll: true });
    }
    // Focus starts at the heading (read first), not at the close button showModal picks.
    if (!typing) heading.current?.focus({ preventScroll: true });
    document.body.classList.add("scroll-locked");
    return () => {
      document.body.classList.remove("scroll-locked");
      const target =
        (opener && document.contains(opener) ? opener : null) ??
        document.querySelector<HTMLElement>(`[data-modal-opener="${CSS.escape(id)}"]`);
      // The page did not move while the modal was open: focusing must not scroll it either (an opener
      // in the cookie notice would otherwise move the page).
      target?.focus({ preventScroll: true });
    };
  }, [id]);

  return (
    <dialog
      ref={dialogRef}
      open
      className={size === "wide" ? "modal modal--wide" : "modal"}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true, replace: true });
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title" ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <Link to={closeLink} className="modal__close" preventScrollReset replace>
            <Icon name="close" />
            <span className="visually-hidden">{t("modal.close")}</span>
          </Link>
        </div>
        <div className="modal__body">
          <ModalClose.Provider value={close}>{children}</ModalClose.Provider>
        </div>
      </div>
    </dialog>
  );
}
