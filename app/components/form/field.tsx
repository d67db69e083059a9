import { useState, type ClipboardEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../use-hydrated";

/**
 * What the form components read of a field of a conform form (`useForm`'s fields,
 * @conform-to/react): its ids (`${formId}-${name}`, `${id}-error`), its errors (catalogue keys),
 * the value sent, and the constraint `getZodConstraint` derived from its schema.
 */
export type FormField = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  required?: boolean;
  maxLength?: number;
  pattern?: string;
};

/** The attributes every control of a field carries: its ids, its schema's constraint, its error state. */
export type ControlProps = {
  id: string;
  name: string;
  form: string;
  required: boolean;
  maxLength?: number;
  pattern?: string;
  inputMode?: "numeric";
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** The ids that describe a field: its hint, its status, then its error. */
function controlProps(field: FormField, parts: { hint: boolean; status: boolean }): ControlProps {
  const describedBy = [parts.hint ? `${field.id}-hint` : null, parts.status ? `${field.id}-status` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required ?? false,
    ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(field.pattern !== undefined ? { pattern: field.pattern } : {}),
    "aria-invalid": field.errors?.length ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

function ErrorMessage({ field }: { field: FormField }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const error = field.errors?.[0];
  return error ? (
    <p className="field__error" id={field.errorId}>
      {message(error)}
    </p>
  ) : null;
}

/**
 * The one field shell (GOV.UK pattern): label, hint, the error (the catalogue text of the
 * schema's key), the control, a status line; the control gets the ids that describe it and the
 * attributes its schema implies (conform's `getZodConstraint`).
 */
export function FieldShell({
  field,
  label,
  hint,
  status,
  className,
  children,
}: {
  field: FormField;
  label: ReactNode;
  hint?: ReactNode;
  /** Status under the field that is not an error (a live check in progress or passed). */
  status?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ""}${field.errors?.length ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${field.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <ErrorMessage field={field} />
      {children(controlProps(field, { hint: Boolean(hint), status: Boolean(status) }))}
      {status ? (
        <p className="field__status" id={`${field.id}-status`} role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}

type FieldProps = {
  field: FormField;
  label: string;
  hint?: ReactNode;
  /** Shown before the input, inside its border (the fixed ICCID prefix). */
  prefix?: string;
  status?: ReactNode;
  after?: ReactNode;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "autoFocus" | "spellCheck" | "autoCapitalize" | "onChange" | "readOnly" | "inputMode" | "maxLength" | "min" | "max">;

/** What people put between groups of digits: "55 1234 5678", "4111-1111-1111-1111", "(55) 1234.5678", "12 / 28". */
const SEPARATORS = /[\s\-.()/]+/g;

/**
 * A paste into a field of digits drops the separators before the field's maxLength applies.
 * Left to the browser, "4111 1111 1111 1111" pasted into a 16-character card number would be cut
 * to "4111 1111 1111 1" before anything could remove the spaces. The spec's lengths (10, 16, 17)
 * count digits, so the field keeps them, and the paste arrives as the digits it meant. Without
 * JavaScript the browser cuts as before, and the server's message says how many digits are needed.
 */
function pasteDigits(event: ClipboardEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const pasted = event.clipboardData.getData("text");
  const digits = pasted.replace(SEPARATORS, "");
  if (digits === pasted) return;
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const room = input.maxLength >= 0 ? input.maxLength - (input.value.length - (end - start)) : digits.length;
  input.setRangeText(digits.slice(0, Math.max(0, room)), start, end, "end");
  // As a paste would: the form's own handlers (and React's onChange) see an input event.
  input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
}

/**
 * A text input; `mask` is for a field of digits whose length the spec fixes (phone 10, card
 * number 16, IMEI 17, "MM/AA" 5): a paste drops its separators before that length cuts it.
 */
export function TextField({ field, label, hint, prefix, status, after, type = "text", mask, ...input }: FieldProps & { mask?: { maxLength: number; inputMode: "numeric" } }) {
  return (
    <FieldShell field={field} label={label} hint={hint} status={status}>
      {(control) => (
        <div className={`field__control${prefix ? " field__control--prefixed" : ""}`}>
          {prefix ? (
            <span className="field__prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input {...control} {...mask} onPaste={mask ? pasteDigits : undefined} type={type} defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined} className="field__input" {...input} />
          {after}
        </div>
      )}
    </FieldShell>
  );
}

/** A password field; with JavaScript, a button shows and hides what was typed. */
export function PasswordField({ field, label, hint, autoComplete }: { field: FormField; label: string; hint?: ReactNode; autoComplete: "current-password" | "new-password" }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const hydrated = useHydrated();
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

/** A checkbox with its label beside it; its error, when the schema requires it ticked, comes first. */
export function CheckboxField({ field, label }: { field: FormField; label: ReactNode }) {
  const { maxLength: _maxLength, pattern: _pattern, inputMode: _inputMode, ...control } = controlProps(field, { hint: false, status: false });
  return (
    <>
      <ErrorMessage field={field} />
      <div className="field field--checkbox">
        <input {...control} type="checkbox" className="field__checkbox" defaultChecked={field.initialValue === "on"} />
        <label className="field__checkbox-label" htmlFor={field.id}>
          {label}
        </label>
      </div>
    </>
  );
}

/**
 * A select. Uncontrolled: give it a new `key` when its options change (a new postal code's
 * colonias) so it starts again from `defaultValue`.
 */
export function SelectField({
  field,
  label,
  hint,
  options,
  defaultValue,
  autoComplete,
}: {
  field: FormField;
  label: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  autoComplete?: string;
}) {
  return (
    <FieldShell field={field} label={label} hint={hint}>
      {({ maxLength: _maxLength, pattern: _pattern, inputMode: _inputMode, ...control }) => (
        <div className="field__control field__control--select">
          <select {...control} defaultValue={defaultValue} className="field__input field__select" autoComplete={autoComplete}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldShell>
  );
}
