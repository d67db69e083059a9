import { InlineText } from "~/components/rich-text";

/** A block's optional heading and intro, the intro's links rendered as links (the catalogue and destinations blocks). */
export function BlockHeading({ heading, intro }: { heading?: string | undefined; intro?: string | undefined }) {
  return (
    <>
      {heading ? <h2 className="block__title">{heading}</h2> : null}
      {intro ? (
        <p className="block__intro">
          <InlineText text={intro} />
        </p>
      ) : null}
    </>
  );
}
