import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { mountAnalytics } from "./analytics";
import * as mockControl from "./control";
import * as mockPostpaid from "./postpaid-page";
import * as mockProvider from "./provider-pages";
import * as mockSso from "./sso-server";

/**
 * The mock world's own routes on the site's express app (docs/configuration.md "The mock world's routes"): its test hooks
 * (/__mocks/reset, switches, session…), the marketing platforms' stand-ins, and the pages of the
 * SSO server, the card provider, PayPal and the postpaid portal. server/app.ts mounts them only
 * with mocks on (app/lib/boot-rules.mjs mocksOn): with a real upstream none of them exists.
 */
/** What the mock routes ask of the site's build (app/entry.server.tsx exports it). */
export type MockSite = { openMockSession(user: unknown, access: string, minutesAgo?: number): Promise<string | null> };

export function mountMockRoutes(app: Express, site: MockSite) {
  app.post("/__mocks/reset", (_req, res) => {
    mockControl.reset();
    res.status(204).end();
  });
  app.post("/__mocks/switches", express.json(), (req, res) => {
    mockControl.setSwitches(req.body ?? {});
    res.status(204).end();
  });
  app.post("/__mocks/release", (_req, res) => {
    mockControl.release();
    res.status(204).end();
  });
  app.get("/__mocks/held", (_req, res) => res.json(mockControl.held()));
  app.post("/__mocks/reset-lines", express.json(), (req, res) => {
    mockControl.resetSomeLines(req.body?.numbers);
    res.status(204).end();
  });
  app.get("/__mocks/leads", (_req, res) => res.json(mockControl.receivedLeads()));
  app.get("/__mocks/charges", (_req, res) => res.json(mockControl.receivedCharges()));
  app.get("/__mocks/codes-sent", (req, res) => res.json({ count: mockControl.codesSentTo(String(req.query.number ?? "")) }));
  app.post("/__mocks/session", express.json(), (req, res) => {
    const access = mockControl.mintSession(req.body?.number);
    if (!access) return res.status(400).json({ error: "number must be 10 digits" });
    if (!req.body?.user) return res.json({ access });
    // With a user, also the site's session record a login would create, and its cookie's value.
    site.openMockSession(req.body.user, access, req.body.minutesAgo).then(
      (cookie) => (cookie ? res.json({ access, cookie }) : res.status(400).json({ error: "user is not a session user" })),
      (error) => res.status(500).json({ error: String(error) }),
    );
  });
  // The marketing platforms' stand-ins and the collector of what they would receive.
  mountAnalytics(app, express.json({ limit: "10kb" }));
  // The single-sign-on server's pages (login, account pages), so the SSO round trip runs locally.
  app.get("/__mocks/sso/styles.css", (_req, res) => res.type("text/css").send(mockSso.styles));
  app.all("/__mocks/sso/*", express.urlencoded({ extended: false, limit: "10kb" }), (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const form = new URLSearchParams(typeof req.body === "object" && req.body ? req.body : {});
    const answer = mockSso.ssoServerPage(req.method, url.pathname.slice("/__mocks/sso".length), url.searchParams, form);
    if (answer.location) return res.redirect(answer.status, answer.location);
    res.status(answer.status).type("html").send(answer.html ?? "");
  });
  // The payment providers' pages on this origin (mocks/provider-pages.ts): the hosted card fields
  // of provider type 2 (framed by the checkout) with their tokens endpoint, and PayPal's approval
  // page of type 3. Card pages are never cached.
  const noStore = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  app.get("/__mocks/proveedor/estilos.css", (_req, res) => res.type("text/css").send(mockProvider.providerStyles));
  app.all("/__mocks/proveedor/campos", noStore, (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const page = mockProvider.hostedCardFieldsPage(req.method, res.locals.cspNonce, url.searchParams);
    res.status(page.status).type("html").send(page.html ?? "");
  });
  // The raw text, not express.json: a malformed body would be logged by express's error handler, card number included.
  app.post("/__mocks/proveedor/tokens", noStore, express.text({ type: () => true, limit: "4kb" }), (req, res) => {
    const answer = mockProvider.issueCardToken(typeof req.body === "string" ? req.body : "");
    res.status(answer.status).json(answer.body);
  });
  // The provider's hosted payment page: the card path without JavaScript (the card is posted here, never to the app).
  app.all("/__mocks/proveedor/pago", noStore, express.urlencoded({ extended: false, limit: "4kb" }), (req, res) => {
    const page = mockProvider.hostedPaymentPage(req.method, new URL(req.originalUrl, "http://mock.local").searchParams, new URLSearchParams(req.body ?? {}));
    if (page.location) return res.redirect(page.status, page.location);
    res.status(page.status).type("html").send(page.html ?? "");
  });
  // The postpaid portal's page, framed by /{product}-pospago: its own headers, since the site's
  // forbid being framed by another origin.
  app.get(["/__mocks/pospago", "/__mocks/pospago/*"], (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const page = mockPostpaid.postpaidPage(res.locals.cspNonce, url.pathname.slice("/__mocks/pospago".length) || "/", url.searchParams);
    res.removeHeader("X-Frame-Options");
    res.setHeader("Content-Security-Policy", `default-src 'none'; script-src 'nonce-${res.locals.cspNonce}'; style-src 'nonce-${res.locals.cspNonce}'; frame-ancestors *`);
    res.status(page.status).type("html").send(page.html);
  });
  app.all("/__mocks/paypal/aprobar", noStore, express.urlencoded({ extended: false, limit: "10kb" }), (req, res) => {
    const url = new URL(req.originalUrl, "http://mock.local");
    const form = new URLSearchParams(typeof req.body === "object" && req.body ? req.body : {});
    const answer = mockProvider.paypalApprovalPage(req.method, url.searchParams, form);
    if (answer.location) return res.redirect(answer.status, answer.location);
    res.status(answer.status).type("html").send(answer.html ?? "");
  });
}
