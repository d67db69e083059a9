/** The site's one language. */
export const LOCALE = "es-MX";
