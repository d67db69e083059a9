/**
 * The Retry-After of a refused attempt (a 429 of the attempt or send limits), for a route's
 * `headers`: a document answer (a form posted without JavaScript) carries only what that function
 * returns, so without it the header would reach only the script's fetches.
 */
export const retryAfterOf = (actionHeaders: Headers): Record<string, string> => {
  const seconds = actionHeaders.get("Retry-After");
  return seconds ? { "Retry-After": seconds } : {};
};
