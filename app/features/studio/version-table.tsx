import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatHistoryDate as when } from "~/lib/format";
import { studioVersionUrl } from "./urls";

/** A published version as the studio lists it (app/lib/config/versions.server.ts VersionSummary). */
export type VersionRow = { number: number; author: string; publishedAt: string; note: string; restoredFrom: number | null; changed: string[] };


/** Versions newest first: number (a link), who, when, the note, the files changed; the one the site serves is marked. */
export function VersionTable({ versions, head, caption }: { versions: VersionRow[]; head: number; caption: string }) {
  const { t } = useTranslation("studio");
  if (versions.length === 0) return <p className="studio__muted">{t("history.none")}</p>;
  return (
    <div className="studio-table-wrap">
      <table className="studio-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("history.version")}</th>
            <th scope="col">{t("history.author")}</th>
            <th scope="col">{t("history.when")}</th>
            <th scope="col">{t("history.note")}</th>
            <th scope="col">{t("history.files")}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.number}>
              <td>
                <Link to={studioVersionUrl(version.number)}>{t("history.number", { version: version.number })}</Link>
                {version.number === head ? <span className="studio-badge">{t("history.live")}</span> : null}
              </td>
              <td>{version.author}</td>
              <td>{when(version.publishedAt)}</td>
              <td>
                {version.note}
                {version.restoredFrom ? <span className="studio__muted"> {t("history.restoredFrom", { version: version.restoredFrom })}</span> : null}
              </td>
              <td>{version.changed.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
