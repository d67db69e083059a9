import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatHistoryDate as when } from "~/lib/format";
import { ChangeList, type ChangeRow } from "./change-list";
import { PublishForm, type PublishReply } from "./publish-form";
import { StudioBar, type StudioPerson } from "./studio-bar";
import { STUDIO_HISTORY_PATH, studioDocumentUrl, studioVersionUrl } from "./urls";
import type { VersionRow } from "./version-table";

export type VersionPage = {
  user: StudioPerson;
  head: number;
  summary: VersionRow;
  files: Array<{ file: string; changes: ChangeRow[] }>;
  previewPath: string;
  restored: boolean;
};


/** /estudio/versiones/:numero: who published it and why, what changed in each file, its preview, and restoring it. */
export function VersionView({ page, reply }: { page: VersionPage; reply: PublishReply | undefined }) {
  const { t } = useTranslation("studio");
  const { summary } = page;
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (page.restored) notice.current?.focus();
  }, [page.restored]);
  return (
    <div className="page studio">
      <StudioBar user={page.user} />
      <nav className="studio-crumbs" aria-label={t("editor.crumbs")}>
        <Link to="/estudio">{t("home.title")}</Link> / <Link to={STUDIO_HISTORY_PATH}>{t("history.title")}</Link> / <span>{t("history.number", { version: summary.number })}</span>
      </nav>
      <h1 className="studio__title">{t("version.title", { version: summary.number })}</h1>
      {page.restored ? (
        <p className="studio-notice studio-notice--ok" role="status" tabIndex={-1} ref={notice}>
          {t("version.restoredNotice", { version: summary.number, from: summary.restoredFrom })}
        </p>
      ) : null}
      <p className="studio__lead">
        {t("version.by", { author: summary.author, when: when(summary.publishedAt) })} <q>{summary.note}</q>
        {summary.restoredFrom ? (
          <>
            {" "}
            <Link to={studioVersionUrl(summary.restoredFrom)}>{t("history.restoredFrom", { version: summary.restoredFrom })}</Link>
          </>
        ) : null}
      </p>
      <p>
        {summary.number === page.head ? <span className="studio-badge">{t("history.live")}</span> : null}{" "}
        <a className="button button--secondary" href={page.previewPath} target="_blank" rel="noreferrer">
          {t("version.preview")}
        </a>
      </p>

      {page.files.map((file) => (
        <section key={file.file} className="studio-section" aria-labelledby={`file-${file.file}`}>
          <h2 id={`file-${file.file}`}>
            <Link to={studioDocumentUrl(file.file)}>
              <code>{file.file}</code>
            </Link>
          </h2>
          <ChangeList changes={file.changes} caption={file.file} />
        </section>
      ))}

      {summary.number !== page.head ? (
        <section className="studio-section" aria-labelledby="restore-title">
          <h2 id="restore-title">{t("version.restore")}</h2>
          {page.user.canPublish ? (
            <>
              <p>{t("version.restoreText", { version: summary.number, head: page.head })}</p>
              <PublishForm id="restaurar" action={studioVersionUrl(summary.number)} fields={{ base: page.head, version: summary.number }} submit={t("version.restoreSubmit", { version: summary.number })} reply={reply} />
            </>
          ) : (
            <p className="studio__muted">{t("home.editorOnly")}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
