import * as z from "zod";
import { flagName } from "./flags";
import { localPath, nonEmpty } from "./common";

/**
 * A page definition. Blocks are validated one by one (see blocks.ts) so that an unknown or
 * broken block can be skipped at run time while the rest of the page still renders.
 */
export const pageAccess = z.enum(["public", "guest", "customer"]);
export type PageAccess = z.infer<typeof pageAccess>;

export const pageDefinition = z.object({
  /** The URL path; `{product}` stands for the brand slug (`/{product}-prepago` is /bait-prepago). */
  path: localPath,
  title: nonEmpty,
  description: nonEmpty.max(160, "la descripción para buscadores no debe pasar de 160 caracteres"),
  heading: nonEmpty,
  /** public: anyone; guest: anonymous only (customers go to /home); customer: logged-in only. */
  access: pageAccess.default("public"),
  /** For customer pages: where an anonymous visitor goes. `login` remembers where they came from. */
  onAnonymous: z.enum(["home", "login"]).default("home"),
  /** The page answers only when this flag is on for the visitor; otherwise it redirects to /. */
  flag: flagName.optional(),
  /** Banner view; defaults to the last path segment (inicio for /). */
  bannerView: z.string().optional(),
  /** Kept loose here: each block is parsed on its own against the block union. */
  blocks: z.array(z.looseObject({ type: z.string() })).min(1, "una página necesita al menos un bloque"),
});
export type PageDefinition = z.infer<typeof pageDefinition>;
