import { code, fields, form, profiles } from "#locales/es-MX/auth.json";
import { registerCatalogue } from "./translate";

/**
 * The `auth` texts every account screen shows in the browser: field labels and errors, the form
 * messages, the code input and the line-type switch. Each route registers its own section too
 * (`login`, `register`…); named imports let esbuild leave the other sections out of the bundle.
 * Upstream messages arrive already translated by the action, so `errors` is not shipped.
 */
registerCatalogue("auth", { code, fields, form, profiles });
