import address from "#locales/es-MX/address.json";
import areaCode from "#locales/es-MX/area-code.json";
import auth from "#locales/es-MX/auth.json";
import blocks from "#locales/es-MX/blocks.json";
import common from "#locales/es-MX/common.json";
import coverage from "#locales/es-MX/coverage.json";
import customer from "#locales/es-MX/customer.json";
import errors from "#locales/es-MX/errors.json";
import esim from "#locales/es-MX/esim.json";
import help from "#locales/es-MX/help.json";
import leads from "#locales/es-MX/leads.json";
import payment from "#locales/es-MX/payment.json";
import portability from "#locales/es-MX/portability.json";
import profile from "#locales/es-MX/profile.json";
import recharge from "#locales/es-MX/recharge.json";
import requestLink from "#locales/es-MX/request-link.json";
import sim from "#locales/es-MX/sim.json";
import studio from "#locales/es-MX/studio.json";

import { LOCALE } from "./locale";

export { LOCALE };
export const namespaces = ["common", "errors", "auth", "recharge", "payment", "sim", "address", "coverage", "portability", "areaCode", "help", "esim", "leads", "customer", "profile", "blocks", "requestLink", "studio"] as const;
export type Namespace = (typeof namespaces)[number];

/** The catalogues, bundled: every text of the site lives once, in locales/es-MX/. */
export const resources = { [LOCALE]: { common, errors, auth, recharge, payment, sim, address, coverage, portability, areaCode, help, esim, leads, customer, profile, blocks, requestLink, studio } } as const;
