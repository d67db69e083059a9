import { useLocation, useNavigate, type NavigateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { modalHref } from "~/components/url-modal";
import { isPlainClick } from "./plain-click";

export const PDF_PARAM = "pdf";

type LocationLike = { pathname: string; search: string };

/**
 * What a plain click on a link to a PDF of the site does with JavaScript: on a wider screen it
 * opens the viewer overlay (?pdf=…), or the file in a new tab when it cannot be fetched; on a
 * phone it leaves the click to the browser (the file in the same tab). Shared by PdfLink and the
 * links of kept HTML (static-html.tsx).
 */
export async function followPdfLink(event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "preventDefault">, opener: HTMLAnchorElement, location: LocationLike, navigate: NavigateFunction): Promise<void> {
  if (!isPlainClick(event) || !window.matchMedia("(min-width: 676px)").matches) return;
  event.preventDefault();
  const href = opener.getAttribute("href") ?? "";
  try {
    const response = await fetch(href, { method: "HEAD" });
    if (!response.ok) throw new Error(String(response.status));
    opener.dataset.modalOpener = href;
    navigate(modalHref(location, href, PDF_PARAM), { preventScrollReset: true });
  } catch {
    window.open(href, "_blank", "noopener");
  }
}

/**
 * A link to a PDF of the site. Without JavaScript, and on phones, it simply opens the file in
 * the same tab. With JavaScript on a wider screen it opens the viewer overlay (?pdf=…); if the
 * file cannot be fetched, it opens in a new tab instead.
 */
export function PdfLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <a href={href} type="application/pdf" className={className} onClick={(event) => void followPdfLink(event.nativeEvent, event.currentTarget, location, navigate)}>
      {children}
    </a>
  );
}
