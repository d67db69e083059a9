import { RichContent } from "~/components/rich-text";
import type { ViewProps } from "../block";
import type { FaqBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

/** Native <details>: opens and closes with or without JavaScript, announced by screen readers. */
export function FaqBlock({ block }: ViewProps<FaqBlockConfig>) {
  return (
    <section ref={markHydrated} className="block faq">
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      <div className="faq__list">
        {block.items.map((item) => (
          <details key={item.question} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer prose">
              <RichContent nodes={item.answer} />
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
