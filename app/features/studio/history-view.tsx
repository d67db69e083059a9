import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StudioBar, type StudioPerson } from "./studio-bar";
import { VersionTable, type VersionRow } from "./version-table";

export type HistoryPage = { user: StudioPerson; head: number; history: VersionRow[] };

/** /estudio/versiones: every published version, newest first. */
export function HistoryView({ page }: { page: HistoryPage }) {
  const { t } = useTranslation("studio");
  return (
    <div className="page studio">
      <StudioBar user={page.user} />
      <nav className="studio-crumbs" aria-label={t("editor.crumbs")}>
        <Link to="/estudio">{t("home.title")}</Link> / <span>{t("history.title")}</span>
      </nav>
      <h1 className="studio__title">{t("history.title")}</h1>
      <p className="studio__lead">{t("history.intro")}</p>
      <VersionTable versions={page.history} head={page.head} caption={t("history.title")} />
    </div>
  );
}
