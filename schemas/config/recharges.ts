import * as z from "zod";
import { localPath, nonEmpty, scriptUrl } from "./common";
import { offerCategory } from "./blocks";
import { visibilityFields } from "./visibility";

/** Offer type codes of the operator: 1 traditional … 99 store. */
export const offerType = z
  .literal([1, 2, 3, 4, 5, 6, 7, 8, 9, 99], {
    error: "el tipo de oferta debe ser 1, 2, 3, 4, 5, 6, 7, 8, 9 o 99",
  })
  .meta({
    description:
      "Tipo de oferta: 1 tradicional, 2 internet en casa, 3 internet portátil, 4 asociados, 5 internacional, 6 paquetes, 7 SIM o eSIM, 8 internet portátil empresarial, 9 empresas, 99 tienda. Debe corresponder a la categoría.",
    examples: [1],
  });

/**
 * The type codes each offer category may carry (spec §3; docs/config.md "recharges.json"): config:check
 * refuses an offer whose category and type disagree, since the type decides which lines may buy it,
 * whether its form asks a service number, the sale's referencia4 and which lines may make it recurring.
 * Store offers (99) are sold as traditional recharges.
 */
export const CATEGORY_TYPES = {
  traditionals: [1, 99],
  hbb: [2],
  mifi: [3],
  associates: [4],
  internationals: [5],
  packages: [6],
  sim: [7],
  "e-sim": [7],
  business: [8, 9],
} as const satisfies Record<z.infer<typeof offerCategory>, readonly number[]>;

export const rechargeOffer = z.object({
  offerId: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "usa letras, números, guiones o guion bajo")
    .meta({ description: "El id de la oferta en el sistema del operador; único. Los banners y las recurrentes lo citan.", examples: ["BAIT200"] }),
  rechargeName: nonEmpty.meta({ description: "El nombre de la oferta en su tarjeta.", examples: ["Bait 200"] }),
  category: offerCategory,
  type: offerType,
  /** Price in MXN (pesos, not cents). */
  price: z.number().positive().max(100000).meta({ description: "Precio en pesos (no centavos).", examples: [200] }),
  /** Validity in days. */
  duration: z.number().int().positive().meta({ description: "Vigencia en días.", examples: [30] }),
  mbNavigation: z.number().int().nonnegative().meta({ description: "Datos para navegar, en MB.", examples: [12288] }),
  mbSocialNetworks: z.number().int().nonnegative().meta({ description: "Datos para redes sociales, en MB (0 si no incluye).", examples: [0] }),
  unlimitedSocial: z.boolean().default(false).meta({ description: "true: redes sociales ilimitadas.", examples: [true] }),
  includeMessage: nonEmpty.meta({ description: "Qué incluye, en una línea de la tarjeta.", examples: ["Minutos y SMS ilimitados"] }),
  enjoyMessage: z.string().optional().meta({ description: "Frase extra de la tarjeta (opcional).", examples: ["Disfruta de tus redes sin gastar tus datos"] }),
  imageDesktop: localPath.meta({ description: "Imagen de la tarjeta en pantallas grandes, un archivo de public/.", examples: ["/images/offers/traditionals-desktop.svg"] }),
  imageMobile: localPath.meta({ description: "Imagen de la tarjeta en celulares, un archivo de public/.", examples: ["/images/offers/traditionals-mobile.svg"] }),
  highlighted: z.boolean().default(false).meta({ description: "true: la tarjeta se destaca como recomendada.", examples: [false] }),
  ...visibilityFields,
});
export type RechargeOffer = z.infer<typeof rechargeOffer>;

export const rechargeCategory = z.object({
  id: offerCategory,
  label: nonEmpty.meta({ description: "El nombre de la categoría en las pestañas del catálogo.", examples: ["Recargas"] }),
  description: nonEmpty.meta({ description: "Una línea que explica la categoría.", examples: ["Llamadas, SMS y datos para tu celular."] }),
  /** The page that lists this category on its own. */
  page: localPath.optional().meta({ description: "La página que muestra solo esta categoría (opcional).", examples: ["/internet-en-casa"] }),
});
export type RechargeCategory = z.infer<typeof rechargeCategory>;

/** A destination of the international packages and the offers that cover it (docs/recharge.md). */
export const destination = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones").meta({ description: "Identificador del destino: minúsculas, números y guiones.", examples: ["estados-unidos"] }),
  name: nonEmpty.meta({ description: "El nombre del destino como se busca.", examples: ["Estados Unidos"] }),
  offerIds: z
    .array(z.string().meta({ description: "Una oferta internacional de offers.", examples: ["INT100"], "x-enum": "offerIds" }))
    .min(1, "un destino necesita al menos una oferta")
    .meta({ description: "Las ofertas internacionales que cubren este destino.", examples: [["INT100"]] }),
});
export type Destination = z.infer<typeof destination>;

/**
 * The recharge modal's settings (docs/recharge.md, spec §7 "captcha info"): whether the line form asks for a
 * captcha, and the provider's widget. The token it posts is sent with the line check.
 */
export const rechargeModalConfig = z.object({
  captcha: z
    .discriminatedUnion("enabled", [
      z.object({ enabled: z.literal(false).meta({ description: "false: la recarga no pide captcha." }) }),
      z.object({
        enabled: z.literal(true).meta({ description: "true: la recarga pide captcha." }),
        /** The provider's public site key (the spec's `publico`). */
        siteKey: nonEmpty.meta({ description: "La clave pública del proveedor del captcha.", examples: ["6LcXXXXXAAAAAExample"] }),
        /** The provider's widget script (the spec's `url`), loaded only when the modal is open. */
        scriptUrl: scriptUrl.meta({ description: "El script https:// del captcha; se carga solo con el modal abierto. Solo de un origen que desarrollo autorizó (SCRIPT_ORIGINS).", examples: ["https://www.google.com/recaptcha/api.js"] }),
        /** The form field the widget fills with its token (reCAPTCHA: g-recaptcha-response). */
        tokenField: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/)
          .default("g-recaptcha-response")
          .meta({ description: "El campo que el captcha llena con su token.", examples: ["g-recaptcha-response"] }),
      }),
    ])
    .default({ enabled: false })
    .meta({ description: "El captcha del modal de recarga: enabled false o true (con su clave y script)." }),
  /** The fair-use policy the modal links to. */
  fairUsePath: localPath.default("/politica-de-uso-justo").meta({ description: "La página de la política de uso justo que enlaza el modal.", examples: ["/politica-de-uso-justo"] }),
});
export type RechargeModalConfig = z.infer<typeof rechargeModalConfig>;

/**
 * The checkout's settings (docs/recharge.md "payment plugin", spec §7 plugin): the store the payments upstream
 * files our sales under, and what shipping a SIM costs (added to the price the plugin is asked for).
 */
export const checkoutConfig = z.object({
  store: z
    .string()
    .regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones")
    .default("bait-web")
    .meta({ description: "La tienda con la que el sistema de pagos registra las ventas.", examples: ["bait-web"] }),
  /** MXN added to a SIM's price for its delivery. */
  simShippingCost: z.number().nonnegative().default(0).meta({ description: "Costo de envío de una SIM en pesos, sumado a su precio.", examples: [0] }),
});
export type CheckoutConfig = z.infer<typeof checkoutConfig>;

export const rechargesConfig = z
  .object({
    modal: rechargeModalConfig
      .default({ captcha: { enabled: false }, fairUsePath: "/politica-de-uso-justo" })
      .meta({ description: "El modal de recarga: captcha y política de uso justo." }),
    checkout: checkoutConfig.default({ store: "bait-web", simShippingCost: 0 }).meta({ description: "El pago: la tienda de las ventas y el envío de la SIM." }),
    categories: z.array(rechargeCategory).min(1).meta({ description: "Las categorías de ofertas, en el orden de las pestañas." }),
    offers: z.array(rechargeOffer).meta({ description: "Las ofertas. Tras agregar o quitar una, corre npm run config:schemas para que el editor conozca su offerId." }),
    /** Where the international packages work: calls from Mexico to (insideMexico), and roaming in (outsideMexico). */
    international: z
      .object({
        insideMexico: z.array(destination).meta({ description: "Destinos a los que se llama desde México." }),
        outsideMexico: z.array(destination).meta({ description: "Destinos donde se usa la línea fuera de México (roaming)." }),
      })
      .default({ insideMexico: [], outsideMexico: [] })
      .meta({ description: "Dónde funcionan los paquetes internacionales." }),
    /** Offers a customer may schedule as a recurring recharge (the spec's recurring-recharges.json). */
    recurring: z
      .object({
        offerIds: z
          .array(z.string().meta({ description: "Una oferta de offers.", examples: ["BAIT200"], "x-enum": "offerIds" }))
          .meta({ description: "Las ofertas que un cliente puede programar como recarga recurrente.", examples: [["BAIT100", "BAIT200"]] }),
      })
      .default({ offerIds: [] })
      .meta({ description: "Recargas recurrentes (/recurrente)." }),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.offers.forEach((offer, index) => {
      if (seen.has(offer.offerId)) {
        ctx.addIssue({ code: "custom", path: ["offers", index, "offerId"], message: `el offerId «${offer.offerId}» está repetido` });
      }
      seen.add(offer.offerId);
      if (!config.categories.some((category) => category.id === offer.category)) {
        ctx.addIssue({ code: "custom", path: ["offers", index, "category"], message: `la categoría «${offer.category}» no está en categories` });
      }
      const types: readonly number[] = CATEGORY_TYPES[offer.category];
      if (!types.includes(offer.type)) {
        ctx.addIssue({
          code: "custom",
          path: ["offers", index, "type"],
          message: `el tipo ${offer.type} no corresponde a la categoría «${offer.category}» (usa ${types.join(" o ")})`,
        });
      }
    });
    const known = new Set(config.offers.map((offer) => offer.offerId));
    config.recurring.offerIds.forEach((offerId, index) => {
      if (!known.has(offerId)) ctx.addIssue({ code: "custom", path: ["recurring", "offerIds", index], message: `la oferta «${offerId}» no existe en offers` });
    });
    const international = new Set(config.offers.filter((offer) => offer.category === "internationals").map((offer) => offer.offerId));
    for (const list of ["insideMexico", "outsideMexico"] as const) {
      config.international[list].forEach((entry, index) => {
        entry.offerIds.forEach((offerId, offerIndex) => {
          if (!international.has(offerId)) {
            ctx.addIssue({
              code: "custom",
              path: ["international", list, index, "offerIds", offerIndex],
              message: `la oferta «${offerId}» no es una oferta internacional de offers`,
            });
          }
        });
      });
    }
  });
export type RechargesConfig = z.infer<typeof rechargesConfig>;
