import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Fields = Record<string, { id: string; errors?: string[] } | undefined>;

/**
 * GOV.UK error summary: after a submit with errors, a box at the top lists them, each a link
 * to its field, and takes the focus so a screen reader announces it.
 */
export function ErrorSummary({ fields, labels, show, autoFocus }: { fields: Fields; labels: Record<string, string>; show: boolean; autoFocus?: boolean }) {
  const { t: message } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The labels say which fields the summary lists, in their order.
  const errors = Object.keys(labels).flatMap((name) => {
    const field = fields[name];
    return field?.errors?.[0] ? [{ name, id: field.id, text: message(field.errors[0]) }] : [];
  });
  const key = errors.map((error) => `${error.name}:${error.text}`).join("|");
  useEffect(() => {
    if (show && key) ref.current?.focus();
  }, [show, key]);
  if (!show || errors.length === 0) return null;
  return (
    // autoFocus: a page the server drew with the errors takes the focus there without JavaScript too.
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title" autoFocus={autoFocus}>
      <h2 className="error-summary__title" id="error-summary-title">
        {message("common:form.errorSummary")}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.name}>
            <a href={`#${error.id}`}>
              {labels[error.name] ? `${labels[error.name]}: ` : ""}
              {error.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A message about the whole form: an upstream refusal (error) or a notice (success, info). */
export function FormMessage({ tone, children, id }: { tone: "error" | "success" | "info" | "warning"; children: ReactNode; id?: string }) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === "error" || tone === "warning" ? "alert" : "status"} id={id}>
      {children}
    </div>
  );
}

/** The form's submit button: says it is working while its form is being sent. */
export function SubmitButton({ children, name, value, variant = "primary", formId }: { children: ReactNode; name?: string; value?: string; variant?: "primary" | "secondary"; formId?: string }) {
  const navigation = useNavigation();
  const { t: message } = useTranslation();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button type="submit" className={`button button--${variant} button--block`} name={name} value={value} form={formId} aria-disabled={busy || undefined} onClick={busy ? (event) => event.preventDefault() : undefined}>
      {busy ? message("common:form.sending") : children}
    </button>
  );
}
