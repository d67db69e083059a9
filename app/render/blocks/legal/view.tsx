import { RichContent } from "~/components/rich-text";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../block";
import type { LegalData } from "./block.server";
import type { LegalBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function LegalBlock({ block, data }: ViewProps<LegalBlockConfig, LegalData>) {
  const { t } = useTranslation("blocks");
  return (
    <article ref={markHydrated} className="block legal prose">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <p className="legal__updated">
        {t("blocks:legal.updated")} <time dateTime={block.updated}>{data.updated}</time>
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
