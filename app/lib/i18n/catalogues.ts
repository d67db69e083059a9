import address from "#locales/es-MX/address.json";
import auth from "#locales/es-MX/auth.json";
import customer from "#locales/es-MX/customer.json";
import errors from "#locales/es-MX/errors.json";
import payment from "#locales/es-MX/payment.json";
import recharge from "#locales/es-MX/recharge.json";
import sim from "#locales/es-MX/sim.json";
import { registerCatalogue } from "./translate";

/**
 * Importing this module makes the non-common namespaces available to the browser's translator.
 * A route that shows their texts imports it; routes that do not, ship without them.
 */
registerCatalogue("errors", errors);
registerCatalogue("auth", auth);
registerCatalogue("recharge", recharge);
registerCatalogue("payment", payment);
registerCatalogue("sim", sim);
registerCatalogue("address", address);
registerCatalogue("customer", customer);
