import { InlineText } from "~/components/rich-text";
import type { ViewProps } from "../block";
import type { StepsBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function StepsBlock({ block }: ViewProps<StepsBlockConfig>) {
  return (
    <section ref={markHydrated} className="block">
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      <ol className="steps">
        {block.items.map((item) => (
          <li key={item.title} className="steps__item">
            <h3 className="steps__title">{item.title}</h3>
            <p>
              <InlineText text={item.text} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
