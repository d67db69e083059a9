import * as z from "zod";

/** A path inside this site: starts with one slash, no scheme, no protocol-relative `//`. */
export const localPath = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)");

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
  src: publicFile.or(externalUrl),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof image>;

export const link = z.object({
  label: nonEmpty,
  href,
  newWindow: z.boolean().optional(),
});
export type Link = z.infer<typeof link>;
