import type * as z from "zod";
import type { siteMapBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "siteMap" }) satisfies z.input<typeof siteMapBlock>;
