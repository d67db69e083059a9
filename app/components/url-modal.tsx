import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { herePath } from "~/lib/return-path";
import { Icon } from "./icon";

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

/**
 * A server-rendered <dialog>, open because the URL says so. Without JavaScript it shows in
 * place with a close link. With JavaScript it becomes a true modal (showModal: the page
 * behind is inert, focus stays inside), Esc closes it by dropping the parameter, and focus
 * returns to the link that opened it.
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
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeHref = closeModalHref(location, param, extraParams);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Someone already typing in the server-rendered dialog keeps their place: showModal moves focus.
    const typing = active && element.contains(active) ? active : null;
    const opener = typing ? null : active;
    if (!element.matches(":modal")) {
      element.close();
      element.showModal();
      // A field keeps its caret and selection across the move: focusing it again is enough.
      typing?.focus({ preventScroll: true });
    }
    document.body.classList.add("scroll-locked");
    return () => {
      document.body.classList.remove("scroll-locked");
      const target =
        (opener && document.contains(opener) ? opener : null) ??
        document.querySelector<HTMLElement>(`[data-modal-opener="${CSS.escape(id)}"]`);
      target?.focus();
    };
  }, [id]);

  return (
    <dialog
      ref={dialog}
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
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <Link to={closeHref} className="modal__close" preventScrollReset replace>
            <Icon name="close" />
            <span className="visually-hidden">{t("modal.close")}</span>
          </Link>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
