import * as z from "zod";
import { heading } from "#schemas/config/blocks";

/** Where the international packages work (recharges.json `international`), with a search by destination. */
export const destinationsBlock = z.object({
  type: z.literal("destinations").meta({ description: "destinations: los destinos internacionales con búsqueda (?destino=)." }),
  heading,
  intro: z.string().optional().meta({ description: "Texto de entrada bajo el título (opcional).", examples: ["Busca el país al que quieres llamar."] }),
});
export type DestinationsBlockConfig = z.infer<typeof destinationsBlock>;
