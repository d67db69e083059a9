import { SmartLink } from "~/components/smart-link";
import type { ViewProps } from "../block";
import type { CtaBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

export function CtaBlock({ block }: ViewProps<CtaBlockConfig>) {
  return (
    <section ref={markHydrated} className="block cta">
      <h2 className="cta__title">{block.title}</h2>
      {block.text ? <p className="cta__text">{block.text}</p> : null}
      <div className="cta__actions">
        {block.actions.map((action) => (
          <SmartLink key={action.href} href={action.href} newWindow={action.newWindow} className={`button button--${action.variant === "primary" ? "accent" : "ghost"}`}>
            {action.label}
          </SmartLink>
        ))}
      </div>
    </section>
  );
}
