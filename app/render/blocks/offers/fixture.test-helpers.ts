import type * as z from "zod";
import type { offersBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "offers", category: "traditionals", limit: 3 }) satisfies z.input<typeof offersBlock>;
