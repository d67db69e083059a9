import type { RequestHandler } from "msw";

/** Handlers of the banners upstream. */
export const banners: RequestHandler[] = [];
