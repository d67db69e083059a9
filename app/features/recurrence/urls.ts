/**
 * /recurrente's modals and confirmation steps are URLs (docs/customer.md): `?recarga=OFFERID`
 * the recurring recharge payment modal (the same parameter as /recargas, so the checkout's
 * 'Cambiar datos' comes back to it), `?accion=…&id=RECURRENCE` a confirmation step or the
 * update modal.
 */
export const RECURRENCE_PATH = "/recurrente";
export const OFFER_PARAM = "recarga";
export const ACTION_PARAM = "accion";
export const ID_PARAM = "id";

export const STEPS = ["modificar", "desactivar", "reactivar", "cancelar", "tarjeta"] as const;
export type Step = (typeof STEPS)[number];
export const isStep = (value: string | null): value is Step => (STEPS as readonly string[]).includes(value ?? "");

export const stepHref = (step: Step, id: string) => `${RECURRENCE_PATH}?${ACTION_PARAM}=${step}&${ID_PARAM}=${encodeURIComponent(id)}`;
export const startHref = (offerId: string) => `${RECURRENCE_PATH}?${OFFER_PARAM}=${encodeURIComponent(offerId)}`;
