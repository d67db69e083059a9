import type * as z from "zod";
import type { faqBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "faq", items: [{ question: "¿Cómo recargo?", answer: [{ p: "Desde [recargas](/recargas)." }] }] }) satisfies z.input<typeof faqBlock>;
