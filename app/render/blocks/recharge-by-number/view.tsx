import { Form } from "@remix-run/react";
import { OfferGrid } from "../offer-grid";
import type { ViewProps } from "../block";
import type { RechargeByNumberData } from "./block.server";
import type { RechargeByNumberBlockConfig } from "./schema";

const FIELD_ID = "numero-recarga";

/**
 * Number first (docs/recharge.md): a GET form (`?numero=`) the server answers, so it works without
 * JavaScript; with it the answer replaces this block in place. The answer's first heading, or the
 * field when the number is refused, takes the focus (autofocus: the browser's on a page load, React's
 * after a navigation in the page); each answer remounts what it focuses.
 */
export default function RechargeByNumberBlock({ data }: ViewProps<RechargeByNumberBlockConfig, RechargeByNumberData>) {
  const { texts, error, result, focus } = data;
  const describedBy = `${FIELD_ID}-hint${error ? ` ${FIELD_ID}-error` : ""}`;
  return (
    <section className="block by-number" id="ofertas" aria-labelledby={`${FIELD_ID}-title`}>
      <Form method="get" action={data.action} preventScrollReset noValidate className="by-number__form">
        <div className={error ? "field field--error" : "field"}>
          {/* The question is the field's label (one question per form, GOV.UK's pattern). */}
          <h2 className="by-number__title" id={`${FIELD_ID}-title`}>
            <label htmlFor={FIELD_ID}>{texts.heading}</label>
          </h2>
          <p className="field__hint" id={`${FIELD_ID}-hint`}>
            {texts.hint}
          </p>
          {error ? (
            <p className="field__error" id={`${FIELD_ID}-error`}>
              {error}
            </p>
          ) : null}
          <div className="by-number__row">
            <div className="field__control">
              <input
                key={`${data.value}|${error ?? ""}`}
                className="field__input"
                id={FIELD_ID}
                name="numero"
                type="text"
                inputMode="numeric"
                autoComplete="tel-national"
                defaultValue={data.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                autoFocus={Boolean(error) && focus}
              />
            </div>
            <button className="button button--primary" type="submit">
              {texts.submit}
            </button>
          </div>
        </div>
      </Form>
      {result ? (
        <div className="by-number__result" key={result.number}>
          {result.groups.map((group, index) => (
            <div key={group.id} className="by-number__group">
              {/* The first heading names the line and takes the focus; the others name their category. */}
              <h3 className="by-number__heading" tabIndex={index === 0 ? -1 : undefined} autoFocus={index === 0 && focus}>
                {index === 0 ? result.title : group.label}
              </h3>
              <OfferGrid offers={group.offers} error={null} actionLabel={result.actionLabel} cardHeading="h4" />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// Not used here: keeps this lazily loaded chunk from splitting the chunks of every config page (../lazy-view.tsx).
export { BlockList } from "../registry";
export { useHydrated } from "~/components/use-hydrated";
export { RouteError } from "~/components/route-error";
