import * as z from "zod";
import { externalUrl, localPath, nonEmpty, pdfPath } from "./common";
import { visibilityFields } from "./visibility";

const imageSource = localPath.or(externalUrl);

const bannerBase = z.object({
  name: nonEmpty.meta({ description: "Nombre interno del banner (para reconocerlo y en la analítica).", examples: ["bait-200"] }),
  alt: nonEmpty.meta({ description: "Texto alternativo: lo que dice la imagen, para quien no la ve.", examples: ["Recarga Bait 200 con 12 GB"] }),
  imageDesktop: imageSource.meta({ description: "Imagen para pantallas grandes: archivo de public/ o dirección https://.", examples: ["/images/banners/inicio-bait-200-desktop.svg"] }),
  imageMobile: imageSource.meta({ description: "Imagen para celulares: archivo de public/ o dirección https://.", examples: ["/images/banners/inicio-bait-200-mobile.svg"] }),
  /** Promotion line shown over the slide; the carousel cuts it at 75 characters. */
  promotion: z.string().optional().meta({ description: "Texto de la promoción sobre el banner; se corta a 75 caracteres.", examples: ["Bait 200: 12 GB y redes sociales ilimitadas por 30 días."] }),
  creator: z.string().optional().meta({ description: "Quién creó el banner (informativo).", examples: ["Marketing Bait"] }),
  tags: z.array(z.string()).default([]).meta({ description: "Etiquetas libres para organizar los banners.", examples: [["inicio", "promocion"]] }),
  ...visibilityFields,
});

export const bannerAction = z.enum(["navigate", "navigationExternal", "recharge", "openFile", "goToStore"]);
export type BannerAction = z.infer<typeof bannerAction>;

export const banner = z.discriminatedUnion(
  "action",
  [
    bannerBase.extend({
      action: z.literal("navigate").meta({ description: "navigate: lleva a una página del sitio." }),
      actionOptions: z
        .object({
          url: localPath.meta({ description: "La página del sitio a la que lleva.", examples: ["/cambiate-a-bait"] }),
          queryParamsHandling: z
            .enum(["merge", "preserve", ""])
            .optional()
            .meta({ description: "Qué hacer con los parámetros de la dirección actual: merge (combinarlos), preserve (conservarlos) o \"\" (descartarlos).", examples: ["merge"] }),
          replaceUrl: z.boolean().optional().meta({ description: "true: reemplaza la página actual en el historial (el botón Atrás no vuelve a ella).", examples: [false] }),
        })
        .meta({ description: "A qué página del sitio lleva el banner." }),
    }),
    bannerBase.extend({
      action: z.literal("navigationExternal").meta({ description: "navigationExternal: lleva a otro sitio (https://)." }),
      actionOptions: z
        .object({
          url: externalUrl.meta({ description: "La dirección https:// completa a la que lleva.", examples: ["https://pospago.bait.mx"] }),
          newWindow: z.boolean().default(false).meta({ description: "true: se abre en una pestaña nueva.", examples: [true] }),
        })
        .meta({ description: "A qué sitio externo lleva el banner." }),
    }),
    bannerBase.extend({
      action: z.literal("recharge").meta({ description: "recharge: abre la recarga de una oferta." }),
      rechargeOptions: z
        .object({
          type: z.number().int().meta({ description: "Tipo de la oferta: 1 tradicional, 2 internet en casa, 3 internet portátil, 4 asociados, 5 internacional, 6 paquetes, 7 SIM, 8 y 9 empresas, 99 tienda.", examples: [1] }),
          offerId: nonEmpty.meta({ description: "La oferta que se recarga: un offerId de recharges.json.", examples: ["BAIT200"], "x-enum": "offerIds" }),
          mount: z.number().positive().optional().meta({ description: "Precio de la oferta en pesos (informativo).", examples: [200] }),
        })
        .meta({ description: "Qué oferta recarga el banner." }),
    }),
    bannerBase.extend({
      action: z.literal("openFile").meta({ description: "openFile: abre un PDF." }),
      actionOptions: z
        .object({ url: pdfPath.meta({ description: "El PDF que abre, un archivo de public/.", examples: ["/docs/bases-promocion-portabilidad.pdf"] }) })
        .meta({ description: "Qué PDF abre el banner." }),
    }),
    bannerBase.extend({
      action: z.literal("goToStore").meta({ description: "goToStore: lleva a la app en la tienda del teléfono." }),
      storeOptions: z
        .object({
          ios: z
            .url({ hostname: /^apps\.apple\.com$/, error: "debe ser un enlace de apps.apple.com" })
            .meta({ description: "Enlace de la app en la App Store (apps.apple.com).", examples: ["https://apps.apple.com/mx/app/mi-bait/id1234567890"] }),
          android: z
            .url({ hostname: /^play\.google\.com$/, error: "debe ser un enlace de play.google.com" })
            .meta({ description: "Enlace de la app en Google Play (play.google.com).", examples: ["https://play.google.com/store/apps/details?id=mx.bait.app"] }),
        })
        .meta({ description: "Los enlaces de la app en cada tienda." }),
    }),
  ],
  { error: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore" },
);
export type Banner = z.infer<typeof banner>;

export const bannerFile = z.object({
  banners: z.array(banner).meta({ description: "Los banners del carrusel de esta vista, en el orden en que se muestran." }),
});
export type BannerFile = z.infer<typeof bannerFile>;
