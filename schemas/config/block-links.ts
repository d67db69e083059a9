import * as z from "zod";
import { refusedLinks } from "./rich-links";

/**
 * A block of a page or a modal as the page's schema sees it: kept loose (each block is parsed on
 * its own against its type's schema), but any `[texto](…)` link in any of its strings must lead
 * somewhere `linkHrefAllowed` accepts: a refused one is an issue at its field, in Spanish.
 */
export const blockWithLinks = z.looseObject({ type: z.string() }).superRefine((block, ctx) => {
  for (const { path, message } of refusedLinks(block)) ctx.addIssue({ code: "custom", path, message });
});
