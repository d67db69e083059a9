import type { MetaDescriptor } from "@remix-run/node";
import { createTranslator } from "~/lib/i18n/translate";

const t = createTranslator();

type PageMetaData = { kind: "page"; page: { title: string; description: string; path: string } } | { kind: "notFound" } | undefined;

/** Title, description and canonical link of a config page; the 404 page has its own title. */
export function pageMeta(data: PageMetaData): MetaDescriptor[] {
  if (!data || data.kind === "notFound") {
    return [{ title: t("notFound.documentTitle") }, { name: "robots", content: "noindex" }];
  }
  return [
    { title: data.page.title },
    { name: "description", content: data.page.description },
    { property: "og:title", content: data.page.title },
    { property: "og:description", content: data.page.description },
    { property: "og:locale", content: "es_MX" },
  ];
}
