import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX, studioPublishSchema, studioRestoreSchema } from "#schemas/forms/studio-edit";
import { TextField } from "~/components/form/field";
import { ChangeList, type ChangeRow } from "./change-list";
import { studioDocumentUrl } from "./urls";
import { markHydrated } from "~/components/hydration-mark";

/**
 * What a publish or a restore answers when it is refused: the form's result (its form errors are
 * texts already), the problems of the documents, and the drafts that changed since the page was
 * loaded (each with what it now changes).
 */
export type PublishReply = {
  result: SubmissionResult<string[]>;
  problems: Array<{ file: string; path: string; message: string }>;
  stale?: boolean;
  changed?: Array<{ file: string; how: "added" | "changed" | "discarded"; changes: ChangeRow[] }>;
};

/** What the form carries besides the note: the version it was decided on and, for a publish, the drafts shown; for a restore, the version shown. */
export type PublishFields = { base: number } & ({ reviewed: string[] } | { version: number });

/**
 * Publishing the drafts, or restoring an earlier version: a note, the version it was decided on
 * (a publish from a stale version is refused) and what the page showed: the drafts' revisions, or
 * the version restored (anything else is refused). A plain form: it works without JavaScript.
 */
export function PublishForm({ id, action, fields: carried, submit, reply }: { id: string; action: string; fields: PublishFields; submit: string; reply: PublishReply | undefined }) {
  const { t } = useTranslation("studio");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  const alert = useRef<HTMLDivElement>(null);
  const schema = "version" in carried ? studioRestoreSchema : studioPublishSchema;
  const [form, fields] = useForm({
    id,
    lastResult: reply?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formErrors = form.errors ?? [];
  useEffect(() => {
    if (formErrors.length > 0) alert.current?.focus();
  }, [formErrors.length]);
  return (
    <Form ref={markHydrated} method="post" action={action} id={form.id} noValidate onSubmit={form.onSubmit} className="studio-publish">
      {formErrors.length > 0 ? (
        <div className="studio-problems" role="alert" tabIndex={-1} ref={alert}>
          {formErrors.map((error) => (
            <p key={error} className="studio-problems__title">
              {error}
            </p>
          ))}
          {reply?.problems.length ? (
            <ul>
              {reply.problems.map((problem, index) => (
                <li key={index}>
                  <Link to={studioDocumentUrl(problem.file)}>{problem.file}</Link> {problem.path ? <code>{problem.path}</code> : null} {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
          {reply?.changed?.length ? (
            <div className="studio-changed">
              <p>{t("publish.changed.title")}</p>
              <ul>
                {reply.changed.map((entry) => (
                  <li key={entry.file}>
                    <Link to={studioDocumentUrl(entry.file)}>{entry.file}</Link> — {t(`publish.changed.${entry.how}`)}
                    {entry.changes.length > 0 ? <ChangeList changes={entry.changes} caption={`${entry.file}: ${t("publish.changed.changes")}`} /> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {reply?.stale ? (
            <p>
              <Link to="/estudio" reloadDocument>
                {t("publish.reload")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name="base" value={carried.base} />
      {"version" in carried ? <input type="hidden" name="version" value={carried.version} /> : carried.reviewed.map((entry) => <input key={entry} type="hidden" name="revisado" value={entry} />)}
      <TextField field={fields.nota} label={t("publish.note")} hint={t("publish.noteHint", { max: NOTE_MAX })} autoComplete="off" />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? t("publish.publishing") : submit}
      </button>
    </Form>
  );
}
