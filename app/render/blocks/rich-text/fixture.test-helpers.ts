import type * as z from "zod";
import type { richTextBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "richText", content: [{ h: "Cobertura" }, { p: "Red 4.5G en todo México." }, { ul: ["Llamadas", "SMS"] }] }) satisfies z.input<typeof richTextBlock>;
