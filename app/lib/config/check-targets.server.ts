import { statSync } from "node:fs";
import path from "node:path";
import type { ConfigProblem } from "./problems";
import { routePatterns, type RoutePattern } from "./check-routes.server";

/** A path written in the config. `link` is a page, a route or a public file; the rest are files in public/. */
export type Reference = { file: string; path: string; target: string; as: "link" | "pdf" | "image" | "media" };

export const deadLink = (pathname: string) =>
  `la ruta local «${pathname}» no existe (ni página en pages-config/pages ni ruta en app/routes ni archivo en public/)`;

/** What a local path may lead to: a page of pages-config, a route of app/routes, a file of public/. */
export class Targets {
  readonly pageFiles = new Map<string, string>();
  private routes: RoutePattern[];
  private publicFiles = new Map<string, boolean>();

  constructor(
    private publicDir: string,
    routesDir: string,
    private slug: string,
    pagePaths: ReadonlyArray<{ file: string; path: string }>,
  ) {
    for (const page of pagePaths) {
      const pathname = this.pathname(page.path);
      if (pathname && !this.pageFiles.has(pathname)) this.pageFiles.set(pathname, page.file);
    }
    this.routes = routePatterns(routesDir);
  }

  /** A local path with `{product}` resolved, without query, hash or trailing slash; null for external links. */
  pathname(target: string): string | null {
    if (!target.startsWith("/") || target.startsWith("//")) return null;
    const pathname = target.replaceAll("{product}", this.slug).replace(/[?#].*$/s, "");
    return pathname.replace(/\/+$/, "") || "/";
  }

  verify(reference: Reference): ConfigProblem | null {
    const pathname = this.pathname(reference.target);
    if (!pathname) return null;
    const at = { file: reference.file, path: reference.path };
    if (reference.as === "pdf" || /\.pdf$/i.test(pathname)) {
      return this.isPublicFile(pathname) ? null : { ...at, message: `el PDF «${pathname}» no existe en public/` };
    }
    if (reference.as === "image") return this.isPublicFile(pathname) ? null : { ...at, message: `la imagen «${pathname}» no existe en public/` };
    if (reference.as === "media") return this.isPublicFile(pathname) ? null : { ...at, message: `el archivo «${pathname}» no existe en public/` };
    return this.isReal(pathname) ? null : { ...at, message: deadLink(pathname) };
  }

  isReal(pathname: string): boolean {
    return this.pageFiles.has(pathname) || this.isRoute(pathname) || this.isPublicFile(pathname);
  }

  private isRoute(pathname: string): boolean {
    const segments = pathname.split("/").filter(Boolean).map(decode);
    return this.routes.some(
      (pattern) => pattern.length === segments.length && pattern.every((segment, index) => segment === null || segment === segments[index]),
    );
  }

  private isPublicFile(pathname: string): boolean {
    let known = this.publicFiles.get(pathname);
    if (known === undefined) {
      const root = path.resolve(this.publicDir);
      const full = path.join(root, decode(pathname));
      try {
        known = full.startsWith(root + path.sep) && statSync(full).isFile();
      } catch {
        known = false;
      }
      this.publicFiles.set(pathname, known);
    }
    return known;
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
