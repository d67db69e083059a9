import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatHistoryDate as when } from "~/lib/format";
import { useHydrated } from "~/components/use-hydrated";
import type { ConfigKind } from "~/lib/config/files";
import type { FieldProblem } from "./problems";
import { ChangeList, type ChangeRow } from "./change-list";
import SchemaForm from "./schema-form";
import { StudioBar, type StudioPerson } from "./studio-bar";
import { STUDIO_HISTORY_PATH, studioDocumentUrl } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

// react-jsonschema-form comes with this route's script (a lazy chunk of its own would split React
// out of the framework chunk every page loads); the kind's validator loads when the form mounts.

export type DocumentPage = {
  user: StudioPerson;
  file: string;
  kind: ConfigKind;
  raw: boolean;
  value: unknown;
  revision: number;
  base: number;
  draft: { author: string; savedAt: string; revision: number } | null;
  changes: ChangeRow[];
  schema: object;
  saved: number | null;
  previewPath: string | null;
};

export type DocumentReply = {
  problems: FieldProblem[];
  sent: string | null;
  conflict: { author: string; savedAt: string; revision: number; changes: ChangeRow[] } | null;
};


/**
 * A document's editor (/estudio/documento?archivo=…): its form, generated from the JSON Schema, or
 * its raw JSON (`?vista=json`, and the page without JavaScript); saving writes a draft, refused at
 * the field it is wrong at; a draft saved meanwhile by someone else is a conflict shown with its
 * changes, never overwritten silently.
 */
export function DocumentView({ page, reply }: { page: DocumentPage; reply: DocumentReply | undefined }) {
  const { t } = useTranslation("studio");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "guardar";
  const problems = reply?.problems ?? [];
  const summary = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const formView = hydrated && !page.raw;

  useEffect(() => {
    if (reply?.conflict || (problems.length > 0 && !formView)) summary.current?.focus();
  }, [reply, problems.length, formView]);
  useEffect(() => {
    if (page.saved) notice.current?.focus();
  }, [page.saved]);

  const save = (value: unknown, revision = page.revision) =>
    submit({ intent: "guardar", archivo: page.file, revision: String(revision), base: String(page.base), valor: JSON.stringify(value, null, 2) }, { method: "post", action: studioDocumentUrl(page.file) });

  const text = reply?.sent ?? `${JSON.stringify(page.value, null, 2)}\n`;

  return (
    <div className="page studio">
      <StudioBar user={page.user} />
      <nav className="studio-crumbs" aria-label={t("editor.crumbs")}>
        <Link to="/estudio">{t("home.title")}</Link> / <span>{page.file}</span>
      </nav>
      <h1 className="studio__title">
        {t(`kinds.${page.kind}`)}: <code>{page.file}</code>
      </h1>
      <p className="studio__lead">
        {page.draft ? t("editor.draftOf", { author: page.draft.author, when: when(page.draft.savedAt), revision: page.draft.revision }) : page.base > 0 ? t("editor.noDraft", { version: page.base }) : t("editor.noDraftSeed")}
      </p>

      {page.saved ? (
        <p className="studio-notice studio-notice--ok" role="status" tabIndex={-1} ref={notice}>
          {t("editor.saved", { revision: page.saved })}
        </p>
      ) : null}

      <div className="studio-editor__tools">
        {page.raw ? <Link to={studioDocumentUrl(page.file)}>{t("editor.formView")}</Link> : <Link to={studioDocumentUrl(page.file, "json")}>{t("editor.jsonView")}</Link>}
        {page.previewPath ? (
          <a href={page.previewPath} target="_blank" rel="noreferrer">
            {t("editor.preview")}
          </a>
        ) : null}
        <Link to={STUDIO_HISTORY_PATH}>{t("history.title")}</Link>
      </div>

      {reply?.conflict ? (
        <div className="studio-problems" role="alert" tabIndex={-1} ref={summary} aria-labelledby="conflict-title">
          <h2 id="conflict-title" className="studio-problems__title">
            {t("editor.conflict.title")}
          </h2>
          <p>{t("editor.conflict.text", { author: reply.conflict.author, when: reply.conflict.savedAt ? when(reply.conflict.savedAt) : "", revision: reply.conflict.revision })}</p>
          <ChangeList changes={reply.conflict.changes} caption={t("editor.conflict.changes")} />
          <div className="studio-actions">
            <Link className="button button--secondary" to={studioDocumentUrl(page.file, page.raw ? "json" : undefined)} reloadDocument>
              {t("editor.conflict.load")}
            </Link>
            <Form ref={markHydrated} method="post" action={studioDocumentUrl(page.file)}>
              <input type="hidden" name="intent" value="guardar" />
              <input type="hidden" name="archivo" value={page.file} />
              <input type="hidden" name="revision" value={reply.conflict.revision} />
              <input type="hidden" name="base" value={page.base} />
              <input type="hidden" name="valor" value={reply.sent ?? ""} />
              <button type="submit" className="button button--primary">
                {t("editor.conflict.overwrite")}
              </button>
            </Form>
          </div>
        </div>
      ) : null}

      {problems.length > 0 && !formView ? (
        <div className="studio-problems" role="alert" tabIndex={-1} ref={summary} aria-labelledby="problems-title">
          <h2 id="problems-title" className="studio-problems__title">
            {t("editor.problems")}
          </h2>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>
                {problem.path ? <code>{problem.path}</code> : null} {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {formView ? (
        <SchemaForm key={`${page.file}:${page.revision}`} kind={page.kind} schema={page.schema} value={reply?.sent ? JSON.parse(reply.sent) : page.value} problems={problems} pending={pending} onSave={save} />
      ) : (
        <Form ref={markHydrated} method="post" action={studioDocumentUrl(page.file, page.raw ? "json" : undefined)} className="studio-json">
          <input type="hidden" name="intent" value="guardar" />
          <input type="hidden" name="archivo" value={page.file} />
          <input type="hidden" name="revision" value={page.revision} />
          <input type="hidden" name="base" value={page.base} />
          <label htmlFor="valor" className="studio-json__label">
            {t("editor.jsonLabel")}
          </label>
          <p id="valor-hint" className="studio-json__hint">
            {page.raw ? t("editor.jsonHint") : t("editor.noScriptHint")}
          </p>
          <textarea
            id="valor"
            name="valor"
            className="studio-json__text"
            defaultValue={text}
            key={text}
            spellCheck={false}
            rows={24}
            aria-describedby="valor-hint"
            aria-invalid={problems.length > 0 || undefined}
          />
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t("editor.saving") : t("editor.save")}
          </button>
        </Form>
      )}

      {page.draft ? (
        <section className="studio-section" aria-labelledby="draft-changes">
          <h2 id="draft-changes">{t("editor.draftChanges")}</h2>
          <ChangeList changes={page.changes} caption={t("editor.draftChanges")} />
          <Form ref={markHydrated} method="post" action={studioDocumentUrl(page.file)}>
            <input type="hidden" name="intent" value="descartar" />
            <input type="hidden" name="archivo" value={page.file} />
            <button type="submit" className="button button--secondary">
              {t("editor.discard")}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
