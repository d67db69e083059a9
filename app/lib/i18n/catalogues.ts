import address from "#locales/es-MX/address.json";
import areaCode from "#locales/es-MX/area-code.json";
import auth from "#locales/es-MX/auth.json";
import coverage from "#locales/es-MX/coverage.json";
import customer from "#locales/es-MX/customer.json";
import errors from "#locales/es-MX/errors.json";
import esim from "#locales/es-MX/esim.json";
import help from "#locales/es-MX/help.json";
import leads from "#locales/es-MX/leads.json";
import payment from "#locales/es-MX/payment.json";
import portability from "#locales/es-MX/portability.json";
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
registerCatalogue("coverage", coverage);
registerCatalogue("portability", portability);
registerCatalogue("areaCode", areaCode);
registerCatalogue("help", help);
registerCatalogue("esim", esim);
registerCatalogue("leads", leads);
registerCatalogue("customer", customer);
