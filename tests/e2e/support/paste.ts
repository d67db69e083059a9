import type { Locator } from "@playwright/test";

/**
 * Pastes `text` into a field as the browser's paste does: focus, then a `paste` event carrying
 * it. The field's own handler decides what lands (a field of digits drops the separators); when
 * none takes the event, the text is inserted at the caret, cut at the field's maxLength.
 */
export async function paste(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.evaluate((input: HTMLInputElement, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
    if (!input.dispatchEvent(event)) return;
    const room = input.maxLength >= 0 ? input.maxLength - input.value.length : pasted.length;
    input.setRangeText(pasted.slice(0, Math.max(0, room)), input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length, "end");
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
  }, text);
}
