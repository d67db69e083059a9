import * as z from "zod";

/** Error bodies carry `message` or `mensaje`; keep whichever came. */
export const errorBody = z.object({ message: z.string().optional(), mensaje: z.string().optional() }).loose();
