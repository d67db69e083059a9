/** The refusal of a request the site does not take (a post to a page without a form): 405, 413, 415. */
export type RejectedRequest = { status: number; reason: "methodNotAllowed" | "tooLarge" | "unsupportedType"; method: string; path: string };

/**
 * One line per refused request, JSON on stdout, as the express guards write theirs
 * (scripts/http-guards.mjs): no stack trace, nothing of the body; the request log can take its place.
 */
export function logRejectedRequest({ status, reason, method, path }: RejectedRequest, write = (line: string) => void process.stdout.write(line)) {
  write(`${JSON.stringify({ level: "warn", time: new Date().toISOString(), msg: "solicitud rechazada", status, reason, method, path })}\n`);
}
