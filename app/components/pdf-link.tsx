import { useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { modalHref } from "~/components/url-modal";

export const PDF_PARAM = "pdf";

/**
 * A link to a PDF of the site. Without JavaScript, and on phones, it simply opens the file in
 * the same tab. With JavaScript on a wider screen it opens the viewer overlay (?pdf=…); if the
 * file cannot be fetched, it opens in a new tab instead.
 */
export function PdfLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!window.matchMedia("(min-width: 676px)").matches) return;
    event.preventDefault();
    const opener = event.currentTarget;
    try {
      const response = await fetch(href, { method: "HEAD" });
      if (!response.ok) throw new Error(String(response.status));
      opener.dataset.modalOpener = href;
      navigate(modalHref(location, href, PDF_PARAM), { preventScrollReset: true });
    } catch {
      window.open(href, "_blank", "noopener");
    }
  };
  return (
    <a href={href} type="application/pdf" className={className} onClick={onClick}>
      {children}
    </a>
  );
}
