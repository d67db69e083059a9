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
