import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n/react";
import type { RichNode } from "#schemas/config";
import { PdfLink } from "~/components/pdf-link";

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Text from config with [texto](/ruta) links; local links navigate in-app, external open safely. */
export function InlineText({ text }: { text: string }) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (href!.startsWith("/docs/") && href!.toLowerCase().endsWith(".pdf")) {
      parts.push(
        <PdfLink key={index} href={href!}>
          {label}
        </PdfLink>,
      );
    } else if (href!.startsWith("/") && !href!.toLowerCase().endsWith(".pdf")) {
      parts.push(
        <Link key={index} to={href!}>
          {label}
        </Link>,
      );
    } else {
      const external = !href!.startsWith("/");
      parts.push(
        <a key={index} href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {label}
          {external ? <span className="visually-hidden"> {t("a11y.newWindow")}</span> : null}
        </a>,
      );
    }
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

export function RichContent({ nodes }: { nodes: RichNode[] }) {
  return (
    <>
      {nodes.map((node, index) => (
        <Fragment key={index}>
          {"p" in node ? (
            <p>
              <InlineText text={node.p} />
            </p>
          ) : "h" in node ? (
            <h3>
              <InlineText text={node.h} />
            </h3>
          ) : "ul" in node ? (
            <ul>
              {node.ul.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText text={item} />
                </li>
              ))}
            </ul>
          ) : (
            <ol>
              {node.ol.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText text={item} />
                </li>
              ))}
            </ol>
          )}
        </Fragment>
      ))}
    </>
  );
}
