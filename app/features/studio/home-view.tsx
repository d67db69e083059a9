import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatHistoryDate as when } from "~/lib/format";
import type { ConfigKind } from "~/lib/config/files";
import { PublishForm, type PublishReply } from "./publish-form";
import { StudioBar, type StudioPerson } from "./studio-bar";
import { STUDIO_HISTORY_PATH, studioDocumentUrl, studioVersionUrl } from "./urls";
import { VersionTable, type VersionRow } from "./version-table";

export type StudioHomePage = {
  user: StudioPerson;
  head: number;
  summary: VersionRow | null;
  documents: Array<{ file: string; kind: ConfigKind; draft: { author: string; savedAt: string; revision: number } | null }>;
  drafts: Array<{ file: string; author: string; savedAt: string; stale: boolean }>;
  /** The drafts shown, as the publish form carries them (`file:sha256`). */
  reviewed: string[];
  problems: Array<{ file: string; path: string; message: string }>;
  history: VersionRow[];
  previewPath: string | null;
  published: number | null;
};


/**
 * The studio's home (/estudio): the version the site serves, the drafts waiting (with a preview of
 * the site with all of them and what stops their publish), publishing, every document to edit, and
 * the latest versions.
 */
export function StudioHome({ page, reply }: { page: StudioHomePage; reply: PublishReply | undefined }) {
  const { t } = useTranslation("studio");
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (page.published) notice.current?.focus();
  }, [page.published]);
  return (
    <div className="page studio">
      <StudioBar user={page.user} />
      <h1 className="studio__title">{t("home.title")}</h1>
      {page.published ? (
        <p className="studio-notice studio-notice--ok" role="status" tabIndex={-1} ref={notice}>
          {t("home.publishedNotice", { version: page.published })}
        </p>
      ) : null}

      <section className="studio-section" aria-labelledby="live-title">
        <h2 id="live-title">{t("home.live")}</h2>
        {page.summary ? (
          <p>
            {t("home.liveVersion", { version: page.summary.number, author: page.summary.author, when: when(page.summary.publishedAt) })} <q>{page.summary.note}</q>{" "}
            <Link to={studioVersionUrl(page.summary.number)}>{t("home.seeVersion")}</Link>
          </p>
        ) : (
          <p>{t("home.liveSeed")}</p>
        )}
      </section>

      <section className="studio-section" aria-labelledby="drafts-title">
        <h2 id="drafts-title">{t("home.drafts", { count: page.drafts.length })}</h2>
        {page.drafts.length === 0 ? (
          <p className="studio__muted">{t("home.noDrafts")}</p>
        ) : (
          <>
            <ul className="studio-list">
              {page.drafts.map((draft) => (
                <li key={draft.file}>
                  <Link to={studioDocumentUrl(draft.file)}>{draft.file}</Link> — {t("home.draftBy", { author: draft.author, when: when(draft.savedAt) })}
                  {draft.stale ? <span className="studio__muted"> {t("home.draftStale")}</span> : null}
                </li>
              ))}
            </ul>
            {page.previewPath ? (
              <p>
                <a className="button button--secondary" href={page.previewPath} target="_blank" rel="noreferrer">
                  {t("home.preview")}
                </a>
              </p>
            ) : null}
            {page.problems.length > 0 ? (
              <div className="studio-problems" aria-labelledby="draft-problems">
                <h3 id="draft-problems" className="studio-problems__title">
                  {t("home.problems")}
                </h3>
                <ul>
                  {page.problems.map((problem, index) => (
                    <li key={index}>
                      <Link to={studioDocumentUrl(problem.file)}>{problem.file}</Link> {problem.path ? <code>{problem.path}</code> : null} {problem.message}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {page.user.canPublish ? (
              <PublishForm id="publicar" action="/estudio?index" fields={{ base: page.head, reviewed: page.reviewed }} submit={t("publish.submit", { count: page.drafts.length })} reply={reply} />
            ) : (
              <p className="studio__muted">{t("home.editorOnly")}</p>
            )}
          </>
        )}
      </section>

      <section className="studio-section" aria-labelledby="documents-title">
        <h2 id="documents-title">{t("home.documents")}</h2>
        <ul className="studio-documents">
          {page.documents.map((document) => (
            <li key={document.file} className="studio-documents__item">
              <Link to={studioDocumentUrl(document.file)}>
                <span className="studio-documents__kind">{t(`kinds.${document.kind}`)}</span> <code>{document.file}</code>
              </Link>
              {document.draft ? <span className="studio-badge">{t("home.draftBadge")}</span> : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="studio-section" aria-labelledby="history-title">
        <h2 id="history-title">{t("home.latest")}</h2>
        <VersionTable versions={page.history} head={page.head} caption={t("home.latest")} />
        <p>
          <Link to={STUDIO_HISTORY_PATH}>{t("home.allVersions")}</Link>
        </p>
      </section>
    </div>
  );
}
