import * as z from "zod";

/** Wire schemas of captación: journey steps and leads (acknowledged, not read) and the WhatsApp opt-in. */

/** The journey and lead answers are not read by the app (docs/upstream.md); any JSON object will do. */
export const acknowledgementWire = z.object({ success: z.boolean().optional() }).loose();

export const successWire = z.object({ success: z.boolean(), message: z.string().optional(), mensaje: z.string().optional() });
