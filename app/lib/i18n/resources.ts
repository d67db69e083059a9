import address from "#locales/es-MX/address.json";
import auth from "#locales/es-MX/auth.json";
import common from "#locales/es-MX/common.json";
import errors from "#locales/es-MX/errors.json";
import payment from "#locales/es-MX/payment.json";
import profile from "#locales/es-MX/profile.json";
import recharge from "#locales/es-MX/recharge.json";
import sim from "#locales/es-MX/sim.json";

export const LOCALE = "es-MX";
export const namespaces = ["common", "errors", "auth", "recharge", "payment", "sim", "address", "profile"] as const;
export type Namespace = (typeof namespaces)[number];

/** The catalogues, bundled: every text of the site lives once, in locales/es-MX/. */
export const resources = { [LOCALE]: { common, errors, auth, recharge, payment, sim, address, profile } } as const;
