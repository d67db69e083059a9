import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePatterns } from "./config/check-routes.server";
import { APP_PAGES, isKnownPage, returnPath } from "./return-path.server";

describe("returnPath on the server", () => {
  it("knows the pages of pages-config/ as well as the app's routes", () => {
    expect(isKnownPage("/promociones")).toBe(true);
    // `{product}` resolved with the brand's slug, as the config store serves it.
    expect(isKnownPage("/bait-prepago")).toBe(true);
    expect(isKnownPage("/recurrente")).toBe(true);
    expect(isKnownPage("/no-existe")).toBe(false);
    // A route with a parameter: a 'Pide tu recarga' link's page, one segment only.
    expect(isKnownPage("/r/AbCdEfGhIjKl.abc123.0123456789abcdef")).toBe(true);
    expect(isKnownPage("/r/uno/dos")).toBe(false);
    expect(isKnownPage("/r")).toBe(false);
    expect(returnPath("/promociones?contacto=whatsapp&x=1", { drop: ["contacto"] })).toBe("/promociones?x=1");
  });

  it("sends a config page written to leave the site home", () => {
    expect(returnPath("/.//promociones")).toBe("/");
    expect(returnPath("//promociones")).toBe("/");
    expect(returnPath("/\\promociones", { fallback: "/home" })).toBe("/home");
  });
});

describe("APP_PAGES", () => {
  // Routes that are no page to come back to: they only redirect, answer JSON or take posts.
  const NOT_PAGES = ["/api/codigo-postal", "/api/esim/paso", "/api/iccid", "/api/imei", "/api/linea", "/consentimiento", "/locales/:param", "/logout", "/sso", "/sso-callback"];

  it("is app/routes' pages: a new route must be listed here or among the routes that are no page", () => {
    const routes = routePatterns(path.resolve(__dirname, "../routes")).map((pattern) => `/${pattern.map((segment) => segment ?? ":param").join("/")}`);
    expect(routes.length).toBeGreaterThan(20);
    expect([...APP_PAGES].sort()).toEqual(routes.filter((route) => !NOT_PAGES.includes(route)).sort());
    for (const route of NOT_PAGES) expect(routes).toContain(route);
  });
});
