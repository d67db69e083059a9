import { expect, type Locator } from "@playwright/test";

/**
 * 'Buscar colonias' without JavaScript (app/features/address/postal-code-fields.tsx): the form
 * posts to the page with `#<the postal code's id>`, and once the answer has loaded the browser moves
 * focus to that field, the fragment's target. A fill focuses its field and then types into whatever
 * has focus, so a field filled before that move loses what was typed (once, in a full run, the
 * exterior number of the SIM form). This clicks it and waits for the move.
 */
export async function searchColonias(form: Locator): Promise<void> {
  await form.getByRole("button", { name: "Buscar colonias", exact: true }).click();
  await expect(form.getByLabel("Código postal", { exact: true })).toBeFocused();
}
