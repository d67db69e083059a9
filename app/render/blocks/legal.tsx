import { RichContent } from "~/components/rich-text";
import { useTranslation } from "~/lib/i18n/react";
import type { BlockProps } from "./types";

export function LegalBlock({ block, data }: BlockProps<"legal">) {
  const { t } = useTranslation();
  return (
    <article className="block legal prose">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <p className="legal__updated">
        {t("legal.updated")} <time dateTime={block.updated}>{data.updated}</time>
      </p>
      {block.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-${index}`}>
          <h3 id={`legal-${index}`}>{section.title}</h3>
          <RichContent nodes={section.content} />
        </section>
      ))}
    </article>
  );
}
