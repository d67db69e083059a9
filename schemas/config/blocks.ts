import * as z from "zod";
import { href, image, link, nonEmpty } from "./common";

/**
 * Inline text in blocks may carry links written as [texto](/ruta) or [texto](https://…);
 * the renderer turns them into anchors and config:check verifies every local one.
 */
const text = nonEmpty;

const richNode = z.union([
  z.object({ p: text }).strict(),
  z.object({ h: text }).strict(),
  z.object({ ul: z.array(text).min(1) }).strict(),
  z.object({ ol: z.array(text).min(1) }).strict(),
]);
export type RichNode = z.infer<typeof richNode>;

const heading = z.string().trim().min(1).optional();

export const heroBlock = z.object({
  type: z.literal("hero"),
  eyebrow: z.string().optional(),
  title: text,
  text: z.string().optional(),
  image: image.optional(),
  actions: z.array(link.extend({ variant: z.enum(["primary", "secondary"]).default("primary") })).max(2).default([]),
});

export const richTextBlock = z.object({
  type: z.literal("richText"),
  heading,
  content: z.array(richNode).min(1),
});

export const cardsBlock = z.object({
  type: z.literal("cards"),
  heading,
  intro: z.string().optional(),
  items: z
    .array(
      z.object({
        icon: z.enum(["signal", "wallet", "globe", "sim", "esim", "wifi", "home", "phone", "shield", "chat", "map", "gift", "clock", "swap", "store", "briefcase"]).optional(),
        title: text,
        text: text,
        link: link.optional(),
      }),
    )
    .min(1),
});

export const offerCategory = z.enum(["traditionals", "mifi", "hbb", "packages", "internationals", "business", "associates", "sim", "e-sim"]);
export type OfferCategory = z.infer<typeof offerCategory>;

export const offersBlock = z.object({
  type: z.literal("offers"),
  heading,
  intro: z.string().optional(),
  category: offerCategory,
  /** Show only the first N offers of the category (in config order). */
  limit: z.number().int().positive().optional(),
  /** Where the cards' button leads; {offerId} is replaced. Defaults to the recharge modal URL. */
  actionHref: z.string().optional(),
  actionLabel: z.string().optional(),
});

/** The offers by category, one tab per category; `?section=<category>` selects the tab (SPEC §2). */
export const catalogueBlock = z.object({
  type: z.literal("catalogue"),
  heading,
  intro: z.string().optional(),
  /** The tabs, in order; the first is selected when the URL names none. */
  categories: z
    .array(offerCategory)
    .min(1, "el catálogo necesita al menos una categoría")
    .superRefine((categories, ctx) => {
      categories.forEach((category, index) => {
        if (categories.indexOf(category) !== index) ctx.addIssue({ code: "custom", path: [index], message: `la categoría «${category}» está repetida` });
      });
    }),
});

/** Where the international packages work (recharges.json `international`), with a search by destination. */
export const destinationsBlock = z.object({
  type: z.literal("destinations"),
  heading,
  intro: z.string().optional(),
});

export const faqBlock = z.object({
  type: z.literal("faq"),
  heading,
  items: z.array(z.object({ question: text, answer: z.array(richNode).min(1) })).min(1),
});

export const ctaBlock = z.object({
  type: z.literal("cta"),
  title: text,
  text: z.string().optional(),
  actions: z.array(link.extend({ variant: z.enum(["primary", "secondary"]).default("primary") })).min(1).max(3),
});

export const legalBlock = z.object({
  type: z.literal("legal"),
  heading,
  updated: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }),
  sections: z.array(z.object({ title: text, content: z.array(richNode).min(1) })).min(1),
});

export const siteMapBlock = z.object({
  type: z.literal("siteMap"),
  heading,
  intro: z.string().optional(),
});

export const storesBlock = z.object({
  type: z.literal("stores"),
  heading,
  intro: z.string().optional(),
  stores: z
    .array(
      z.object({
        name: text,
        kind: z.enum(["centro-de-atencion", "tienda-aliada"]),
        address: text,
        city: text,
        state: text,
        postalCode: z.string().regex(/^\d{5}$/, "el código postal lleva 5 dígitos"),
        hours: z.array(text).min(1),
        phone: z.string().regex(/^\d{10}$/, "el teléfono lleva 10 dígitos").optional(),
        mapsUrl: href.optional(),
      }),
    )
    .min(1),
});

export const stepsBlock = z.object({
  type: z.literal("steps"),
  heading,
  items: z.array(z.object({ title: text, text: text })).min(2),
});

export const embedBlock = z.object({
  type: z.literal("embed"),
  /** An iframe of a sister site (the postpaid site); query parameters come from the page URL. */
  title: text,
  src: z.url({ protocol: /^https$/ }),
  /** Query parameters of the page URL forwarded to the frame. */
  forwardParams: z.array(z.string()).default([]),
  minHeight: z.number().int().positive().default(700),
});

export const blockSchemas = [
  heroBlock,
  richTextBlock,
  cardsBlock,
  offersBlock,
  catalogueBlock,
  destinationsBlock,
  faqBlock,
  ctaBlock,
  legalBlock,
  siteMapBlock,
  storesBlock,
  stepsBlock,
  embedBlock,
] as const;

export const block = z.discriminatedUnion("type", blockSchemas);
export type Block = z.infer<typeof block>;
export type BlockType = Block["type"];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

export const blockTypes = blockSchemas.map((schema) => schema.shape.type.value) as BlockType[];
