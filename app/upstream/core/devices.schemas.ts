import * as z from "zod";

/** Wire schemas of the device checks: network and eSIM support, and the contact flow's compatibility. */

export const validateImeiWire = z
  .object({ supportEsim: z.boolean(), homologated: z.string() })
  .transform((wire) => ({
    supportsEsim: wire.supportEsim,
    /** HOMOLOGADOS O VOLTE: works on the network; VOZAPP: works through the VozAPP app. */
    network: wire.homologated === "HOMOLOGADOS O VOLTE" ? ("compatible" as const) : wire.homologated === "VOZAPP" ? ("vozapp" as const) : ("incompatible" as const),
  }));
export type DeviceCheck = z.output<typeof validateImeiWire>;

export const compatibilityWire = z
  .object({ success: z.boolean(), isCompatible: z.boolean().optional(), supportEsim: z.boolean().optional(), message: z.string().optional(), mensaje: z.string().optional() })
  .transform((wire) => ({ success: wire.success, compatible: wire.isCompatible ?? false, supportsEsim: wire.supportEsim ?? false, message: wire.message ?? wire.mensaje }));
