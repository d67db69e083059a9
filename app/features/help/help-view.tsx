import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { FormMessage } from "~/components/form/form-messages";
import { useTranslation } from "react-i18next";
import type { FaqGroup } from "./faq.server";
import { markHydrated } from "~/components/hydration-mark";

export const HELP_PATH = "/centros-de-atencion";
export const FAQ_ANCHOR = "preguntas-frecuentes";

/** The attention centres' filter: a GET form (`?estado=`), so a filtered list is a link; keeps the FAQ query. */
export function CentreFilter({ states, selected, shown, query }: { states: string[]; selected: string | null; shown: number; query: string }) {
  const { t: message } = useTranslation(["common", "help"]);
  const id = useId();
  return (
    <Form ref={markHydrated} method="get" action={HELP_PATH} className="tool__form tool__form--inline help-filter" aria-label={message("help:centresFilter")} preventScrollReset>
      {query ? <input type="hidden" name="q" value={query} /> : null}
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {message("help:state")}
        </label>
        <div className="field__control field__control--select">
          <select id={id} name="estado" defaultValue={selected ?? ""} className="field__input field__select">
            <option value="">{message("help:allStates")}</option>
            {states.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--secondary">
        {message("help:filterSubmit")}
      </button>
      {selected ? (
        <p className="help-filter__count" role="status">
          {message("help:centresShown", { count: shown, state: selected })}
        </p>
      ) : null}
    </Form>
  );
}

/** The FAQ from the upstream with its search (`?q=`, a GET form: results are links and need no JavaScript). */
export function FaqSection({ groups, query, state }: { groups: FaqGroup[] | null; query: string; state: string | null }) {
  const { t: message } = useTranslation(["common", "help"]);
  const found = groups?.reduce((sum, group) => sum + group.entries.length, 0) ?? 0;
  return (
    <section ref={markHydrated} className="block help-faq" aria-labelledby={`${FAQ_ANCHOR}-title`} id={FAQ_ANCHOR}>
      <h2 className="block__title" id={`${FAQ_ANCHOR}-title`}>
        {message("help:faqTitle")}
      </h2>
      <p className="tool__intro">{message("help:faqIntro")}</p>
      <Form ref={markHydrated} method="get" action={`${HELP_PATH}#${FAQ_ANCHOR}`} className="tool__form tool__form--inline help-search" role="search" preventScrollReset>
        {state ? <input type="hidden" name="estado" value={state} /> : null}
        <div className="field">
          <label className="field__label" htmlFor="faq-q">
            {message("help:search")}
          </label>
          <p className="field__hint" id="faq-q-hint">
            {message("help:searchHint")}
          </p>
          <div className="field__control">
            <input id="faq-q" name="q" type="search" defaultValue={query} maxLength={80} className="field__input" aria-describedby="faq-q-hint" key={query} />
          </div>
        </div>
        <button type="submit" className="button button--primary">
          {message("help:searchSubmit")}
        </button>
      </Form>
      <div aria-live="polite">
        {groups === null ? (
          <FormMessage tone="warning">{message("help:unavailable")}</FormMessage>
        ) : query ? (
          <p className="help-faq__count">
            {found ? message("help:results", { count: found, query }) : message("help:noResults", { query })}{" "}
            <Link to={`${HELP_PATH}${state ? `?estado=${encodeURIComponent(state)}` : ""}#${FAQ_ANCHOR}`} preventScrollReset>
              {message("help:searchClear")}
            </Link>
          </p>
        ) : null}
      </div>
      {groups?.map((group) => (
        <div key={group.category} className="help-faq__group">
          <h3 className="help-faq__topic">{group.category}</h3>
          {group.entries.map((entry) => (
            <details key={entry.question} className="faq__item" open={Boolean(query)}>
              <summary className="faq__question">{entry.question}</summary>
              <p className="faq__answer">{entry.answer}</p>
            </details>
          ))}
        </div>
      ))}
    </section>
  );
}
