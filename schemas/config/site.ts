import * as z from "zod";
import { flagName } from "./flags";
import { externalUrl, href, localPath, nonEmpty, pdfPath, scriptUrl } from "./common";
import { visibilityFields } from "./visibility";

/** Who sees a menu entry. */
export const permission = z
  .enum(["all", "anonymous", "customer"])
  .meta({ description: "Quién ve la entrada: all (todos), anonymous (solo sin sesión) o customer (solo clientes con sesión).", examples: ["all"] });

export const menuOption = z.object({
  section: nonEmpty.meta({ description: "El texto de la entrada del menú.", examples: ["Recargas"] }),
  url: href.meta({ description: "A dónde lleva: una ruta del sitio o una dirección https:// completa.", examples: ["/recargas"] }),
  newWindow: z.boolean().optional().meta({ description: "true: se abre en una pestaña nueva.", examples: [false] }),
  permissions: permission.default("all"),
  /** Shown only when this feature flag is on for the visitor. */
  flag: flagName.optional().meta({ description: "La entrada se muestra solo si este flag está encendido para el visitante.", examples: ["e-sim"] }),
  ...visibilityFields,
});
export type MenuOption = z.infer<typeof menuOption>;

export const menuGroup = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones").meta({ description: "Identificador del grupo: minúsculas, números y guiones.", examples: ["recargas"] }),
  section: nonEmpty.meta({ description: "El título del grupo en el menú.", examples: ["Recargas"] }),
  url: href.optional().meta({ description: "A dónde lleva el título del grupo (opcional).", examples: ["/recargas"] }),
  options: z.array(menuOption).min(1, "un grupo necesita al menos una opción").meta({ description: "Las entradas del grupo, en orden." }),
  permissions: permission.default("all"),
  flag: flagName.optional().meta({ description: "El grupo se muestra solo si este flag está encendido para el visitante.", examples: ["business-page"] }),
  ...visibilityFields,
});
export type MenuGroup = z.infer<typeof menuGroup>;

export const footerOption = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("url").meta({ description: "url: enlace a otro sitio (https://)." }),
      label: nonEmpty.meta({ description: "El texto del enlace.", examples: ["Bait pospago"] }),
      url: externalUrl.meta({ description: "La dirección https:// completa.", examples: ["https://pospago.bait.mx"] }),
      newWindow: z.boolean().default(true).meta({ description: "true (por omisión): se abre en una pestaña nueva.", examples: [true] }),
      ...visibilityFields,
    }),
    z.object({
      type: z.literal("urlLocal").meta({ description: "urlLocal: enlace a una página del sitio." }),
      label: nonEmpty.meta({ description: "El texto del enlace.", examples: ["Preguntas frecuentes"] }),
      url: localPath.meta({ description: "La página del sitio (empieza con /).", examples: ["/centros-de-atencion"] }),
      ...visibilityFields,
    }),
    z.object({
      type: z.literal("modal").meta({ description: "modal: abre un modal de contenido (modals/<id>.json)." }),
      label: nonEmpty.meta({ description: "El texto del enlace.", examples: ["Política de cookies"] }),
      modal: z.string().regex(/^[a-z0-9-]+$/).meta({ description: "El id del modal: el nombre de su archivo en modals/, sin .json.", examples: ["politica-de-cookies"] }),
      ...visibilityFields,
    }),
    z.object({
      type: z.literal("pdf").meta({ description: "pdf: abre un PDF de public/." }),
      label: nonEmpty.meta({ description: "El texto del enlace.", examples: ["Contrato de adhesión"] }),
      url: pdfPath.meta({ description: "El PDF, un archivo de public/.", examples: ["/docs/contrato-de-adhesion-prepago.pdf"] }),
      ...visibilityFields,
    }),
  ],
  { error: "el tipo debe ser url, urlLocal, modal o pdf" },
);
export type FooterOption = z.infer<typeof footerOption>;

export const navigationEntry = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/).meta({ description: "Identificador de la entrada: minúsculas, números y guiones.", examples: ["recargas"] }),
  label: nonEmpty.meta({ description: "El nombre de la página en el mapa del sitio; puede usar {product}.", examples: ["Recargas"] }),
  path: localPath.meta({ description: "La ruta de la página; puede usar {product}.", examples: ["/{product}-prepago"] }),
  ...visibilityFields,
});
export type NavigationEntry = z.infer<typeof navigationEntry>;

export const redirectRule = z.object({
  from: localPath.meta({ description: "La ruta vieja que se redirige.", examples: ["/recargas-prepago"] }),
  to: localPath.meta({ description: "La ruta a la que lleva ahora.", examples: ["/recargas"] }),
});

export const siteConfig = z.object({
  brand: z
    .object({
      name: nonEmpty.meta({ description: "El nombre de la marca como se muestra.", examples: ["Bait"] }),
      slug: z
        .string()
        .regex(/^[a-z0-9-]+$/, "usa minúsculas, números y guiones")
        .default("bait")
        .meta({ description: "La marca en las rutas: {product} se reemplaza por esto (/{product}-prepago es /bait-prepago).", examples: ["bait"] }),
      legalName: nonEmpty.meta({ description: "La razón social, en el pie de página y los textos legales.", examples: ["Bait Comunicaciones, S.A. de C.V."] }),
      supportPhone: nonEmpty.meta({ description: "El teléfono de atención a clientes.", examples: ["800 123 4567"] }),
      supportShortCode: nonEmpty.meta({ description: "El número corto de atención desde una línea de la marca.", examples: ["*611"] }),
      logo: z
        .object({
          src: localPath.meta({ description: "El logotipo, un archivo de public/.", examples: ["/images/logo.svg"] }),
          alt: nonEmpty.meta({ description: "Texto alternativo del logotipo.", examples: ["Bait, ir al inicio"] }),
          width: z.number().int().meta({ description: "Ancho del logotipo en píxeles.", examples: [96] }),
          height: z.number().int().meta({ description: "Alto del logotipo en píxeles.", examples: [32] }),
        })
        .meta({ description: "El logotipo del encabezado." }),
    })
    .meta({ description: "La marca: nombre, razón social, teléfonos de atención y logotipo." }),
  privacyNoticeUrl: externalUrl.meta({ description: "La dirección https:// del aviso de privacidad.", examples: ["https://www.bait.mx/aviso-de-privacidad"] }),
  postpaidSiteUrl: externalUrl.meta({ description: "La dirección https:// del sitio de pospago.", examples: ["https://pospago.bait.mx"] }),
  /** The navigation catalogue of the site map; labels and paths may use {product}. */
  navigation: z.array(navigationEntry).min(1).meta({ description: "El catálogo de páginas del mapa del sitio, en orden." }),
  menu: z
    .object({
      groups: z.array(menuGroup).min(1).meta({ description: "Los grupos del menú principal, en orden." }),
      topBar: z.array(menuOption).min(1).meta({ description: "Las entradas de la barra superior, en orden." }),
    })
    .meta({ description: "El menú: sus grupos y la barra superior." }),
  footer: z
    .object({
      local: z.array(footerOption).meta({ description: "Enlaces del pie de página a páginas del sitio." }),
      documents: z.array(footerOption).meta({ description: "Enlaces del pie de página a documentos (contratos, políticas)." }),
      legal: z.array(footerOption).meta({ description: "Enlaces legales del pie de página." }),
      sisterSites: z
        .array(
          z.object({
            name: nonEmpty.meta({ description: "El nombre del sitio hermano.", examples: ["Bait pospago"] }),
            url: externalUrl.meta({ description: "La dirección https:// del sitio hermano.", examples: ["https://pospago.bait.mx"] }),
          }),
        )
        .length(4, "deben ser exactamente cuatro sitios hermanos")
        .meta({ description: "Exactamente cuatro sitios hermanos." }),
      copyright: nonEmpty.meta({ description: "La línea de derechos reservados.", examples: ["© 2026 Bait. Todos los derechos reservados."] }),
    })
    .meta({ description: "El pie de página. Cada enlace lleva type: url, urlLocal, modal o pdf." }),
  sideBar: z
    .object({
      social: z
        .array(
          z.object({
            network: z.enum(["facebook", "instagram", "x", "tiktok", "youtube"]).meta({ description: "La red social: facebook, instagram, x, tiktok o youtube.", examples: ["facebook"] }),
            label: nonEmpty.meta({ description: "El nombre que se lee (y anuncia el lector de pantalla).", examples: ["Bait en Facebook"] }),
            url: externalUrl.meta({ description: "La dirección https:// del perfil.", examples: ["https://www.facebook.com/bait"] }),
          }),
        )
        .length(4, "deben ser exactamente cuatro redes sociales")
        .meta({ description: "Exactamente cuatro redes sociales." }),
      whatsapp: z
        .object({
          label: nonEmpty.meta({ description: "El texto del botón de WhatsApp.", examples: ["Escríbenos por WhatsApp"] }),
          url: externalUrl.meta({ description: "La dirección https:// de WhatsApp.", examples: ["https://wa.me/525512345678"] }),
        })
        .meta({ description: "El botón de WhatsApp de la barra lateral." }),
      manage: z
        .object({
          label: nonEmpty.meta({ description: "El texto del botón.", examples: ["Administra tu línea"] }),
          url: localPath.meta({ description: "La página a la que lleva.", examples: ["/login"] }),
          tooltip: nonEmpty.meta({ description: "La ayuda que aparece al pasar el cursor.", examples: ["Consulta tu saldo y tus recargas"] }),
        })
        .meta({ description: "El botón para administrar la línea." }),
    })
    .meta({ description: "La barra lateral: redes sociales, WhatsApp y administrar tu línea." }),
  redirects: z.array(redirectRule).meta({ description: "Redirecciones de rutas viejas a las actuales." }),
  /** Loaded in the browser only after the visitor accepts cookies. */
  tracking: z
    .object({
      consentScripts: z
        .array(scriptUrl)
        .default([])
        .meta({ description: "Scripts https:// que se cargan solo cuando el visitante acepta las cookies; solo de un origen que desarrollo autorizó (SCRIPT_ORIGINS).", examples: [["https://tags.example.com/tag.js"]] }),
      /** Sent when cookies are accepted on a /cambiate-a-bait page. */
      acquisitionTagUrl: scriptUrl
        .optional()
        .meta({ description: "Script que se carga al aceptar cookies en /cambiate-a-bait (opcional); solo de un origen que desarrollo autorizó (SCRIPT_ORIGINS).", examples: ["https://tags.example.com/adquisicion"] }),
      /**
       * The three marketing platforms (docs/esim.md "Marketing platforms"): an id each; a platform
       * without one loads nothing. Google's tag gets every event; the ad pixels (Meta, TikTok) the
       * events and, on `pixelPaths`, the page view.
       */
      platforms: z
        .object({
          google: z
            .string()
            .regex(/^(G|AW)-[A-Z0-9]{4,20}$/, "debe ser un id de Google como G-XXXXXXX")
            .optional()
            .meta({ description: "El id de la etiqueta de Google (G-… o AW-); sin él no se carga.", examples: ["G-ABC123XYZ"] }),
          meta: z
            .string()
            .regex(/^\d{6,20}$/, "debe ser el número de un píxel de Meta")
            .optional()
            .meta({ description: "El número del píxel de Meta; sin él no se carga.", examples: ["123456789012345"] }),
          tiktok: z
            .string()
            .regex(/^[A-Z0-9]{10,30}$/, "debe ser un id de píxel de TikTok")
            .optional()
            .meta({ description: "El id del píxel de TikTok; sin él no se carga.", examples: ["C1234567890ABCDEFGHI"] }),
        })
        .default({})
        .meta({ description: "Las tres plataformas de marketing (Google, Meta, TikTok): un id cada una." }),
      /** Where the ad pixels count a page view: the switch, prepaid, portability and eSIM pages. */
      pixelPaths: z
        .array(localPath)
        .default(["/cambiate-a-bait", "/{product}-prepago", "/haz-tu-portabilidad", "/e-sim"])
        .meta({ description: "Páginas donde los píxeles de Meta y TikTok cuentan una visita.", examples: [["/cambiate-a-bait", "/e-sim"]] }),
    })
    .default({ consentScripts: [], platforms: {}, pixelPaths: ["/cambiate-a-bait", "/{product}-prepago", "/haz-tu-portabilidad", "/e-sim"] })
    .meta({ description: "Analítica y publicidad: se cargan solo después de que el visitante acepta las cookies." }),
  /** The third-party chat; with no URL nothing loads. */
  chat: z
    .object({ scriptUrl: scriptUrl.optional().meta({ description: "El script https:// del chat; sin él no hay chat. Solo de un origen que desarrollo autorizó (SCRIPT_ORIGINS).", examples: ["https://chat.example.com/widget.js"] }) })
    .default({})
    .meta({ description: "El chat de atención." }),
  cookies: z
    .object({
      /** The modal with the full cookie policy (pages-config/modals/{id}.json). */
      policyModal: z
        .string()
        .regex(/^[a-z0-9-]+$/)
        .meta({ description: "El modal con la política de cookies completa (modals/<id>.json, sin .json).", examples: ["politica-de-cookies"] }),
      /** Date of the policy's last version, AAAA-MM-DD. */
      policyUpdated: z.iso.date({ error: "debe ser una fecha AAAA-MM-DD" }).meta({ description: "Fecha de la última versión de la política, AAAA-MM-DD.", examples: ["2026-01-15"] }),
    })
    .meta({ description: "El aviso de cookies." }),
});
export type SiteConfig = z.infer<typeof siteConfig>;
