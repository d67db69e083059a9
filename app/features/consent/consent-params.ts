/** The cookie settings modal is a URL: ?cookies=opciones. */
export const COOKIE_PARAM = "cookies";
