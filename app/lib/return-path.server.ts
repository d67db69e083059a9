import { findPage } from "./config/config.server";
import { resolveReturnPath, type ReturnPathOptions } from "./return-path";

/**
 * The page routes of app/routes a visitor may be sent back to (return-path.server.test.ts keeps
 * this list equal to app/routes minus the APIs, the routes that only redirect and the studio's).
 * The studio's pages (/estudio and below, a staff tool) are not among them: a customer's login,
 * consent or preview never lands there; the studio's sign-in accepts them on top of these
 * (studioReturnPath, app/features/studio/auth/access.server.ts). Kept here, not in
 * return-path.ts: the browser never needs it.
 */
export const APP_PAGES: readonly string[] = [
  "/",
  "/bait-pospago",
  "/cambiate-a-bait",
  "/cambio-nir",
  "/centros-de-atencion",
  "/cobertura",
  "/compatibilidad",
  "/completar-registro",
  "/confirmar-identidad",
  "/contacto",
  "/e-sim",
  "/editar-perfil",
  "/factura",
  "/haz-tu-portabilidad",
  "/home",
  "/login",
  "/pago",
  "/pago/completado",
  "/pide-recarga",
  "/r/:param",
  "/recargar-de-nuevo",
  "/recargas",
  "/recuperacion",
  "/recurrente",
  "/registro",
  "/reposicion-sim",
  "/vista-previa",
];

/** The routes with a parameter (`/r/:param`, a 'Pide tu recarga' link): any one segment in its place. */
const PARAM_PAGES = APP_PAGES.filter((page) => page.includes("/:")).map((page) => new RegExp(`^${page.replace(/\/:param/g, "/[^/]+")}$`));

/** One of our pages: an app route, or a page of pages-config/ as the config store has it now. */
export const isKnownPage = (pathname: string) => APP_PAGES.includes(pathname) || PARAM_PAGES.some((page) => page.test(pathname)) || findPage(pathname) !== undefined;

/** resolveReturnPath (return-path.ts) with our pages: every redirect or 'volver' link built from the request uses it. */
export function returnPath(value: unknown, options: Omit<ReturnPathOptions, "isKnownPage"> = {}): string {
  return resolveReturnPath(value, { ...options, isKnownPage });
}
