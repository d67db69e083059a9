import type * as z from "zod";
import type { destinationsBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "destinations", heading: "Destinos" }) satisfies z.input<typeof destinationsBlock>;
