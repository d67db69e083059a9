import * as z from "zod";
import { href, localPath, nonEmpty } from "./common";

/** The discovery widget, with the field names of the operator's CDN (docs/config.md). */
export const widgetItem = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/).meta({ description: "Identificador: minúsculas, números y guiones; el orden lo cita.", examples: ["bait-musica"] }),
  tipo: z.union([z.literal(1), z.literal(2)], { error: "tipo es 1 (servicio) o 2 (tienda)" }).meta({ description: "1 servicio (en services) o 2 tienda (en stores).", examples: [1] }),
  name: nonEmpty.meta({ description: "Nombre corto del elemento.", examples: ["Recargas"] }),
  title: nonEmpty.meta({ description: "Título de su tarjeta.", examples: ["Recarga en línea"] }),
  tagline: z.string().meta({ description: "Frase corta bajo el título (puede ir vacía).", examples: ["Desde $50"] }),
  description: nonEmpty.meta({ description: "Descripción del elemento.", examples: ["Recarga tu línea Bait con tarjeta o PayPal."] }),
  brand: z.string().meta({ description: "La marca del servicio o tienda (puede ir vacía).", examples: ["Bait"] }),
  brand_app: z.string().meta({ description: "El nombre de su app (puede ir vacío).", examples: ["Mi Bait"] }),
  button: nonEmpty.meta({ description: "El texto de su botón.", examples: ["Recargar"] }),
  link: href.meta({ description: "A dónde lleva el botón: ruta del sitio o dirección https://.", examples: ["/recargas"] }),
  media: localPath.optional().meta({ description: "Imagen grande, un archivo de public/ (opcional).", examples: ["/images/widget/recargas.svg"] }),
  thumbnail: localPath.meta({ description: "Miniatura, un archivo de public/.", examples: ["/images/widget/recargas-mini.svg"] }),
  visible: z.boolean().meta({ description: "false: no se muestra.", examples: [true] }),
  estatus: z.enum(["activo", "inactivo"]).meta({ description: "activo o inactivo (inactivo no se muestra).", examples: ["activo"] }),
});
export type WidgetItem = z.infer<typeof widgetItem>;

export const widgetConfig = z
  .object({
    version: nonEmpty.meta({ description: "La versión de esta configuración (informativa).", examples: ["1.4.0"] }),
    change_date: z.iso.date().meta({ description: "Fecha del último cambio, AAAA-MM-DD.", examples: ["2026-03-01"] }),
    services: z.array(widgetItem).meta({ description: "Los servicios (tipo 1)." }),
    service_order: z.array(z.string()).meta({ description: "El orden de los servicios: sus id.", examples: [["bait-musica", "cobertura"]] }),
    stores: z.array(widgetItem).meta({ description: "Las tiendas (tipo 2)." }),
    stores_order: z.array(z.string()).meta({ description: "El orden de las tiendas: sus id.", examples: [["walmart", "bodega-aurrera"]] }),
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
