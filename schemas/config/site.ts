import * as z from "zod";
import { flagName } from "./flags";
import { externalUrl, href, localPath, nonEmpty, pdfPath } from "./common";
import { visibilityFields } from "./visibility";

/** Who sees a menu entry. */
export const permission = z.enum(["all", "anonymous", "customer"]);

export const menuOption = z.object({
  section: nonEmpty,
  url: href,
  newWindow: z.boolean().optional(),
  permissions: permission.default("all"),
  /** Shown only when this feature flag is on for the visitor. */
  flag: flagName.optional(),
  ...visibilityFields,
});
export type MenuOption = z.infer<typeof menuOption>;

export const menuGroup = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones"),
  section: nonEmpty,
  url: href.optional(),
  options: z.array(menuOption).min(1, "un grupo necesita al menos una opción"),
  permissions: permission.default("all"),
  flag: flagName.optional(),
  ...visibilityFields,
});
export type MenuGroup = z.infer<typeof menuGroup>;

export const footerOption = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("url"), label: nonEmpty, url: externalUrl, newWindow: z.boolean().default(true), ...visibilityFields }),
    z.object({ type: z.literal("urlLocal"), label: nonEmpty, url: localPath, ...visibilityFields }),
    z.object({ type: z.literal("modal"), label: nonEmpty, modal: z.string().regex(/^[a-z0-9-]+$/), ...visibilityFields }),
    z.object({ type: z.literal("pdf"), label: nonEmpty, url: pdfPath, ...visibilityFields }),
  ],
  { error: "el tipo debe ser url, urlLocal, modal o pdf" },
);
export type FooterOption = z.infer<typeof footerOption>;

export const navigationEntry = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: nonEmpty,
  path: localPath,
  ...visibilityFields,
});
export type NavigationEntry = z.infer<typeof navigationEntry>;

export const redirectRule = z.object({
  from: localPath,
  to: localPath,
});

export const siteConfig = z.object({
  brand: z.object({
    name: nonEmpty,
    slug: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones").default("bait"),
    legalName: nonEmpty,
    supportPhone: nonEmpty,
    supportShortCode: nonEmpty,
    logo: z.object({ src: localPath, alt: nonEmpty, width: z.number().int(), height: z.number().int() }),
  }),
  privacyNoticeUrl: externalUrl,
  postpaidSiteUrl: externalUrl,
  /** The navigation catalogue of the site map; labels and paths may use {product}. */
  navigation: z.array(navigationEntry).min(1),
  menu: z.object({
    groups: z.array(menuGroup).min(1),
    topBar: z.array(menuOption).min(1),
  }),
  footer: z.object({
    local: z.array(footerOption),
    documents: z.array(footerOption),
    legal: z.array(footerOption),
    sisterSites: z.array(z.object({ name: nonEmpty, url: externalUrl })).length(4, "deben ser exactamente cuatro sitios hermanos"),
    copyright: nonEmpty,
  }),
  sideBar: z.object({
    social: z
      .array(z.object({ network: z.enum(["facebook", "instagram", "x", "tiktok", "youtube"]), label: nonEmpty, url: externalUrl }))
      .length(4, "deben ser exactamente cuatro redes sociales"),
    whatsapp: z.object({ label: nonEmpty, url: externalUrl }),
    manage: z.object({ label: nonEmpty, url: localPath, tooltip: nonEmpty }),
  }),
  redirects: z.array(redirectRule),
  /** Loaded in the browser only after the visitor accepts cookies. */
  tracking: z
    .object({
      consentScripts: z.array(externalUrl).default([]),
      /** Sent when cookies are accepted on a /cambiate-a-bait page. */
      acquisitionTagUrl: externalUrl.optional(),
      /**
       * The three marketing platforms (docs/esim.md "Marketing platforms"): an id each; a platform
       * without one loads nothing. Google's tag gets every event; the ad pixels (Meta, TikTok) the
       * events and, on `pixelPaths`, the page view.
       */
      platforms: z
        .object({
          google: z.string().regex(/^(G|AW)-[A-Z0-9]{4,20}$/, "debe ser un id de Google como G-XXXXXXX").optional(),
          meta: z.string().regex(/^\d{6,20}$/, "debe ser el número de un píxel de Meta").optional(),
          tiktok: z.string().regex(/^[A-Z0-9]{10,30}$/, "debe ser un id de píxel de TikTok").optional(),
        })
        .default({}),
      /** Where the ad pixels count a page view: the switch, prepaid, portability and eSIM pages. */
      pixelPaths: z.array(localPath).default(["/cambiate-a-bait", "/{product}-prepago", "/haz-tu-portabilidad", "/e-sim"]),
    })
    .default({ consentScripts: [], platforms: {}, pixelPaths: ["/cambiate-a-bait", "/{product}-prepago", "/haz-tu-portabilidad", "/e-sim"] }),
  /** The third-party chat; with no URL nothing loads. */
  chat: z.object({ scriptUrl: externalUrl.optional() }).default({}),
  cookies: z.object({
    /** The modal with the full cookie policy (pages-config/modals/{id}.json). */
    policyModal: z.string().regex(/^[a-z0-9-]+$/),
    /** Date of the policy's last version, AAAA-MM-DD. */
    policyUpdated: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }),
  }),
});
export type SiteConfig = z.infer<typeof siteConfig>;
