import { SmartLink } from "~/components/smart-link";
import type { ViewProps } from "../block";
import type { HeroBlockConfig } from "./schema";

export function HeroBlock({ block, headingLevel }: ViewProps<HeroBlockConfig>) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={block.image ? "hero hero--with-image" : "hero"}>
      <div className="hero__copy">
        {block.eyebrow ? <p className="hero__eyebrow">{block.eyebrow}</p> : null}
        <Heading className="hero__title">{block.title}</Heading>
        {block.text ? <p className="hero__text">{block.text}</p> : null}
        {block.actions.length > 0 ? (
          <div className="hero__actions">
            {block.actions.map((action) => (
              <SmartLink key={action.href} href={action.href} newWindow={action.newWindow} className={`button button--${action.variant}`}>
                {action.label}
              </SmartLink>
            ))}
          </div>
        ) : null}
      </div>
      {block.image ? (
        <img
          className="hero__image"
          src={block.image.src}
          alt={block.image.alt}
          width={block.image.width}
          height={block.image.height}
          decoding="async"
        />
      ) : null}
    </section>
  );
}
