import { Icon } from "~/components/icon";
import { SmartLink } from "~/components/smart-link";
import { InlineText } from "~/components/rich-text";
import type { ViewProps } from "../block";
import type { CardsBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function CardsBlock({ block }: ViewProps<CardsBlockConfig>) {
  return (
    <section ref={markHydrated} className="block">
      {block.heading ? <h2 className="block__title">{block.heading}</h2> : null}
      {block.intro ? <p className="block__intro">{block.intro}</p> : null}
      <ul className="card-grid" role="list">
        {block.items.map((item) => (
          <li key={item.title} className="card">
            {item.icon ? (
              <span className="card__icon">
                <Icon name={item.icon} size={28} />
              </span>
            ) : null}
            <h3 className="card__title">{item.title}</h3>
            <p className="card__text">
              <InlineText text={item.text} />
            </p>
            {item.link ? (
              <SmartLink href={item.link.href} newWindow={item.link.newWindow} className="card__link">
                {item.link.label}
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
