import * as z from "zod/mini";
import { filled } from "./fields";

/**
 * The studio's sign-in forms (docs/studio.md "Accounts and roles"), shared by /estudio/entrar's action and
 * its view. Messages are keys of locales/es-MX/studio.json (`studio:auth.errors.…`); the view
 * shows their texts, which its loader hands it.
 */

/** The longest password the forms take (app/features/studio/auth/accounts.server.ts MAX_PASSWORD_LENGTH). */
const MAX_PASSWORD = 1024;

const password = () =>
  z.string({ error: "studio:auth.errors.passwordRequired" }).check(filled("studio:auth.errors.passwordRequired"), z.maxLength(MAX_PASSWORD, "studio:auth.errors.passwordTooLong"));

/** Where to go afterwards: any text here; the action keeps only a path of ours (app/features/studio/auth/urls.ts). */
const volver = () => z.optional(z.string());

/** /estudio/entrar: the account's email and its password. */
export const studioSignInSchema = z.object({
  email: z
    .string({ error: "studio:auth.errors.emailRequired" })
    .check(
      z.trim(),
      filled("studio:auth.errors.emailRequired"),
      z.maxLength(254, "studio:auth.errors.emailInvalid"),
      z.regex(/^[^\s@:]+@[^\s@:]+\.[^\s@:]{2,}$/, "studio:auth.errors.emailInvalid"),
    ),
  password: password(),
  volver: volver(),
});
export type StudioSignInForm = z.infer<typeof studioSignInSchema>;

/** /estudio/entrar?paso=confirmar: the password again, before publishing or rolling back. */
export const studioConfirmSchema = z.object({
  password: password(),
  volver: volver(),
});
export type StudioConfirmForm = z.infer<typeof studioConfirmSchema>;
