import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/ (applied by `npm ci`'s postinstall, patch-package): the server flattens and ranks each
 * of its route trees once, and compiles each route path once, instead of on every route match
 * (docs/performance.md "The signed-in /home"). The modules as the server loads them (Node's
 * `require`, the packages' CommonJS builds).
 */
const require = createRequire(import.meta.url);
type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
const router = require("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string | { pathname: string }, basename?: string) => Match[] | null;
  matchPath: (pattern: string | { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string) => { params: object; pathname: string; pathnameBase: string } | null;
  createStaticHandler: (routes: Route[], opts?: object) => { dataRoutes: Route[]; query: (request: Request) => Promise<{ matches: Match[] } | Response> };
  UNSAFE_precomputeRouteBranches?: (routes: Route[]) => Route[];
  UNSAFE_hasPrecomputedRouteBranches?: (routes: Route[]) => boolean;
};

/** A tree with what the app's routes have (a root layout, index, params, a splat, pathless and absolute children) and more. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "home", path: "home" },
        { id: "recargas", path: "recargas" },
        { id: "pago", path: "pago" },
        { id: "pago_.completado", path: "pago/completado" },
        { id: "r.$id", path: "r/:id" },
        { id: "locales.$file", path: "locales/:file" },
        { id: "optional", path: "lang/:lang?/ayuda" },
        { id: "Case", path: "Mayus", caseSensitive: true },
        { id: "layout", children: [{ id: "inside", path: "dentro" }, { id: "abs", path: "/absoluta/ruta" }] },
        { id: "nested", path: "cuenta", children: [{ id: "nested.index", index: true }, { id: "nested.$x", path: ":x" }, { id: "nested.*", path: "*" }] },
        { id: "$", path: "*" },
      ],
    },
  ];
}
const PATHS = ["/", "/home", "/home/", "/HOME", "/recargas", "/pago", "/pago/completado", "/r/abc", "/r/a%20b", "/r/", "/locales/customer.json", "/lang/ayuda", "/lang/es/ayuda", "/Mayus", "/mayus", "/dentro", "/absoluta/ruta", "/cuenta", "/cuenta/", "/cuenta/7", "/cuenta/7/8", "/nada/de/nada", "/%E2%9C%93"];
const plain = (matches: Match[] | null) => matches?.map((match) => ({ id: match.route.id, params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase })) ?? null;

describe("route matching, flattened and ranked once (patches/@remix-run+router)", () => {
  it("is patched in the copy the server loads", () => {
    expect(typeof router.UNSAFE_precomputeRouteBranches, "npm ci applies patches/ (postinstall: patch-package)").toBe("function");
    expect(typeof router.UNSAFE_hasPrecomputedRouteBranches).toBe("function");
  });

  it("matches every path as a tree flattened on each call does", () => {
    const once = router.UNSAFE_precomputeRouteBranches!(tree());
    expect(router.UNSAFE_hasPrecomputedRouteBranches!(once)).toBe(true);
    for (let round = 0; round < 2; round += 1) {
      for (const path of PATHS) {
        const fresh = tree();
        expect(router.UNSAFE_hasPrecomputedRouteBranches!(fresh)).toBe(false);
        expect(plain(router.matchRoutes(once, path)), path).toEqual(plain(router.matchRoutes(fresh, path)));
        expect(plain(router.matchRoutes(once, `/base${path}`, "/base")), `/base${path}`).toEqual(plain(router.matchRoutes(fresh, `/base${path}`, "/base")));
      }
    }
  });

  it("remembers the branch a pathname matched, and still answers as a fresh tree when more pathnames than it keeps come", () => {
    const once = router.UNSAFE_precomputeRouteBranches!(tree());
    const many = Array.from({ length: 2_500 }, (_, index) => (index % 3 === 0 ? `/r/${index}` : index % 3 === 1 ? `/cuenta/${index}/x` : `/otra/${index}`));
    for (const path of [...many, ...PATHS, ...many.slice(0, 100), ...PATHS]) expect(plain(router.matchRoutes(once, path)), path).toEqual(plain(router.matchRoutes(tree(), path)));
  });

  it("answers with the routes of the array it was given", () => {
    const routes = router.UNSAFE_precomputeRouteBranches!(tree());
    const matches = router.matchRoutes(routes, "/cuenta/7")!;
    expect(matches.map((match) => match.route)).toEqual([routes[0], routes[0]!.children![10], routes[0]!.children![10]!.children![1]]);
    expect(matches[0]!.route).toBe(routes[0]);
    // A match's params are its own, not shared with the next call's.
    matches[2]!.params.x = "changed";
    expect(router.matchRoutes(routes, "/cuenta/7")![2]!.params.x).toBe("7");
  });

  it("leaves an array that was not precomputed to be flattened on every call, so a route added to it counts", () => {
    const routes = tree();
    expect(router.matchRoutes(routes, "/nueva")!.at(-1)!.route.id).toBe("$");
    routes[0]!.children!.push({ id: "nueva", path: "nueva" });
    expect(router.matchRoutes(routes, "/nueva")!.at(-1)!.route.id).toBe("nueva");
  });

  it("compiles a path once and matches as before: case, end, params, splat", () => {
    const cases: Array<[Parameters<typeof router.matchPath>[0], string]> = [
      ["/r/:id", "/r/9"],
      ["/r/:id", "/R/9"],
      [{ path: "/Mayus", caseSensitive: true }, "/mayus"],
      [{ path: "/Mayus", caseSensitive: true }, "/Mayus"],
      [{ path: "/Mayus", caseSensitive: false }, "/mayus"],
      [{ path: "/cuenta", end: false }, "/cuenta/7"],
      [{ path: "/cuenta", end: true }, "/cuenta/7"],
      ["/cuenta/*", "/cuenta/7/8"],
      ["/lang/:lang?/ayuda", "/lang/ayuda"],
      ["/lang/:lang?/ayuda", "/lang/es/ayuda"],
    ];
    const first = cases.map(([pattern, pathname]) => router.matchPath(pattern, pathname));
    const again = cases.map(([pattern, pathname]) => router.matchPath(pattern, pathname));
    expect(again).toEqual(first);
    expect(first.map((match) => match && { params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase })).toEqual([
      { params: { id: "9" }, pathname: "/r/9", pathnameBase: "/r/9" },
      { params: { id: "9" }, pathname: "/R/9", pathnameBase: "/R/9" },
      null,
      { params: {}, pathname: "/Mayus", pathnameBase: "/Mayus" },
      { params: {}, pathname: "/mayus", pathnameBase: "/mayus" },
      { params: {}, pathname: "/cuenta", pathnameBase: "/cuenta" },
      null,
      { params: { "*": "7/8" }, pathname: "/cuenta/7/8", pathnameBase: "/cuenta" },
      { params: { lang: undefined }, pathname: "/lang/ayuda", pathnameBase: "/lang/ayuda" },
      { params: { lang: "es" }, pathname: "/lang/es/ayuda", pathnameBase: "/lang/es/ayuda" },
    ]);
  });

  it("the static handler flattens its routes once, and its query matches as before", async () => {
    const handler = router.createStaticHandler(tree());
    expect(router.UNSAFE_hasPrecomputedRouteBranches!(handler.dataRoutes)).toBe(true);
    for (const path of ["/home", "/cuenta/7", "/r/abc", "/nada"]) {
      const context = await handler.query(new Request(`http://localhost${path}`));
      if (context instanceof Response) throw new Error(`${path}: a response`);
      expect(plain(context.matches), path).toEqual(plain(router.matchRoutes(tree(), path)));
    }
  });
});

describe("Remix's server and render routes (patches/@remix-run+server-runtime, @remix-run+react, react-router-dom)", () => {
  it("the render's static router converts a precomputed routes array once and keeps its branches", () => {
    const { createStaticRouter } = require("react-router-dom/server") as { createStaticRouter: (routes: Route[], context: object) => { routes: Route[] } };
    const context = { basename: "/", location: { pathname: "/home" }, matches: [], loaderData: {}, actionData: null, errors: null };
    const routes = router.UNSAFE_precomputeRouteBranches!(tree());
    const first = createStaticRouter(routes, context).routes;
    expect(createStaticRouter(routes, context).routes).toBe(first);
    expect(router.UNSAFE_hasPrecomputedRouteBranches!(first)).toBe(true);
    // Any other routes array is converted on every call, as before.
    const other = tree();
    expect(createStaticRouter(other, context).routes).not.toBe(createStaticRouter(other, context).routes);
  });
});
