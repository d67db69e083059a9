import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useMessages } from "~/lib/i18n/react";
import { useMounted } from "./use-mounted";

/** What a field component reads of a field: conform's metadata, or app/lib/use-schema-form's (same ids). */
type Meta = { id: string; name: string; formId: string; errorId: string; errors?: string[]; initialValue?: unknown; required?: boolean; key?: string | undefined };

type FieldProps = {
  field: Meta;
  label: string;
  hint?: ReactNode;
  /** Shown before the input, inside its border (the fixed ICCID prefix). */
  prefix?: string;
  /** Status under the field that is not an error (a live check in progress or passed). */
  status?: ReactNode;
  after?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode" | "autoComplete" | "maxLength" | "autoFocus" | "spellCheck" | "autoCapitalize" | "onChange" | "readOnly">;

/** The ids that describe a field: its hint, its status, then its error. */
const describedBy = (field: Meta, parts: { hint: boolean; status: boolean }) =>
  [parts.hint ? `${field.id}-hint` : null, parts.status ? `${field.id}-status` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;

/** Label, hint, input and its error message (GOV.UK pattern); the error is the catalogue text of the schema's key. */
export function TextField({ field, label, hint, prefix, status, after, type = "text", ...input }: FieldProps) {
  const message = useMessages();
  const error = field.errors?.[0];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={field.errorId}>
          {message(error)}
        </p>
      ) : null}
      <div className={`field__control${prefix ? " field__control--prefixed" : ""}`}>
        {prefix ? (
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={field.id}
          name={field.name}
          form={field.formId}
          key={field.key}
          type={type}
          defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
          className="field__input"
          required={field.required ?? true}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, { hint: Boolean(hint), status: Boolean(status) })}
          {...input}
        />
        {after}
      </div>
      {status ? (
        <p className="field__status" id={`${field.id}-status`} role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}

/** A password field; with JavaScript, a button shows and hides what was typed. */
export function PasswordField({ field, label, hint, autoComplete }: { field: Meta; label: string; hint?: ReactNode; autoComplete: "current-password" | "new-password" }) {
  const message = useMessages();
  const hydrated = useMounted();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      type={visible ? "text" : "password"}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      maxLength={64}
      after={
        hydrated ? (
          <button type="button" className="field__toggle" aria-pressed={visible} aria-controls={field.id} onClick={() => setVisible((shown) => !shown)}>
            {message(visible ? "auth:fields.hidePassword" : "auth:fields.showPassword")}
          </button>
        ) : null
      }
    />
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ field, label }: { field: Meta; label: ReactNode }) {
  return (
    <div className="field field--checkbox">
      <input id={field.id} name={field.name} form={field.formId} type="checkbox" className="field__checkbox" defaultChecked={field.initialValue === "on"} />
      <label className="field__checkbox-label" htmlFor={field.id}>
        {label}
      </label>
    </div>
  );
}

/**
 * A select with its label, hint and error (GOV.UK pattern). Uncontrolled: give it a new `key`
 * when its options change (a new postal code's colonias) so it starts again from `defaultValue`.
 */
export function SelectField({
  field,
  label,
  hint,
  options,
  defaultValue,
  autoComplete,
}: {
  field: Meta;
  label: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  autoComplete?: string;
}) {
  const message = useMessages();
  const error = field.errors?.[0];
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={field.errorId}>
          {message(error)}
        </p>
      ) : null}
      <div className="field__control field__control--select">
        <select
          id={field.id}
          name={field.name}
          form={field.formId}
          defaultValue={defaultValue}
          className="field__input field__select"
          required={field.required ?? true}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, { hint: Boolean(hint), status: false })}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
