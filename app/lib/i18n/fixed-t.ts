import i18next from "i18next";
import { LOCALE } from "./locale";
import type { Namespace } from "./resources";

/**
 * A `t` of the site's one i18next instance for one namespace, for texts outside React (document
 * titles, descriptions). It reads the instance when called: the server starts it at once
 * (i18n.server.ts), the browser before hydrating (browser.ts).
 */
export const fixedT = (ns: Namespace = "common") => i18next.getFixedT(LOCALE, ns);
