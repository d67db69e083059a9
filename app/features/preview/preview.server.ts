import { data, redirect } from "@remix-run/node";
import { bar, refused } from "#locales/es-MX/preview.json";
import { currentPreview, isStudioPreviewValue, prepareStudioPreview, signStudioPreview, verifyStudioPreview, type Preview, type StudioPreviewTarget } from "~/lib/config/draft.server";
import { studioVersions } from "~/lib/config/live.server";
import { formatProblem } from "~/lib/config/problems";
import { scriptsNotLoaded } from "~/lib/config/scripts.server";
import { env } from "~/lib/env.server";
import { formatLongDate, formatShortTime } from "~/lib/format";
import { readForm } from "~/lib/forms";
import { logger } from "~/lib/log.server";
import { clearPreviewCookie, previewCookie, previewLinkPath, PREVIEW_PARAM, verifyPreview } from "~/lib/preview-link.server";
import { returnPath } from "~/lib/return-path.server";

/**
 * Previews (docs/config.md "Previews", docs/studio.md "Previews"): /vista-previa opens one from a
 * signed link (the cookie, then the page asked for) and ends it (a form post, so it works without
 * JavaScript). A link shows the draft copy of pages-config (CONFIG_DRAFT_DIR) or, with the studio
 * on, the studio's drafts over the published version or an earlier published version
 * (lib/config/draft.server.ts). Every answer here is private: a preview is its holder's alone.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

export type RefusedPreview = { title: string; text: string; home: string };

const interpolate = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? "");

/**
 * GET /vista-previa?firma=…&volver=…: a valid link sets the preview cookie and goes to the page
 * (a studio preview is written on this instance first, so the page shows it); anything else is
 * refused in Spanish.
 */
export async function openPreview(request: Request) {
  const url = new URL(request.url);
  const refuse = (reason: "off" | "tampered" | "expired", status: number) =>
    data({ title: refused.title, text: refused[reason], home: refused.home } satisfies RefusedPreview, { status, headers: NO_STORE });
  const value = url.searchParams.get(PREVIEW_PARAM);
  const studio = isStudioPreviewValue(value);
  if (studio ? !env.studio.on || !studioVersions() : env.preview.offReason) return refuse("off", 404);
  const studioCheck = studio ? verifyStudioPreview(value) : undefined;
  const check = studioCheck ?? verifyPreview(env.preview.secret, value);
  if (!check.ok) {
    logger("preview").warn({ reason: check.reason }, "enlace de vista previa rechazado");
    return refuse(check.reason === "expired" ? "expired" : "tampered", 403);
  }
  if (studioCheck?.ok) await prepareStudioPreview(studioCheck.target);
  return redirect(returnPath(url.searchParams.get("volver")), {
    headers: { ...NO_STORE, "Set-Cookie": previewCookie(value!, check.expiresAt, { isProduction: env.isProduction }) },
  });
}

/**
 * The link that opens a preview of the studio's drafts over the published version (`borradores`)
 * or of the published version `target`, valid PREVIEW_LINK_HOURS hours, landing on `volver` (the
 * home page when absent): the studio's pages link to it. With PREVIEW_ORIGIN, on that origin (the
 * site's own no longer honours a preview: server/preview-origin.ts).
 */
export function studioPreviewPath(target: StudioPreviewTarget, volver?: string, now = Date.now()): string {
  return `${env.preview.origin ?? ""}${previewLinkPath(signStudioPreview(target, now + env.preview.linkHours * 3_600_000), volver)}`;
}

/** POST /vista-previa: leaves the preview (the cookie goes) and comes back to the page it was on, now live. */
export async function leavePreview(request: Request) {
  const form = await readForm(request);
  return redirect(returnPath(form.get("volver")), { headers: { ...NO_STORE, "Set-Cookie": clearPreviewCookie({ isProduction: env.isProduction }) } });
}

export type PreviewBarData = {
  label: string;
  title: string;
  text: string;
  problemsLabel: string;
  problems: string[];
  /** What the previewed config would load that the live one does not (none of it loads here), as text. */
  scripts: { text: string; label: string; list: string[] } | null;
  leave: string;
};

/** The bar's title, text and problems' label for what the preview shows. */
function barTexts({ shows }: Preview): { title: string; text: string; refused: string; problemsLabel: string; scripts: string } {
  const { studio } = bar;
  if (shows.kind === "borradores") return { ...studio.drafts, problemsLabel: studio.problemsLabel };
  if (shows.kind === "version") {
    const number = String(shows.number);
    return {
      title: interpolate(studio.version.title, { number }),
      text: studio.version.text.replaceAll("{{number}}", number),
      refused: studio.version.refused,
      problemsLabel: studio.problemsLabel,
      scripts: interpolate(studio.version.scripts, { number }),
    };
  }
  return { title: bar.title, text: bar.text, refused: bar.refused, problemsLabel: bar.problemsLabel, scripts: bar.scripts };
}

/** The bar that marks a preview on screen, its texts ready (the browser carries none of them), or null outside a preview. */
export function previewBar(): PreviewBarData | null {
  const preview = currentPreview();
  if (!preview) return null;
  const until = new Date(preview.expiresAt);
  const texts = barTexts(preview);
  // A preview loads the live config's scripts only (lib/config/scripts.server.ts): the rest is said in words.
  const notLoaded = scriptsNotLoaded();
  const shown = interpolate(texts.text, { time: formatShortTime(until), date: formatLongDate(until) });
  return {
    label: bar.label,
    title: texts.title,
    text: preview.preparing ? bar.studio.preparing : preview.problems.length > 0 ? texts.refused : shown,
    problemsLabel: texts.problemsLabel,
    problems: preview.problems.map(formatProblem),
    scripts: notLoaded.length > 0 ? { text: texts.scripts, label: bar.scriptsLabel, list: notLoaded } : null,
    leave: bar.leave,
  };
}
