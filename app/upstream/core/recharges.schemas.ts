import * as z from "zod";

/** Wire schemas of a line's recharge history and of the secure recharge payment's start. */

export const historyItemWire = z
  .object({
    amount: z.number(),
    applicationDate: z.string(),
    rechargeApplied: z.boolean(),
    orderID: z.string(),
    status: z.string(),
    offeringID: z.string(),
    uuid: z.string(),
  })
  .transform((item) => ({
    uuid: item.uuid,
    orderId: item.orderID,
    offeringId: item.offeringID,
    /** Pesos: the upstream sends cents (docs/recharge.md: divided by 100 and rounded). */
    amount: Math.round(item.amount / 100),
    appliedAt: item.applicationDate,
    applied: item.rechargeApplied,
    status: item.status,
  }));
export const historyWire = z.object({ items: z.array(historyItemWire) });
export type RechargeHistoryEntry = z.output<typeof historyItemWire>;

export const startPaymentWire = z
  .object({ success: z.boolean(), llavero: z.string().optional(), ordCliente: z.string().optional(), mensaje: z.string().optional(), message: z.string().optional() })
  .transform((wire) => ({ success: wire.success, keyring: wire.llavero, orderId: wire.ordCliente, message: wire.mensaje ?? wire.message }));
