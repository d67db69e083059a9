import { env } from "../env.server";
import { logger } from "../log.server";
import { previewCookieValue, verifyPreview } from "../preview-link.server";
import { perRequest } from "../request-context.server";
import { configFiles, type ConfigKind } from "./files";
import type { ConfigProblem } from "./problems";
import { ConfigStore } from "./store.server";

/**
 * The draft copy of pages-config (CONFIG_DRAFT_DIR), read through the same store and the same
 * zod schemas as the live one, and shown only to a request carrying a valid preview cookie
 * (docs/config.md "Previews"). Previews fail closed: without a usable PREVIEW_SECRET there is no
 * draft store at all.
 */
export const draftStore =
  env.preview.draftDir && !env.preview.offReason
    ? new ConfigStore(env.preview.draftDir, (message) => logger("config").warn(`[borrador] ${message}`), { watch: env.isProduction })
    : undefined;

if (env.preview.draftDir && env.preview.offReason) logger("config").warn({ reason: env.preview.offReason }, "vista previa del borrador apagada");

const SINGLE_FILES: Array<[ConfigKind, string]> = [
  ["site", "site.json"],
  ["flags", "flags.json"],
  ["widget", "widget.json"],
  ["recharges", "recharges.json"],
];
const FOLDERS: Array<[ConfigKind, string]> = [
  ["page", "pages"],
  ["modal", "modals"],
  ["banners", "banners"],
];

/**
 * Every problem of a draft folder as its store reads it now: a file that is missing (the four
 * single files), is no JSON or fails its schema. A draft with any problem is refused whole: the
 * preview then shows the live site and says why, never half a draft.
 */
export function draftProblems(store: ConfigStore): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const files: Array<[ConfigKind, string]> = [...SINGLE_FILES, ...FOLDERS.flatMap(([kind, folder]) => store.list(folder).map((file): [ConfigKind, string] => [kind, file]))];
  for (const [kind, file] of files) {
    if (!configFiles[kind].pattern.test(file)) continue;
    let found: unknown;
    try {
      found = store.read(kind, file);
    } catch {
      // Never valid: its problems are the store's, below.
      found = true;
    }
    if (found === undefined) problems.push({ file: `pages-config/${file}`, path: "", message: "no se encontró el archivo" });
    else problems.push(...store.problemsOf(file));
  }
  return problems;
}

export type Preview = {
  /** When the link, and with it the cookie, expires (ms since the epoch). */
  expiresAt: number;
  /** Why the draft is refused; empty when the request is served from it. */
  problems: ConfigProblem[];
};

/** The preview a Cookie header opens, if any: a cookie signed with PREVIEW_SECRET and unexpired. */
export function previewOf(cookieHeader: string, now = Date.now()): Preview | undefined {
  if (!draftStore) return undefined;
  const value = previewCookieValue(cookieHeader, env.isProduction);
  if (!value) return undefined;
  const check = verifyPreview(env.preview.secret, value, now);
  if (!check.ok) return undefined;
  return { expiresAt: check.expiresAt, problems: draftProblems(draftStore) };
}

/** The preview of the request being served (worked out once per request), if any. */
export const currentPreview = (): Preview | undefined => perRequest("preview", (cookie) => previewOf(cookie));

/** The draft store when this request is a preview of a valid draft; otherwise the live one serves. */
export function draftStoreForRequest(): ConfigStore | undefined {
  const preview = currentPreview();
  return preview && preview.problems.length === 0 ? draftStore : undefined;
}
