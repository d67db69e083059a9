import type * as z from "zod";
import type { legalBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "legal", updated: "2021-10-31", sections: [{ title: "Cookies", content: [{ p: "Usamos cookies." }] }] }) satisfies z.input<typeof legalBlock>;
