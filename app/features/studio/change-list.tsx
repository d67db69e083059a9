import { useTranslation } from "react-i18next";

/** One change of a document, as app/features/studio/changes.server.ts lists them. */
export type ChangeRow = { op: "add" | "remove" | "replace" | "move"; path: string; from?: string; before?: string; after?: string };

/** A document's changes as a table: what happened, where, the value before and after. */
export function ChangeList({ changes, caption }: { changes: ChangeRow[]; caption: string }) {
  const { t } = useTranslation("studio");
  if (changes.length === 0) return <p className="studio__muted">{t("changes.none")}</p>;
  return (
    <div className="studio-table-wrap">
      <table className="studio-table studio-changes">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("changes.op")}</th>
            <th scope="col">{t("changes.path")}</th>
            <th scope="col">{t("changes.before")}</th>
            <th scope="col">{t("changes.after")}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={index} className={`studio-changes__row studio-changes__row--${change.op}`}>
              <td>{t(`changes.ops.${change.op}`)}</td>
              <td>
                <code>{change.path || t("changes.wholeDocument")}</code>
                {change.from ? <span className="studio__muted"> ← {change.from}</span> : null}
              </td>
              <td>{change.before !== undefined ? <code>{change.before}</code> : null}</td>
              <td>{change.after !== undefined ? <code>{change.after}</code> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
