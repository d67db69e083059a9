import * as z from "zod";
import { blockWithLinks } from "./block-links";
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
  path: localPath.meta({ description: "La dirección de la página; {product} es la marca (/{product}-prepago es /bait-prepago).", examples: ["/recargas"] }),
  title: nonEmpty.meta({ description: "Título de la pestaña del navegador y de los buscadores.", examples: ["Recargas Bait | Elige tu recarga"] }),
  description: nonEmpty
    .max(160, "la descripción para buscadores no debe pasar de 160 caracteres")
    .meta({ description: "Descripción para buscadores, hasta 160 caracteres.", examples: ["Recarga tu línea Bait desde $50 con datos, llamadas y SMS."] }),
  heading: nonEmpty.meta({ description: "El título principal (h1) de la página.", examples: ["Recargas"] }),
  /** public: anyone; guest: anonymous only (customers go to /home); customer: logged-in only. */
  access: pageAccess.default("public").meta({ description: "Quién la ve: public (todos), guest (solo sin sesión) o customer (solo clientes con sesión).", examples: ["public"] }),
  /** For customer pages: where an anonymous visitor goes. `login` remembers where they came from. */
  onAnonymous: z.enum(["home", "login"]).default("home").meta({ description: "En páginas de clientes, a dónde va quien no tiene sesión: home (inicio) o login (y vuelve aquí al entrar).", examples: ["login"] }),
  /** The page answers only when this flag is on for the visitor; otherwise it redirects to /. */
  flag: flagName.optional().meta({ description: "La página existe solo si este flag está encendido para el visitante; si no, lleva al inicio.", examples: ["e-sim"] }),
  /** Banner view; defaults to the last path segment (inicio for /). */
  bannerView: z.string().optional().meta({ description: "Qué banners muestra (banners/<vista>.json); por omisión el último segmento de la ruta (inicio para /).", examples: ["recargas"] }),
  /** Kept loose here: each block is parsed on its own against the block union. */
  blocks: z
    .array(blockWithLinks)
    .min(1, "una página necesita al menos un bloque")
    .meta({ description: "Los bloques de la página, en orden; cada uno con su type (hero, richText, offers…) y sus campos." }),
});
export type PageDefinition = z.infer<typeof pageDefinition>;
