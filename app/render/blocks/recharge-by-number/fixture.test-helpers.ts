import type * as z from "zod";
import type { rechargeByNumberBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "rechargeByNumber", heading: "¿Qué número quieres recargar?" }) satisfies z.input<typeof rechargeByNumberBlock>;
