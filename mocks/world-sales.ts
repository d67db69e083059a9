/**
 * The mock world's sales state, beside mocks/world.ts: eSIM journey sessions and visitors,
 * eSIM orders, the charges the payment provider decided (and those it received and is still
 * deciding), recurrence cancellations, the answers kept per Idempotency-Key, hosted-card tokens,
 * PayPal orders and SIM shipments.
 * `resetSales()` restores the empty state (wired into mocks/control.ts reset).
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
  };
}

export let sales = empty();

export function resetSales() {
  sales = empty();
}
