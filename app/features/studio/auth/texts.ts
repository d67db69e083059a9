import type studioTexts from "#locales/es-MX/studio.json";

/**
 * The sign-in's texts (locales/es-MX/studio.json `auth`): the server reads the catalogue and the
 * loader hands its `auth` part to the view, as the preview's bar gets its own
 * (app/features/preview/preview.server.ts); the site's i18next namespaces do not carry it.
 */
export type StudioAuthTexts = (typeof studioTexts)["auth"];

/** A text with its `{{values}}` filled in. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? ""));

/** The text of a form error: the schemas' keys are `studio:auth.errors.<name>` (schemas/forms/studio-auth.ts). */
export function errorText(texts: StudioAuthTexts, key: string): string {
  const name = key.replace(/^studio:auth\.errors\./, "") as keyof StudioAuthTexts["errors"];
  return texts.errors[name] ?? texts.errors.summary;
}

/** The 'too many attempts' text for a wait of `seconds`, in whole minutes. */
export function tooManyAttemptsText(texts: Pick<StudioAuthTexts, "tooManyAttempts_one" | "tooManyAttempts_other">, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? texts.tooManyAttempts_one : fill(texts.tooManyAttempts_other, { count: minutes });
}
