import type { MetaDescriptor } from "@remix-run/node";
import { createI18n } from "~/lib/i18n";

const i18n = createI18n();

type PageMetaData = { kind: "page"; page: { title: string; description: string; path: string } } | { kind: "notFound" } | undefined;

/** Title, description and canonical link of a config page; the 404 page has its own title. */
export function pageMeta(data: PageMetaData): MetaDescriptor[] {
  if (!data || data.kind === "notFound") {
    return [{ title: i18n.t("notFound.documentTitle") }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: data.page.title },
    { name: "description", content: data.page.description },
    { property: "og:title", content: data.page.title },
    { property: "og:description", content: data.page.description },
    { property: "og:locale", content: "es_MX" },
  ];
}
