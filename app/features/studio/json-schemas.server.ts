import banners from "#schemas/json/banners.schema.json";
import flags from "#schemas/json/flags.schema.json";
import modal from "#schemas/json/modal.schema.json";
import page from "#schemas/json/page.schema.json";
import recharges from "#schemas/json/recharges.schema.json";
import site from "#schemas/json/site.schema.json";
import widget from "#schemas/json/widget.schema.json";
import type { ConfigKind } from "~/lib/config/files";

/**
 * The JSON Schema of each kind of config file, as `npm run config:schemas` writes it: the studio's
 * forms are generated from it, and its validators (schemas/validators/) were compiled from this very
 * object, so the browser must receive it unchanged.
 */
export const jsonSchemas: Record<ConfigKind, object> = { site, flags, widget, recharges, page, modal, banners };
