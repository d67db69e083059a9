import { RichContent } from "~/components/rich-text";
import type { ViewProps } from "../block";
import type { RichTextBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function RichTextBlock({ block }: ViewProps<RichTextBlockConfig>) {
  return (
    <section ref={markHydrated} className="block prose">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <RichContent nodes={block.content} />
    </section>
  );
}
