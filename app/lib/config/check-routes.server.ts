import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";

/** A URL pattern of app/routes: a string is a literal segment, null is a `$param`. */
export type RoutePattern = ReadonlyArray<string | null>;

const routeModule = /\.(tsx|ts|jsx|js|mdx|md)$/;

export function routePatterns(routesDir: string): RoutePattern[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(routesDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const ids: string[] = [];
  for (const entry of entries) {
    // Same exclusions as ignoredRouteFiles in remix.config.js.
    if (entry.name.startsWith(".") || /\.test\.(tsx|ts)$/.test(entry.name)) continue;
    if (entry.isDirectory()) {
      const inside = readdirSync(path.join(routesDir, entry.name));
      if (inside.some((name) => /^(route|index)\.(tsx|ts|jsx|js|mdx|md)$/.test(name))) ids.push(entry.name);
    } else if (routeModule.test(entry.name)) {
      ids.push(entry.name.replace(routeModule, ""));
    }
  }
  return ids.flatMap(patternsOfRoute);
}

/**
 * `api.locales.$ns` → [api, locales, null]. Splats give nothing: a catch-all proves no path
 * exists. A pathless layout alone (`_auth`) matches nothing either.
 */
function patternsOfRoute(id: string): RoutePattern[] {
  let variants: Array<Array<string | null>> = [[]];
  let matches = false;
  for (let raw of splitRouteId(id)) {
    if (raw === "_index") {
      matches = true;
      continue;
    }
    if (raw.startsWith("_")) continue;
    if (raw.endsWith("_")) raw = raw.slice(0, -1);
    const optional = raw.startsWith("(") && raw.endsWith(")");
    if (optional) raw = raw.slice(1, -1);
    if (raw === "$") return [];
    const segment = raw.startsWith("$") ? null : raw.replace(/\[([^\]]*)\]/g, "$1");
    matches = true;
    variants = optional ? variants.flatMap((variant) => [variant, [...variant, segment]]) : variants.map((variant) => [...variant, segment]);
  }
  return matches ? variants : [];
}

/** Splits on the dots that are not escaped inside `[…]`. */
function splitRouteId(id: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of id) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}
