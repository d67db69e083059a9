// The HTTP side of the metrics (docs/operations.md "Metrics"): each answered request is observed
// under its route pattern (the Remix route id the path matches, or the server's own name for what
// it answers itself), never its path; and `GET /metrics` on the site's port for a Bearer token
// (server/metrics-endpoint.mjs), else the site's 404.
import { createRequire } from "node:module";
import type { NextFunction, Request, Response } from "express";
import { observeRequest } from "../app/lib/metrics.server";
import { carriesToken, metricsText } from "./metrics-endpoint.mjs";

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type RouteNode = RouteEntry & { children?: RouteNode[] };
type Match = { route: RouteNode };
// The router as the server loads it (its CommonJS build, patched to rank a route tree once: patches/).
const router = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: RouteNode[], pathname: string) => Match[] | null;
  UNSAFE_precomputeRouteBranches?: (routes: RouteNode[]) => RouteNode[];
};

/** The server's own answers, by path: their names as route labels. */
const OWN: Record<string, string> = { "/healthz": "healthz", "/readyz": "readyz", "/estado-config": "config-status", "/metrics": "metrics" };

function treeOf(routes: Record<string, RouteEntry | undefined>): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  const top: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  router.UNSAFE_precomputeRouteBranches?.(top);
  return top;
}

/**
 * A request's route label: the id of the deepest Remix route its path matches (`routes/r.$id`,
 * never `/r/abc123`; a single-fetch `.data` path as its page), a name of the server's own
 * (`healthz`, `static`, `mocks`…), or `unmatched`. One route tree per build, ranked once.
 */
export function routeLabeller(routesOf: () => Record<string, RouteEntry | undefined>) {
  const trees = new WeakMap<object, RouteNode[]>();
  return (pathname: string): string => {
    const own = OWN[pathname];
    if (own) return own;
    if (pathname.startsWith("/__mocks/")) return "mocks";
    const routes = routesOf();
    let tree = trees.get(routes);
    if (!tree) trees.set(routes, (tree = treeOf(routes)));
    const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
    const matches = router.matchRoutes(tree, page);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };
}

/** Records the answered request (called once its answer is out, with the time it started). */
export function observeAnswer(method: string, route: string, status: number, started: bigint): void {
  observeRequest(method, route, status, Number(process.hrtime.bigint() - started) / 1e9);
}

/** Marks what a middleware answers itself (a file of public/) with a route label of its own; cleared if it passes the request on. */
export function answeredAs(label: string, handler: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = label;
    handler(req, res, (error?: unknown) => {
      delete res.locals.route;
      next(error);
    });
  };
}

/** `GET /metrics` on the site's port: the metrics for METRICS_TOKEN's bearer, the site's 404 for anyone else. */
export function metricsRoute(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!carriesToken(req.headers.authorization, token)) return next();
    metricsText().then(
      (text) => {
        res.setHeader("Cache-Control", "no-store");
        res.type("text/plain; version=0.0.4; charset=utf-8").send(text);
      },
      () => res.status(503).type("text/plain").send("Métricas no disponibles\n"),
    );
  };
}
