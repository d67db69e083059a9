import { RichContent } from "~/components/rich-text";
import type { BlockProps } from "./types";

export function RichTextBlock({ block }: BlockProps<"richText">) {
  return (
    <section className="block prose">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <RichContent nodes={block.content} />
    </section>
  );
}
