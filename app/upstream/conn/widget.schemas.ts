import * as z from "zod";

/** Wire schemas of the discovery widget's CDN: GET /conn/page/api/app/cdn (header hide: true). */

/** Looser than the config schema (schemas/config/widget.ts): a real CDN may send absolute URLs. */
export const cdnItem = z.object({
  id: z.string().min(1),
  tipo: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  brand: z.string(),
  brand_app: z.string(),
  button: z.string(),
  link: z.string(),
  media: z.string().optional(),
  thumbnail: z.string(),
  visible: z.boolean(),
  estatus: z.string(),
});

export const cdnResponse = z.object({
  change_date: z.string(),
  version: z.string(),
  services: z.array(cdnItem),
  service_order: z.array(z.string()),
  stores: z.array(cdnItem),
  stores_order: z.array(z.string()),
});
