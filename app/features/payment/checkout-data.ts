import type { SubmissionResult } from "@conform-to/react";
import type { postalLookup } from "~/features/address/postal.server";
import type { ProviderKind } from "~/upstream/payments/plugin.server";
import type { SaleView } from "./sale.server";

/** What the checkout's loader and actions hand its views. */

export type PluginView = {
  provider: ProviderKind;
  /** The provider type the charge is filed under (docs/payment.md /{channel}/{providerType}/cobrar). */
  typeCode: 1 | 2 | 3;
  /** The card provider's public key (PEM): the browser seals the card with it. */
  publicKey: string;
  /** The hosted card fields' page (provider type 2). */
  hostedUrl: string | null;
  /** A details step (1 of 2) before the summary and the pay button. */
  detailsStep: boolean;
  asksAddress: boolean;
  loaderText: string;
  button: { text: string; className: string | null; css: string | null };
  legal: { kind: "privacy" | "terms"; text: string }[];
  /** The hosted card was configured but the visitor asked for the card form (no JavaScript). */
  cardFallback: boolean;
  hostedConfigured: boolean;
  /** PayPal (provider type 3) offered under the card provider's form (the new plugin only). */
  paypalBeside: boolean;
};

export type CheckoutData =
  | { ok: false; message: string; sale: SaleView | null; editHref: string | null; confirming?: false }
  /** A payment of this sale was sent and its outcome is not known yet: no pay step until it is (docs/payment.md "States of a payment"). */
  | { ok: false; confirming: true; message: string; sale: SaleView; editHref: null }
  | {
      ok: true;
      sale: SaleView;
      editHref: string;
      plugin: PluginView;
      /** One per rendering: the idempotency key of the next payment attempt. */
      paymentKey: string;
      attemptsLeft: number;
      paypal: { approved: boolean; cancelled: boolean };
      /** Back from the provider's hosted payment page (no JavaScript): the summary to confirm and pay, or null. */
      cardPage: CardSummary | null;
      /** 'Guardar esta tarjeta con el procesador de pagos…' is offered: a signed-in customer, not a recurring recharge (keep-card.server.ts). */
      keepCard: boolean;
      notice: string | null;
      /** What became of the sale's last attempt, settled after the customer left (a crash, a lost answer): told once. */
      earlier: CheckoutAnswer | null;
      /** This page's own address (with ?metodo=tarjeta when the hosted card fell back to the card form). */
      selfHref: string;
      links: { privacy: string; terms: string };
    };

/** What the checkout's actions answer when they do not redirect. */
export type CheckoutAnswer = {
  /** conform's reply for the card form: field errors, and the values typed except the card's. */
  result?: SubmissionResult<string[]>;
  message?: { tone: "error" | "warning" | "info"; text: string };
  /** The summary after the provider's hosted payment page, again (no JavaScript, a consent missing). */
  summary?: CardSummary;
  /** The postal lookup of the billing address (no-JS 'Buscar colonias'). */
  postal?: PostalAnswer;
  /** The third failure in a row: the form starts over (docs/payment.md). */
  reset?: boolean;
  /**
   * The key of the next attempt, fresh with every answer: the page uses it at once, without
   * waiting for the loader's revalidation (which would otherwise land while the visitor types).
   */
  paymentKey?: string;
  /** After a failed charge: the attempts left before the reset. */
  attemptsLeft?: number;
  /** The answer is about the PayPal form offered beside the card (its consents, without JavaScript). */
  paypalForm?: boolean;
};

export type CardSummary = {
  holder: string;
  card: string;
  /** "MM/AA", or null after an error (it never comes back then). */
  expiry: string | null;
  address: string | null;
};

export type PostalAnswer = Awaited<ReturnType<typeof postalLookup>>;
