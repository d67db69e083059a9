import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * "(opens in a new window)" for screen readers. A component of its own, so that only the links that
 * open a new window translate: a page renders dozens of links, and each `useTranslation` costs
 * its component a wrapper of the i18next instance on the server.
 */
function NewWindowNote() {
  const { t } = useTranslation();
  return <span className="visually-hidden"> {t("a11y.newWindow")}</span>;
}

/** A config link: in-app navigation for local pages, a plain anchor for files, a safe new tab for external sites. */
export function SmartLink({
  href,
  children,
  className,
  newWindow,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  newWindow?: boolean;
}) {
  const external = !href.startsWith("/");
  const isFile = /\.(pdf)$/i.test(href.split("?")[0] ?? "");
  const opensNew = newWindow ?? external;
  if (!external && !isFile && !opensNew) {
    return (
      <Link to={href} className={className} prefetch="intent">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} {...(opensNew ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
      {opensNew ? <NewWindowNote /> : null}
    </a>
  );
}
