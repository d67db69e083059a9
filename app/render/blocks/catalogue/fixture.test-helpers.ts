import type * as z from "zod";
import type { catalogueBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "catalogue", heading: "Elige tu recarga", categories: ["traditionals", "packages", "hbb"] }) satisfies z.input<typeof catalogueBlock>;
