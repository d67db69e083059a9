import { HttpResponse } from "msw";
import type * as z from "zod";

/** What the payments upstream's call groups (payments-checkout.ts, payments-recurrences.ts) share. */
export const base = "https://payments.upstream.mock";

export const refuse = (mensaje: string, status = 200) => HttpResponse.json({ success: false, mensaje }, { status });
export const firstIssue = (error: z.ZodError) => error.issues[0]?.path.join(".") || "(raíz)";

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
