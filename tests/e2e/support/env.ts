/**
 * The server under test runs on its own port so a dev server on 3000 never answers the suite.
 * E2E_PORT moves it when two checkouts run the suite on one machine at the same time.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * Fixed secret shared by the server under test and the cookie factory in session.ts, so the
 * suite can sign a valid session without going through the login flow. Worthless elsewhere.
 */
export const SESSION_SECRET = "e2e-only-session-secret-0123456789abcdef";

/** Signs the 'Pide tu recarga' links of a server started with real upstreams, where it is required (docs/request-link.md). */
export const REQUEST_LINK_SECRET = "e2e-only-request-link-secret-fedcba9876543210";

/**
 * The n-th port (0–89) of the range where a spec starts servers of its own (a second instance, a
 * Redis, an nginx). Each E2E_PORT has a range of its own, far from the suite's ports, so two
 * checkouts running the suite on one machine at once never answer each other's requests (with
 * `PORT + n`, 3101 + 23 and 3105 + 19 were one port). The ranges stay below 32768, where Linux
 * starts picking the local ports of outgoing connections: a browser's or a fetch's socket never
 * holds the port a server is about to listen on.
 */
export function ownPort(n: number): number {
  return ownPortOf(PORT, n);
}

/**
 * ownPort for the suite's port `port`. Numbers 0–59 are 20000–31999, sixty per `port % 200`;
 * 60–89, the studio's specs' (docs/testing.md "Ports"), added when they came to run beside the
 * rest, are 14000–19999, thirty per `port % 200`: 0–59 keep the ports they always had (a checkout
 * from before still never meets this one's) and no two ranges overlap.
 */
export function ownPortOf(port: number, n: number): number {
  if (!Number.isInteger(n) || n < 0 || n >= 90) throw new Error(`ownPort(${n}): 0 to 89`);
  const range = port % 200;
  return n < 60 ? 20_000 + range * 60 + n : 14_000 + range * 30 + (n - 60);
}

/**
 * The suite's second server, for the `no-js` project (playwright.config.ts): the same settings as
 * the first, and a mock world of its own, so a journey's run without JavaScript never meets its
 * run with JavaScript on the same demo line.
 */
export const NO_JS_PORT = ownPort(1);
export const NO_JS_BASE_URL = `http://localhost:${NO_JS_PORT}`;
