/**
 * Headers for a request the suite sends the server itself (the mock world's switches, resets and
 * records): a connection of its own, closed after the answer. A keep-alive socket left idle
 * between two such requests can be closed by the server (its keep-alive timeout, 5 s) just as it
 * is reused, and the request then fails with ECONNRESET without reaching the server.
 */
export const FRESH_CONNECTION = { Connection: "close" } as const;
