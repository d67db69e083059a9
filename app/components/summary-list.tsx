import type { ReactNode } from "react";

/** One row of a summary: what it is and its value; the total stands out. */
export type SummaryRow = { label: string; value: ReactNode; total?: boolean };

/**
 * The label–value rows of what is being bought or was paid (a <dl>): the recharge and SIM modals,
 * the checkout's order and summary, the receipt. Rows given as null or false (a detail not known
 * yet) are left out.
 */
export function SummaryList({ rows, className }: { rows: ReadonlyArray<SummaryRow | null | false | undefined>; className?: string }) {
  return (
    <dl className={className ? `data-summary__list ${className}` : "data-summary__list"}>
      {rows.map((row) =>
        row ? (
          <div key={row.label} className={row.total ? "data-summary__total" : undefined}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** A summary under a heading of its own (a modal's costs or the data typed so far). */
export function SummarySection({ id, title, rows, className }: { id: string; title: string; rows: ReadonlyArray<SummaryRow | null | false | undefined>; className?: string }) {
  return (
    <section className={className ? `data-summary ${className}` : "data-summary"} aria-labelledby={id}>
      <h3 className="data-summary__title" id={id}>
        {title}
      </h3>
      <SummaryList rows={rows} />
    </section>
  );
}
