import * as z from "zod";

/**
 * A path inside this site: starts with one slash, no scheme, no protocol-relative `//`, and no
 * `/\` (a browser reads a backslash as a slash, so `/\evil.example` is another site).
 */
export const localPath = z
  .string()
  .regex(/^\/(?![/\\])[^\s\\]*$/, "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)");

export const externalUrl = z.url({ protocol: /^https$/, error: "debe ser una dirección https:// completa" });

/** Local path or https URL. */
export const href = z.union([localPath, externalUrl], {
  error: "debe ser una ruta local (/recargas) o una dirección https:// completa",
});

/** A file served from public/, e.g. /docs/contrato.pdf. */
export const publicFile = localPath;

export const pdfPath = localPath.regex(/\.pdf$/i, "debe apuntar a un archivo .pdf");

export const nonEmpty = z.string().trim().min(1, "no puede estar vacío");

export const image = z.object({
  src: publicFile.or(externalUrl).meta({ description: "La imagen: un archivo de public/ (empieza con /) o una dirección https://.", examples: ["/images/hero/inicio.webp"] }),
  alt: z.string().meta({ description: "Texto alternativo: describe la imagen para quien no la ve; vacío si es decorativa.", examples: ["Persona usando su celular Bait"] }),
  width: z.number().int().positive().meta({ description: "Ancho de la imagen en píxeles (evita saltos al cargar la página).", examples: [640] }),
  height: z.number().int().positive().meta({ description: "Alto de la imagen en píxeles (evita saltos al cargar la página).", examples: [480] }),
});
export type Image = z.infer<typeof image>;

export const link = z.object({
  label: nonEmpty.meta({ description: "El texto del enlace o botón.", examples: ["Ver recargas"] }),
  href: href.meta({ description: "A dónde lleva: una ruta del sitio (/recargas) o una dirección https:// completa.", examples: ["/recargas", "https://pospago.bait.mx"] }),
  newWindow: z.boolean().optional().meta({ description: "true: se abre en una pestaña nueva.", examples: [false] }),
});
export type Link = z.infer<typeof link>;
