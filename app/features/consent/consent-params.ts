/** The cookie settings modal is a URL: ?cookies=opciones. */
export const COOKIE_PARAM = "cookies";

/** The consent cookie: its name, and its value as the server writes it (a serialized "aceptadas"). */
export const CONSENT_COOKIE = "bait_cookies";
export const CONSENT_ACCEPTED = "aceptadas";
export const CONSENT_MAX_AGE_S = 60 * 60 * 24 * 365;
/** "aceptadas" as the server's cookie serializes it (base64 of its JSON, URI-encoded); a unit test holds the two together. */
export const CONSENT_COOKIE_VALUE = "ImFjZXB0YWRhcyI%3D";

/**
 * Writes the consent cookie in the browser at the moment of 'Aceptar', the same value the server
 * sets: a reload that follows at once, before the background post has answered, keeps the consent.
 */
export function rememberConsentHere() {
  const value = CONSENT_COOKIE_VALUE;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${value}; path=/; max-age=${CONSENT_MAX_AGE_S}; samesite=lax${secure}`;
}
