import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routePatterns } from "./config/check-routes.server";
import { APP_PAGES, herePath, resolveReturnPath } from "./return-path";

const SITE = "https://bait.mx";

/** Where a browser on our site goes when it follows the value as a link or a Location header. */
const followed = (value: string) => new URL(value, `${SITE}/recargas?x=1`);

// The pieces attackers put together: every way we know to leave the origin, and noise around them.
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("/", "//", "/./", "/.//", "/../", "/\\", "\\", "%2F", "%2f%2F", "%5C", "%5c", "%2e", "%2E%2E/", ".", "..", "?", "#", "@", ":", "https://", "http:", "javascript:", "data:", "\t", "\n", "\r", "\u0000", " ", "\u00a0", "\u2028", "\u3000", "\uff0f", "／", "evil.example", "bait.mx", "recargas", "contacto", "home", "?volver=//evil.example", "&modal=x") },
  { weight: 2, arbitrary: fc.constantFrom(...APP_PAGES) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
);
const hostile = fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(""));

/** What every answer of the helper must be: the fallback, or a path that stays here and is a page. */
function expectSafe(result: string, fallback: string) {
  if (result === fallback) return;
  expect(result).toMatch(/^\/(?![/\\])/);
  expect(result).not.toMatch(/[\u0000-\u0020\u007f-\u009f\\#]/);
  const url = followed(result);
  expect(url.origin).toBe(SITE);
  expect(APP_PAGES).toContain(url.pathname);
  // Already normalised: following it changes nothing.
  expect(url.pathname + url.search).toBe(result);
}

describe("resolveReturnPath", () => {
  it("keeps one of our pages with its query, and drops the parameters asked", () => {
    expect(resolveReturnPath("/recargas?section=internet")).toBe("/recargas?section=internet");
    expect(resolveReturnPath("/cobertura?contacto=telefono&cp=06600", { drop: ["contacto"] })).toBe("/cobertura?cp=06600");
    expect(resolveReturnPath("/recargas/")).toBe("/recargas");
    expect(resolveReturnPath("/recargas/./#arriba")).toBe("/recargas");
    expect(resolveReturnPath("/")).toBe("/");
  });

  it.each([
    ["//evil.example", "protocol-relative"],
    ["//evil.example/recargas", "protocol-relative with a path"],
    ["/.//evil.example", "a dot segment before the double slash (new URL turns it into //evil.example)"],
    ["/./../..//evil.example", "dot segments that climb to a double slash"],
    ["/recargas/..//evil.example", "a page, then up and out"],
    ["/\\evil.example", "a backslash, read as a slash"],
    ["\\\\evil.example", "two backslashes"],
    ["/%2F%2Fevil.example", "encoded slashes"],
    ["%2F%2Fevil.example", "encoded slashes without a leading one"],
    ["/%5Cevil.example", "an encoded backslash"],
    ["https://evil.example/recargas", "an absolute URL"],
    ["https:evil.example", "a scheme without slashes"],
    ["javascript:alert(1)", "a script URL"],
    ["/\t/evil.example", "a tab the parser drops"],
    ["/\n/evil.example", "a newline the parser drops"],
    ["/\r\n/evil.example", "a CR LF the parser drops"],
    [" //evil.example", "leading space"],
    ["/recargas\u0000", "a NUL"],
    ["/no-existe", "a path of ours that is no page"],
    ["/api/linea", "an API, not a page"],
    ["", "nothing"],
  ])("refuses %j (%s)", (value) => {
    expect(resolveReturnPath(value)).toBe("/");
    expect(resolveReturnPath(value, { fallback: "/home" })).toBe("/home");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, { toString: () => "/recargas" }, ["/recargas"]]) expect(resolveReturnPath(value)).toBe("/");
  });

  it("answers the fallback or one of our pages, whatever it is given (property)", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        expectSafe(resolveReturnPath(value), "/");
        expectSafe(resolveReturnPath(value, { fallback: "/home", drop: ["modal"] }), "/home");
      }),
      { numRuns: 5_000 },
    );
  });

  it("keeps a page whatever query follows it, never letting the query change where it goes (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...APP_PAGES), hostile, (page, query) => {
        const result = resolveReturnPath(`${page}?${query}`);
        expectSafe(result, "/");
        if (!/[\u0000-\u0020\u007f-\u009f\\]/.test(query)) expect(followed(result).pathname).toBe(page);
      }),
      { numRuns: 2_000 },
    );
  });

  it("asks the caller's list of pages, after normalising", () => {
    const seen: string[] = [];
    const isKnownPage = (pathname: string) => (seen.push(pathname), pathname === "/promociones");
    expect(resolveReturnPath("/promociones/?a=1", { isKnownPage })).toBe("/promociones?a=1");
    expect(resolveReturnPath("/.//promociones", { isKnownPage })).toBe("/");
    expect(seen).toEqual(["/promociones"]);
  });
});

describe("herePath (links built from the page's own URL)", () => {
  it("keeps the page shown, any path of ours, without the parameters dropped", () => {
    expect(herePath({ pathname: "/promociones", search: "?modal=x&a=1" }, ["modal"])).toBe("/promociones?a=1");
    expect(herePath({ pathname: "/esta-pagina-no-existe", search: "" })).toBe("/esta-pagina-no-existe");
  });

  it("sends home the 404 at //evil.example and its variants", () => {
    // What new URL(request.url) gives for `GET //evil.example?modal=x` and `GET /.//evil.example`.
    const request = new URL("http://localhost:3000/.//evil.example?modal=x");
    expect(request.host).toBe("localhost:3000");
    expect(herePath(request)).toBe("/");
    expect(herePath({ pathname: "//evil.example", search: "?modal=x" }, ["modal"])).toBe("/");
    expect(herePath({ pathname: "/\\evil.example", search: "" })).toBe("/");
  });

  it("never builds a link that leaves the site (property)", () => {
    fc.assert(
      fc.property(hostile, hostile, (pathname, search) => {
        const result = herePath({ pathname, search: `?${search}` }, ["modal"]);
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(followed(result).origin).toBe(SITE);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("APP_PAGES", () => {
  // Routes that are no page to come back to: they only redirect, answer JSON or take posts.
  const NOT_PAGES = ["/api/codigo-postal", "/api/esim/paso", "/api/iccid", "/api/imei", "/api/linea", "/consentimiento", "/logout", "/sso", "/sso-callback"];

  it("is app/routes' pages: a new route must be listed here or among the routes that are no page", () => {
    const routes = routePatterns(path.resolve(__dirname, "../routes")).map((pattern) => `/${pattern.map((segment) => segment ?? ":param").join("/")}`);
    expect(routes.length).toBeGreaterThan(20);
    expect([...APP_PAGES].sort()).toEqual(routes.filter((route) => !NOT_PAGES.includes(route)).sort());
    for (const route of NOT_PAGES) expect(routes).toContain(route);
  });
});
