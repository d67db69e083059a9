import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NOTE_MAX, studioPublishSchema } from "#schemas/forms/studio-edit";
import { TextField } from "~/components/form/field";
import { studioDocumentUrl } from "./urls";

/** What a publish or a restore answers when it is refused: the form's result (its form errors are texts already) and the problems of the documents. */
export type PublishReply = { result: SubmissionResult<string[]>; problems: Array<{ file: string; path: string; message: string }>; stale?: boolean };

/**
 * Publishing the drafts, or restoring an earlier version: a note and the version it was decided on
 * (a publish from a stale version is refused). A plain form: it works without JavaScript.
 */
export function PublishForm({ id, action, base, submit, reply }: { id: string; action: string; base: number; submit: string; reply: PublishReply | undefined }) {
  const { t } = useTranslation("studio");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  const alert = useRef<HTMLDivElement>(null);
  const [form, fields] = useForm({
    id,
    lastResult: reply?.result,
    constraint: getZodConstraint(studioPublishSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: studioPublishSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formErrors = form.errors ?? [];
  useEffect(() => {
    if (formErrors.length > 0) alert.current?.focus();
  }, [formErrors.length]);
  return (
    <Form method="post" action={action} id={form.id} noValidate onSubmit={form.onSubmit} className="studio-publish">
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
          {reply?.stale ? (
            <p>
              <Link to="/estudio" reloadDocument>
                {t("publish.reload")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <input type="hidden" name="base" value={base} />
      <TextField field={fields.nota} label={t("publish.note")} hint={t("publish.noteHint", { max: NOTE_MAX })} autoComplete="off" />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? t("publish.publishing") : submit}
      </button>
    </Form>
  );
}
