import * as z from "zod";
import es from "zod/v4/locales/es.js";

/**
 * Config is edited by marketers who read Spanish: zod's own messages (the ones a schema does
 * not spell out) are given in Spanish too. Only the Spanish locale is imported, not all of them.
 */
z.config(es());
