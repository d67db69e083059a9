import { findPage } from "./config/config.server";
import { isAppPage, resolveReturnPath, type ReturnPathOptions } from "./return-path";

/** One of our pages: an app route, or a page of pages-config/ as the config store has it now. */
export const isKnownPage = (pathname: string) => isAppPage(pathname) || findPage(pathname) !== undefined;

/** resolveReturnPath (return-path.ts) with the config pages: every redirect or 'volver' link built from the request uses it. */
export function returnPath(value: unknown, options: Omit<ReturnPathOptions, "isKnownPage"> = {}): string {
  return resolveReturnPath(value, { ...options, isKnownPage });
}
