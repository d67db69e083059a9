import type * as z from "zod";
import type { embedBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "embed", title: "Bait Pospago", src: "https://pospago.example.com/", forwardParams: ["typeService"] }) satisfies z.input<typeof embedBlock>;
