import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The mock world's sales state, beside mocks/world.ts: eSIM journey sessions and visitors,
 * eSIM orders, the charges the payment provider decided and recurrence cancellations.
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
export type Charge = { orderId: string; channel: string; approved: boolean; phone: string; amount: number; offerId?: string; at: string };

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
  };
}

export let sales = empty();

export function resetSales() {
  sales = empty();
}

/**
 * The offers the mock upstream sells, read from pages-config/recharges.json so the
 * marketing config and the upstream agree on ids, prices and data.
 */
export type MockOffer = {
  offerId: string;
  rechargeName: string;
  category: string;
  type: number;
  price: number;
  duration: number;
  mbNavigation: number;
  mbSocialNetworks: number;
  includeMessage: string;
  enjoyMessage?: string;
  imageDesktop: string;
  imageMobile: string;
};

const configFile = fileURLToPath(new URL("../pages-config/recharges.json", import.meta.url));
export const mockOffers: MockOffer[] = (JSON.parse(readFileSync(configFile, "utf8")) as { offers: MockOffer[] }).offers;

export const offerById = (offerId: string) => mockOffers.find((offer) => offer.offerId === offerId);
