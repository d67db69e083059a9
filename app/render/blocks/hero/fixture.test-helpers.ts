import type * as z from "zod";
import type { heroBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "hero", title: "Recarga tu Bait", actions: [{ label: "Recargar", href: "/recargas" }] }) satisfies z.input<typeof heroBlock>;
