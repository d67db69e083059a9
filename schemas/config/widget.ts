import * as z from "zod";
import { href, localPath, nonEmpty } from "./common";

/** The discovery widget, with the field names of the operator's CDN (docs/config.md). */
export const widgetItem = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  tipo: z.union([z.literal(1), z.literal(2)], { error: "tipo es 1 (servicio) o 2 (tienda)" }),
  name: nonEmpty,
  title: nonEmpty,
  tagline: z.string(),
  description: nonEmpty,
  brand: z.string(),
  brand_app: z.string(),
  button: nonEmpty,
  link: href,
  media: localPath.optional(),
  thumbnail: localPath,
  visible: z.boolean(),
  estatus: z.enum(["activo", "inactivo"]),
});
export type WidgetItem = z.infer<typeof widgetItem>;

export const widgetConfig = z
  .object({
    version: nonEmpty,
    change_date: z.iso.date(),
    services: z.array(widgetItem),
    service_order: z.array(z.string()),
    stores: z.array(widgetItem),
    stores_order: z.array(z.string()),
  })
  .superRefine((config, ctx) => {
    const check = (list: "services" | "stores", order: "service_order" | "stores_order", tipo: 1 | 2) => {
      const ids = new Set(config[list].map((item) => item.id));
      config[order].forEach((id, index) => {
        if (!ids.has(id)) ctx.addIssue({ code: "custom", path: [order, index], message: `«${id}» no existe en ${list}` });
      });
      config[list].forEach((item, index) => {
        if (item.tipo !== tipo) ctx.addIssue({ code: "custom", path: [list, index, "tipo"], message: `en ${list} el tipo debe ser ${tipo}` });
      });
    };
    check("services", "service_order", 1);
    check("stores", "stores_order", 2);
  });
export type WidgetConfig = z.infer<typeof widgetConfig>;
