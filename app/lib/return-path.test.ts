import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { herePath, resolveReturnPath } from "./return-path";
import { APP_PAGES, isKnownPage, returnPath } from "./return-path.server";

const SITE = "https://bait.mx";

/** Where a browser on our site goes when it follows the value as a link or a Location header. */
const followed = (value: string) => new URL(value, `${SITE}/recargas?x=1`);

// The app's routes and two pages of pages-config/ (one of them written with `{product}`).
const PAGES = [...APP_PAGES, "/promociones", "/bait-prepago"];

// The pieces attackers put together: every way we know to leave the origin, and noise around them.
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("/", "//", "/./", "/.//", "/../", "/\\", "\\", "%2F", "%2f%2F", "%5C", "%5c", "%2e", "%2E%2E/", ".", "..", "?", "#", "@", ":", "https://", "http:", "javascript:", "data:", "\t", "\n", "\r", "\u0000", " ", "\u00a0", "\u2028", "\u3000", "\uff0f", "／", "evil.example", "bait.mx", "recargas", "contacto", "home", "?volver=//evil.example", "&modal=x") },
  { weight: 2, arbitrary: fc.constantFrom(...PAGES) },
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
  expect(isKnownPage(url.pathname)).toBe(true);
  // Already normalised: following it changes nothing.
  expect(url.pathname + url.search).toBe(result);
}

describe("returnPath", () => {
  it("keeps one of our pages with its query, and drops the parameters asked", () => {
    expect(returnPath("/recargas?section=internet")).toBe("/recargas?section=internet");
    expect(returnPath("/cobertura?contacto=telefono&cp=06600", { drop: ["contacto"] })).toBe("/cobertura?cp=06600");
    expect(returnPath("/recargas/")).toBe("/recargas");
    expect(returnPath("/recargas/./#arriba")).toBe("/recargas");
    expect(returnPath("/")).toBe("/");
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
    expect(returnPath(value)).toBe("/");
    expect(returnPath(value, { fallback: "/home" })).toBe("/home");
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, { toString: () => "/recargas" }, ["/recargas"]]) expect(returnPath(value)).toBe("/");
  });

  it("answers the fallback or one of our pages, whatever it is given (property)", () => {
    fc.assert(
      fc.property(hostile, (value) => {
        expectSafe(returnPath(value), "/");
        expectSafe(returnPath(value, { fallback: "/home", drop: ["modal"] }), "/home");
      }),
      { numRuns: 5_000 },
    );
  });

  it("keeps a page whatever query follows it, never letting the query change where it goes (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAGES), hostile, (page, query) => {
        const result = returnPath(`${page}?${query}`);
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
    // The parser reads `\\` as `/`: the pathname the page sees is `//evil.example`.
    expect(herePath(new URL("http://localhost:3000/\\evil.example?cookies=opciones"))).toBe("/");
  });

  it("never builds a link that leaves the site, whatever request line it was read from (property)", () => {
    fc.assert(
      fc.property(hostile, (target) => {
        // As the server reads a request (the Remix adapter parses origin + the request line); the
        // browser's location is the same parser's output.
        let location: URL;
        try {
          location = new URL(`http://localhost:3000${target.startsWith("/") ? "" : "/"}${target}`);
        } catch {
          return;
        }
        if (location.host !== "localhost:3000") return;
        const result = herePath(location, ["modal"]);
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(followed(result).origin).toBe(SITE);
      }),
      { numRuns: 5_000 },
    );
  });
});
