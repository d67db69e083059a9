import { existsSync } from "node:fs";
import path from "node:path";
import { getSite } from "~/lib/config/config.server";

const PUBLIC_DIR = path.join(process.cwd(), "public");

/**
 * The PDF named by ?pdf= if it is one of this site's documents in public/docs: the viewer
 * never frames an address a link could smuggle in.
 */
export function resolvePdf(param: string | null): { url: string; name: string } | null {
  if (!param || !/^\/docs\/[a-z0-9-]+\.pdf$/.test(param)) return null;
  if (!existsSync(path.join(PUBLIC_DIR, param))) return null;
  const known = getSite().footer.documents.find((option) => option.type === "pdf" && option.url === param);
  return { url: param, name: known?.label ?? param.slice("/docs/".length, -".pdf".length).replaceAll("-", " ") };
}
