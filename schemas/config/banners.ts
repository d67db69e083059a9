import * as z from "zod";
import { externalUrl, localPath, nonEmpty, pdfPath } from "./common";
import { visibilityFields } from "./visibility";

const imageSource = localPath.or(externalUrl);

const bannerBase = z.object({
  name: nonEmpty,
  alt: nonEmpty,
  imageDesktop: imageSource,
  imageMobile: imageSource,
  /** Promotion line shown over the slide; the carousel cuts it at 75 characters. */
  promotion: z.string().optional(),
  creator: z.string().optional(),
  tags: z.array(z.string()).default([]),
  ...visibilityFields,
});

export const bannerAction = z.enum(["navigate", "navigationExternal", "recharge", "openFile", "goToStore"]);
export type BannerAction = z.infer<typeof bannerAction>;

export const banner = z.discriminatedUnion(
  "action",
  [
    bannerBase.extend({
      action: z.literal("navigate"),
      actionOptions: z.object({
        url: localPath,
        queryParamsHandling: z.enum(["merge", "preserve", ""]).optional(),
        replaceUrl: z.boolean().optional(),
      }),
    }),
    bannerBase.extend({
      action: z.literal("navigationExternal"),
      actionOptions: z.object({ url: externalUrl, newWindow: z.boolean().default(false) }),
    }),
    bannerBase.extend({
      action: z.literal("recharge"),
      rechargeOptions: z.object({
        type: z.number().int(),
        offerId: nonEmpty,
        mount: z.number().positive().optional(),
      }),
    }),
    bannerBase.extend({
      action: z.literal("openFile"),
      actionOptions: z.object({ url: pdfPath }),
    }),
    bannerBase.extend({
      action: z.literal("goToStore"),
      storeOptions: z.object({
        ios: z.url({ hostname: /^apps\.apple\.com$/, error: "debe ser un enlace de apps.apple.com" }),
        android: z.url({ hostname: /^play\.google\.com$/, error: "debe ser un enlace de play.google.com" }),
      }),
    }),
  ],
  { error: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore" },
);
export type Banner = z.infer<typeof banner>;

export const bannerFile = z.object({ banners: z.array(banner) });
export type BannerFile = z.infer<typeof bannerFile>;
