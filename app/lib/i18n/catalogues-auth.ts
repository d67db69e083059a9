import auth from "#locales/es-MX/auth.json";
import errors from "#locales/es-MX/errors.json";
import { registerCatalogue } from "./translate";

/** The account screens show texts of `auth` and `errors` only: they ship those two, not all four. */
registerCatalogue("auth", auth);
registerCatalogue("errors", errors);
