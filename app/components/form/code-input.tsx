import type { FieldMetadata } from "@conform-to/react";
import { useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { useMessages } from "~/lib/i18n/react";
import { useMounted } from "./use-mounted";

/**
 * The verification code: ONE input (so paste, SMS autofill and password managers work, and a
 * screen reader meets one field), drawn as `length` cells. Typing fills the next cell and
 * Backspace empties the previous one, which is what SPEC §4 asks of its per-cell boxes; only
 * digits are taken (Tab, Shift and space never become part of the code). Without JavaScript
 * it is a plain numeric field.
 */
export function CodeInput({ field, length, label, hint }: { field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>; length: number; label: string; hint: string }) {
  const message = useMessages();
  const hydrated = useMounted();
  const [value, setValue] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [focused, setFocused] = useState(false);
  const error = field.errors?.[0];

  const accept = (raw: string) => setValue(raw.replace(/\D/g, "").slice(0, length));
  const onInput = (event: FormEvent<HTMLInputElement>) => accept(event.currentTarget.value);
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    accept(event.clipboardData.getData("text"));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === " ") event.preventDefault();
  };

  return (
    <div className={`field code-input${error ? " field--error" : ""}${hydrated ? " code-input--cells" : ""}`}>
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      <p className="field__hint" id={`${field.id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={field.errorId}>
          {message(error)}
        </p>
      ) : null}
      <div className="code-input__frame">
        <input
          id={field.id}
          name={field.name}
          form={field.formId}
          className="field__input code-input__input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${length}}`}
          maxLength={length}
          required
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${field.id}-hint`, error ? field.errorId : null].filter(Boolean).join(" ")}
          {...(hydrated ? { value, onInput, onChange: onInput, onPaste, onKeyDown, onFocus: () => setFocused(true), onBlur: () => setFocused(false) } : { defaultValue: value })}
        />
        {hydrated ? (
          <div className="code-input__cells" aria-hidden="true">
            {Array.from({ length }, (_, index) => (
              <span key={index} className={`code-input__cell${focused && index === Math.min(value.length, length - 1) ? " code-input__cell--active" : ""}${value[index] ? " code-input__cell--filled" : ""}`}>
                {value[index] ?? ""}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
