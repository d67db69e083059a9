/**
 * The mock world's sales state, beside mocks/world.ts: eSIM journey sessions and visitors,
 * eSIM orders, the charges the payment provider decided (and those it received and is still
 * deciding), recurrence cancellations, the answers kept per Idempotency-Key, hosted-card tokens,
 * PayPal orders, SIM shipments and the cards the provider keeps for customers.
 * `resetSales()` restores the empty state with the seeded kept cards (wired into mocks/control.ts reset).
 */

export type Visitor = {
  uuid: string;
  flow?: string;
  contactNumber?: string;
  email?: string;
  imei?: string;
  offerId?: string;
  isBait?: boolean;
  proceedToPay?: boolean;
  portability?: boolean;
  /** Journey steps recorded with POST tracking/{uuid}/{step}. */
  steps: Record<string, string>;
};
export type EsimOrder = { customerOrder: string; keychain: string; visitor: string; offerId: string; email: string; paid: boolean };
export type Charge = {
  orderId: string;
  channel: string;
  approved: boolean;
  phone: string;
  /** Cents. */
  amount: number;
  offerId?: string;
  /** The sale's uuid (`extra.uuid` of /cobrar). */
  saleUuid: string;
  at: string;
};
/** What an endpoint answered to an `Idempotency-Key`: a repeat gets exactly this, and nothing runs again. */
export type StoredReply = {
  status: number;
  body: Record<string, unknown>;
  /** The request minus its sealed `data` (re-sealing the same data gives new ciphertext): a repeat must match it. */
  fingerprint: string;
};
/** A card the hosted fields tokenised (provider type 2); /cobrar decides with it when `meta.token` is this token. */
export type CardToken = {
  card: { numero: string; mes: string; anio: string; clave: string };
  holder: string;
  /** A token pays once: set when a charge with it was approved. */
  used: boolean;
};
/**
 * A card the payment provider keeps for a customer (docs/payment.md "Repeat with the kept card"):
 * GET …/tarjetas?cliente= lists it (token, brand, last 4), /cobrar charges it with `meta.token` and
 * `meta.cliente`. The card itself stays here, inside the mock provider, as a real provider keeps
 * it: the app only ever sees the token, the brand and the last 4 digits.
 */
export type KeptCard = {
  token: string;
  /** The customer's Bait number as the app sends it (`meta.cliente`, `?cliente=`): the line's number, the service number for hbb and mifi. */
  customer: string;
  card: { numero: string; mes: string; anio: string };
  /**
   * Why the provider keeps it: the customer ticked 'Guardar esta tarjeta…' (`cliente`), or it
   * pays a recurring recharge of the customer's line (`recurrencia`: listed while that recurrence
   * is not cancelled).
   */
  origin: "cliente" | "recurrencia";
  /**
   * The provider asks the security code on its hosted field before charging it: never in the demo
   * (the mock world serves no hosted security-code page); /cobrar then declines the card without
   * `meta.verificacion`. Unit tests set it.
   */
  cvvRequired: boolean;
  /** ISO date: the list is newest first. */
  keptAt: string;
};
export type PaypalOrderState = "created" | "approved" | "cancelled" | "captured";
export type PaypalOrder = {
  id: string;
  state: PaypalOrderState;
  /** MXN. */
  amount: number;
  description: string;
  channel: string;
  saleUuid: string;
  /** Same-origin paths (checked when the order is created). */
  returnUrl: string;
  cancelUrl: string;
};
/** A SIM sold through the checkout (channel captacion with shipping data): what the warehouse would ship. */
export type SimShipment = {
  orderId: string;
  saleUuid: string;
  offerId: string;
  phone: string;
  email: string;
  contact: string;
  postalCode: string;
  address: { street: string; exterior: string; interior?: string; colonia: string; municipality: string; city: string; state: string; country: string };
  at: string;
};

const daysAgo = (count: number) => new Date(Date.now() - count * 24 * 3600 * 1000).toISOString();

/**
 * The demo's kept cards (DEMO-DATA.md "Kept cards", docs/demo-data.md "Kept cards"): Ana's recurring
 * recharge's Visa ending 1111, expiring 12/30 (approved); Marta (5556789012) keeps the declined
 * Visa ending 0002 and a Mastercard ending 4444 that expired in 03/24. 5545678901 keeps none
 * until its customer ticks 'Guardar esta tarjeta…' on a payment.
 */
export const DEMO_KEPT_CARDS = {
  anaVisa: "kc_demo_ana_visa_1111",
  martaDeclined: "kc_demo_marta_visa_0002",
  martaExpired: "kc_demo_marta_mc_4444",
} as const;

function seedKeptCards(): Map<string, KeptCard> {
  const cards: KeptCard[] = [
    { token: DEMO_KEPT_CARDS.anaVisa, customer: "5512345678", card: { numero: "4111111111111111", mes: "12", anio: "2030" }, origin: "recurrencia", cvvRequired: false, keptAt: daysAgo(38) },
    { token: DEMO_KEPT_CARDS.martaDeclined, customer: "5556789012", card: { numero: "4000000000000002", mes: "12", anio: "2030" }, origin: "cliente", cvvRequired: false, keptAt: daysAgo(20) },
    { token: DEMO_KEPT_CARDS.martaExpired, customer: "5556789012", card: { numero: "5555555555554444", mes: "03", anio: "2024" }, origin: "cliente", cvvRequired: false, keptAt: daysAgo(400) },
  ];
  return new Map(cards.map((card) => [card.token, card]));
}

function empty() {
  return {
    /** uuids handed out by asignarSesion (and visitors created by all-data). */
    visitors: new Map<string, Visitor>(),
    /** Visitors whose eSIM sale was charged: check-sale answers success true. */
    sold: new Set<string>(),
    esimOrders: new Map<string, EsimOrder>(),
    charges: [] as Charge[],
    /** Recurrence uuid → ISO date it was cancelled. */
    cancellations: new Map<string, string>(),
    /** `<endpoint> <Idempotency-Key>` → the answer given (endpoints: "cobrar", "orden"). */
    idempotentReplies: new Map<string, StoredReply>(),
    /**
     * Idempotency-Keys of /cobrar requests the provider received and has not decided yet (held by
     * a latency switch, say): what GET …/cobro/{key} answers `en_proceso` for.
     */
    chargesInFlight: new Set<string>(),
    /** Hosted-card tokens (`tok_…`) → the card they stand for. */
    cardTokens: new Map<string, CardToken>(),
    /** PayPal order id → order. */
    paypalOrders: new Map<string, PaypalOrder>(),
    simShipments: [] as SimShipment[],
    /** Kept cards' tokens (`kc_…`) → the card the provider keeps for a customer. */
    keptCards: seedKeptCards(),
  };
}

export let sales = empty();

export function resetSales() {
  sales = empty();
}
