/** The studio's editing pages (docs/studio.md), for the routes and views that link to them. */

export const STUDIO_DOCUMENT_PATH = "/estudio/documento";
export const STUDIO_HISTORY_PATH = "/estudio/versiones";

/** A document's editor; `json` opens its raw JSON view. */
export function studioDocumentUrl(file: string, view?: "json"): string {
  const query = new URLSearchParams({ archivo: file });
  if (view) query.set("vista", view);
  return `${STUDIO_DOCUMENT_PATH}?${query.toString()}`;
}

export const studioVersionUrl = (number: number) => `${STUDIO_HISTORY_PATH}/${number}`;
