import type { FocusEvent } from "react";

/**
 * A form's `onBlur` for a conform form (`useForm`'s `form`): a field left with something typed in
 * it is checked at once (the card form's "invalid on blur turns red"); a field left empty waits
 * for the submit, so tabbing through a fresh form shows no errors.
 */
export const validateTyped =
  (form: { validate: (options: { name: string }) => void }) =>
  (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !target.name || !target.value || target.type === "hidden") return;
    form.validate({ name: target.name });
  };
