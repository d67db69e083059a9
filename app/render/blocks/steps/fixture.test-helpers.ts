import type * as z from "zod";
import type { stepsBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "steps", items: [{ title: "Elige tu recarga", text: "…" }, { title: "Paga", text: "…" }] }) satisfies z.input<typeof stepsBlock>;
