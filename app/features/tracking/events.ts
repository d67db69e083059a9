/**
 * The one catalogue of analytics events (docs/esim.md "Marketing platforms", spec §1, §4): each
 * event the site announces, and the data it may carry to the marketing platforms. Nothing
 * personal is ever in it: no phone, e-mail, IMEI, name or card, only what describes the step.
 * An event or a field that is not here never leaves the browser.
 */
export const EVENTS = {
  // The funnel of the recharge, SIM and eSIM modals and of the checkout (docs/recharge.md "Funnel").
  GoToDetail: ["offerId", "type"],
  ChangeOnForm: ["offerId", "field"],
  ChangeLegal: ["offerId", "provider", "whatsapp", "isBait"],
  RequestPayment: ["offerId", "provider", "intent"],
  PaymentFormLoad: ["offerId", "provider"],
  PaymentSuccess: ["provider", "step"],
  PaymentError: ["provider", "code"],
  // The discovery widget (docs/config.md): the button and its two tabs; an item adds `_{id}` to its tab's name.
  web_widget_btn: [],
  web_widget_servicio: [],
  web_widget_tienda: [],
  // The eSIM flow: each device check's verdict.
  esim_imei_check: ["verdict"],
  // Every page the visitor sees (the ad pixels count only those of the pixel flows).
  PageView: ["path"],
} as const satisfies Record<string, readonly string[]>;

export type CatalogueEvent = keyof typeof EVENTS;
/** A widget item's event: its tab's event and the item's id. */
export type WidgetItemEvent = `web_widget_${"servicio" | "tienda"}_${string}`;
export type EventName = CatalogueEvent | WidgetItemEvent;
export type EventData<Name extends EventName> = Name extends CatalogueEvent ? Partial<Record<(typeof EVENTS)[Name][number], string | number | boolean>> : Record<string, never>;

const WIDGET_ITEM = /^web_widget_(servicio|tienda)_[a-z0-9-]{1,40}$/i;
/** A value that may identify a person (an e-mail, a phone or IMEI's run of digits) never goes out, whatever its field. */
const PERSONAL = /@|\d{7,}/;

/**
 * What a platform receives of an event: its name, and only the catalogue's fields of it with
 * values that cannot identify anyone; null for an event the catalogue does not have.
 */
export function outgoing(name: string, data: Record<string, unknown> = {}): { name: string; data: Record<string, string | number | boolean> } | null {
  const fields: readonly string[] | undefined = Object.hasOwn(EVENTS, name) ? EVENTS[name as CatalogueEvent] : WIDGET_ITEM.test(name) ? [] : undefined;
  if (!fields) return null;
  const out: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const value = data[field];
    if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value) && !PERSONAL.test(String(value)))) out[field] = value;
    else if (typeof value === "string" && value.length <= 80 && !PERSONAL.test(value)) out[field] = value;
  }
  return { name, data: out };
}
