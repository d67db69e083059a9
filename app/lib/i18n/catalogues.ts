import errors from "#locales/es-MX/errors.json";
import { registerCatalogue } from "./translate";

/** Importing this module makes the `errors` texts available to the browser's translator. */
registerCatalogue("errors", errors);
