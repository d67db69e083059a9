import * as z from "zod";
import { refusedScriptOrigin, scriptOriginRefusal } from "./script-origins.mjs";

/**
 * A path inside this site: starts with one slash, no scheme, no protocol-relative `//`, and no
 * `/\` (a browser reads a backslash as a slash, so `/\evil.example` is another site).
 */
export const localPath = z
  .string()
  .regex(/^\/(?![/\\])[^\s\\]*$/, "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)");

export const externalUrl = z.url({ protocol: /^https$/, error: "debe ser una dirección https:// completa" });

/**
 * The https address of a script the browser will run (the chat, a consented script, the
 * acquisition tag, the captcha): only on an origin developers allow (./script-origins.mjs, the
 * list in code and SCRIPT_ORIGINS), never one that pages-config names. The allowed origins are
 * read when a document is checked; the JSON schema of the studio's form cannot know them, so
 * the server's check (this one) refuses at the field.
 */
export const scriptUrl = externalUrl.superRefine((url, ctx) => {
  // An address that is not https is refused by externalUrl already, with its own message.
  if (!/^https:\/\//i.test(url)) return;
  const origin = refusedScriptOrigin(url);
  if (origin !== undefined) ctx.addIssue({ code: "custom", message: scriptOriginRefusal(origin), input: url });
});

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
