import { HttpResponse } from "msw";

/** What the core and SSO mock handlers share: their refusal's shape and how they read a body. */

export const fail = (status: number, message: string) => HttpResponse.json({ success: false, message }, { status });

/** The request's JSON object, or an empty one when the body is not a JSON object. */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A body field as text: a string as is, a number written out, anything else empty. */
export const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
