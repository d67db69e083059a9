import type * as z from "zod";
import type { ctaBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "cta", title: "Cámbiate a Bait", actions: [{ label: "Portabilidad", href: "/haz-tu-portabilidad", variant: "secondary" }] }) satisfies z.input<typeof ctaBlock>;
