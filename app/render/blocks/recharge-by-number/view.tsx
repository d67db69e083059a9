import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { OfferGrid } from "../offer-grid";
import type { ViewProps } from "../block";
import type { RechargeByNumberData } from "./block.server";
import type { RechargeByNumberBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

const FIELD_ID = "numero-recarga";

/**
 * Number first (docs/recharge.md): a GET form (`?numero=`) the server answers, so it works without
 * JavaScript; with it the answer replaces this block in place. The answer's first heading, or the
 * field when the number is refused, takes the focus: `autofocus` on a page load (the browser's), and
 * after an answer within the page React's for the field and an effect for the heading; each answer
 * remounts what it focuses.
 */
export function RechargeByNumberBlock({ data }: ViewProps<RechargeByNumberBlockConfig, RechargeByNumberData>) {
  const { texts, error, result, focus } = data;
  const describedBy = `${FIELD_ID}-hint${error ? ` ${FIELD_ID}-error` : ""}`;
  return (
    <section ref={markHydrated} className="block by-number" id="ofertas" aria-labelledby={`${FIELD_ID}-title`}>
      <Form ref={markHydrated} method="get" action={data.action} preventScrollReset noValidate className="by-number__form">
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
      {result ? null : (
        <p className="by-number__request">
          {data.request.text} <Link to={data.request.href}>{data.request.link}</Link>
        </p>
      )}
      {result ? (
        <div className="by-number__result" key={result.number}>
          {result.groups.map((group, index) => (
            <div key={group.id} className="by-number__group">
              {/* The first heading names the line and takes the focus; the others name their category. */}
              {index === 0 ? <AnswerHeading focus={focus}>{result.title}</AnswerHeading> : <h3 className="by-number__heading">{group.label}</h3>}
              {/* 'Pide tu recarga' for this line, under the answer's heading (docs/request-link.md). */}
              {index === 0 ? (
                <p className="by-number__request">
                  {result.request.text} <Link to={result.request.href}>{result.request.link}</Link>
                </p>
              ) : null}
              <OfferGrid offers={group.offers} error={null} actionLabel={result.actionLabel} cardHeading="h4" />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The answer's heading. React's autoFocus moves no focus to a heading, so an effect does, unless the
 * visitor has moved on (the focus is left on the page or on this form's button or field).
 */
function AnswerHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (focus && ref.current && (!active || active === document.body || active.closest(".by-number__form"))) ref.current.focus();
  }, [focus]);
  return (
    <h3 ref={ref} className="by-number__heading" tabIndex={-1} autoFocus={focus}>
      {children}
    </h3>
  );
}
