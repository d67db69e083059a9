import type { CheckoutSale } from "#schemas/sale";
import type { SessionUser } from "#schemas/session";
import { getSessionUser } from "~/lib/session.server";
import type { ChargeInput } from "~/upstream/payments/charge.server";

/**
 * 'Guardar esta tarjeta con el procesador de pagos para mis próximas recargas' (docs/payment.md
 * "Repeat with the kept card"): offered on the card step to a signed-in customer only, and not for
 * a recurring recharge (the provider keeps a recurrence's card anyway). When it is ticked the
 * charge asks the provider to keep the card for the customer (`meta.guardar`, `meta.cliente`):
 * the provider keeps it, this server never does, and the customer can forget it on /editar-perfil.
 */

/**
 * Whom the provider keeps a card for (`meta.cliente`, `?cliente=`): the customer's Bait number as
 * the app sends it everywhere, the line they signed in with (the service number of a home or
 * portable internet line).
 */
export const cardCustomerOf = (user: Pick<SessionUser, "number" | "serviceNumber">) => user.serviceNumber ?? user.number;

/** The signed-in customer's Bait number the card would be kept for, or null when the checkbox is not offered. */
export async function keepingCustomer(request: Request, sale: Pick<CheckoutSale, "kind">): Promise<string | null> {
  if (sale.kind === "recurring") return null;
  const user = await getSessionUser(request);
  return user ? cardCustomerOf(user) : null;
}

/** What the charge carries for a ticked checkbox: nothing unless the customer asked and may. */
export const keepRequest = (ticked: boolean | undefined, customer: string | null | undefined): Pick<ChargeInput, "keep" | "customer"> =>
  ticked && customer ? { keep: true, customer } : {};
