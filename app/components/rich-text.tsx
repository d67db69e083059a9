import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { RichNode } from "#schemas/config";
import { PdfLink } from "~/components/pdf-link";
import { linkHrefAllowed, linkLeavesSite, splitLinks } from "#schemas/config/rich-links";

/**
 * Text from config with [texto](/ruta) links; local links navigate in-app, https ones open in a new
 * tab, mailto: and tel: in place. A link the schemas would refuse (javascript:, data:, //host…)
 * is never drawn as one, whatever reached the page: its text only.
 */
export function InlineText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <>
      {splitLinks(text).map((part, index) => {
        if (typeof part === "string") return part;
        const { label, href } = part;
        if (!linkHrefAllowed(href)) return <Fragment key={index}>{label}</Fragment>;
        if (href.startsWith("/docs/") && href.toLowerCase().endsWith(".pdf")) {
          return (
            <PdfLink key={index} href={href}>
              {label}
            </PdfLink>
          );
        }
        if (href.startsWith("/") && !href.toLowerCase().endsWith(".pdf")) {
          return (
            <Link key={index} to={href}>
              {label}
            </Link>
          );
        }
        const external = linkLeavesSite(href);
        return (
          <a key={index} href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {label}
            {external ? <span className="visually-hidden"> {t("a11y.newWindow")}</span> : null}
          </a>
        );
      })}
    </>
  );
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
