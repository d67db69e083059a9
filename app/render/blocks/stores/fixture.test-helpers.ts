import type * as z from "zod";
import type { storesBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({
  type: "stores",
  stores: [
    {
      name: "Centro de atención Reforma",
      kind: "centro-de-atencion",
      address: "Av. Paseo de la Reforma 100",
      city: "Ciudad de México",
      state: "CDMX",
      postalCode: "06600",
      hours: ["Lunes a viernes 9:00–18:00"],
      phone: "5512345678",
    },
  ],
}) satisfies z.input<typeof storesBlock>;
