import { useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { CODE_LENGTH } from "#schemas/forms/fields";
import { FieldShell, type FormField } from "./field";
import { useHydrated } from "../use-hydrated";

/**
 * The verification code: ONE input (so paste, SMS autofill and password managers work, and a
 * screen reader meets one field), drawn as one cell per digit of the code (CODE_LENGTH). Typing fills
 * the next cell and Backspace empties the previous one, which is what docs/accounts.md asks of its
 * per-cell boxes; only digits are taken (Tab, Shift and space never become part of the code), so
 * the input is as long as the code. Without JavaScript it is a plain numeric field.
 */
export function CodeInput({ field, label, hint }: { field: FormField; label: string; hint: string }) {
  const hydrated = useHydrated();
  const length = CODE_LENGTH;
  const [value, setValue] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [focused, setFocused] = useState(false);

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
    <FieldShell field={field} label={label} hint={hint} className={`code-input${hydrated ? " code-input--cells" : ""}`}>
      {(control) => (
        <div className="code-input__frame">
          <input
            {...control}
            maxLength={length}
            inputMode="numeric"
            className="field__input code-input__input"
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
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
      )}
    </FieldShell>
  );
}
