/** The contact lead modal is a URL on any page (docs/leads.md): `?contacto=whatsapp` or `?contacto=telefono`. */
export const CONTACT_PARAM = "contacto";

/** The action every lead form posts to (app/routes/contacto.tsx). */
export const CONTACT_ACTION = "/contacto";

/** The hidden field that says which page to go back to. */
export const RETURN_FIELD = "volver";
