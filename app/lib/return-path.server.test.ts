import path from "node:path";
import { describe, expect, it } from "vitest";
import { isStudioPath } from "~/features/studio/auth/urls";
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
  // (/estudio/salir: the studio's sign-out, POST only.)
  const NOT_PAGES = ["/api/codigo-postal", "/api/esim/paso", "/api/iccid", "/api/imei", "/api/linea", "/consentimiento", "/estudio/salir", "/locales/:param", "/logout", "/sso", "/sso-callback"];
  // The studio's pages: a staff tool with its own return paths (studioReturnPath in
  // app/features/studio/auth/access.server.ts), never where the customer site sends a visitor back.
  const STUDIO_PAGES = ["/estudio", "/estudio/documento", "/estudio/entrar", "/estudio/versiones", "/estudio/versiones/:param"];

  it("is app/routes' pages: a new route must be listed here, among the studio's pages or among the routes that are no page", () => {
    const routes = routePatterns(path.resolve(__dirname, "../routes")).map((pattern) => `/${pattern.map((segment) => segment ?? ":param").join("/")}`);
    expect(routes.length).toBeGreaterThan(20);
    const listed = [...NOT_PAGES, ...STUDIO_PAGES];
    expect([...APP_PAGES].sort()).toEqual(routes.filter((route) => !listed.includes(route)).sort());
    for (const route of listed) expect(routes).toContain(route);
  });

  it("leaves the studio's pages to the studio: the customer site's return paths never go there", () => {
    for (const route of [...STUDIO_PAGES, "/estudio/salir"]) {
      const pathname = route.replace(":param", "3");
      expect(isStudioPath(pathname)).toBe(true);
      expect(isKnownPage(pathname)).toBe(false);
      expect(returnPath(pathname, { fallback: "/home" })).toBe("/home");
    }
  });
});
