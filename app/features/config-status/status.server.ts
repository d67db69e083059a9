import { createHash, timingSafeEqual } from "node:crypto";
import texts from "#locales/es-MX/config-status.json";
import { liveStore, liveVersion, studioVersions } from "~/lib/config/live.server";
import { refusals, type Refusal } from "~/lib/config/refusals.server";
import type { FileStatus } from "~/lib/config/store.server";
import type { Draft, VersionStore, VersionSummary } from "~/lib/config/versions.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/log.server";

/**
 * The config status page for the site's operators (docs/config.md "Status page"): every config
 * file with when its copy in use was read, and every refused edit or remote document; with the
 * studio on (docs/studio.md), the version published (number, author, date, note), the one this
 * instance serves and the drafts waiting to be published. Opened by
 * CONFIG_STATUS_TOKEN (`Authorization: Bearer <token>` or `?token=<token>`); with no token
 * configured it does not exist (404). Never cached, never indexed. Its texts are the server's
 * alone (locales/es-MX/config-status.json): no page of the site ships them.
 */

export type StatusAccess = "open" | "notFound" | "unauthorized";

/** Constant time whatever the lengths: both sides are hashed first, then compared. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function statusAccess(request: Request, token: string | undefined): StatusAccess {
  if (!token) return "notFound";
  const header = request.headers.get("authorization") ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const query = new URL(request.url).searchParams.get("token");
  const given = bearer ?? query;
  return given && sameSecret(given, token) ? "open" : "unauthorized";
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

/** Times in central Mexico's time (the page says so once). */
const when = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "medium", timeZone: "America/Mexico_City" });
const formatWhen = (date: Date) => when.format(date);

const STYLES = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a;line-height:1.5}
table{border-collapse:collapse;width:100%;margin:0 0 2rem}caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{border:1px solid #8a8a8a;padding:.4rem .6rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f0f0f0}.refused{color:#a10000;font-weight:600}code{font-size:.95em}
.scroll{overflow-x:auto;margin:0 0 2rem}.scroll table{min-width:36rem;margin:0}.scroll caption{position:sticky;left:0;max-width:calc(100vw - 2rem)}.scroll:focus-visible{outline:3px solid #1a1a1a}`;

/** A wide table scrolls on its own on a phone, and takes keyboard focus so that it can be scrolled without a pointer. */
const scrollable = (id: string, caption: string, table: string) => `<div class="scroll" role="region" aria-label="${escapeHtml(caption)}" tabindex="0">${table.replace("<table", `<table id="${id}"`)}</div>`;

function refusalsTable(list: Refusal[]): string {
  const t = texts.refusals;
  if (list.length === 0) return `<p id="sin-rechazos">${escapeHtml(t.none)}</p>`;
  const rows = list
    .map(
      (refusal) =>
        `<tr><td><code>${escapeHtml(refusal.source)}</code>${refusal.kind === "remoto" ? ` (${escapeHtml(t.remote)})` : ""}</td>` +
        `<td>${refusal.path ? `<code>${escapeHtml(refusal.path)}</code>` : escapeHtml(t.wholeDocument)}</td>` +
        `<td>${escapeHtml(refusal.reason)}</td><td>${escapeHtml(formatWhen(new Date(refusal.at)))}</td></tr>`,
    )
    .join("");
  return scrollable(
    "rechazos",
    t.caption,
    `<table><caption>${escapeHtml(t.caption)}</caption>` +
      `<thead><tr><th scope="col">${escapeHtml(t.source)}</th><th scope="col">${escapeHtml(t.path)}</th><th scope="col">${escapeHtml(t.reason)}</th><th scope="col">${escapeHtml(t.since)}</th></tr></thead>` +
      `<tbody>${rows}</tbody></table>`,
  );
}

function filesTable(files: FileStatus[]): string {
  const t = texts.files;
  const rows = files
    .map((status) => {
      const state = status.problems.length === 0 ? t.ok : status.loadedAt ? t.refusedKeeping : t.refusedNone;
      return (
        `<tr><th scope="row"><code>${escapeHtml(status.file)}</code></th>` +
        `<td>${escapeHtml(status.loadedAt ? formatWhen(status.loadedAt) : t.never)}</td>` +
        `<td${status.problems.length ? ' class="refused"' : ""}>${escapeHtml(state)}</td></tr>`
      );
    })
    .join("");
  return scrollable(
    "archivos",
    t.caption,
    `<table><caption>${escapeHtml(t.caption)}</caption>` +
      `<thead><tr><th scope="col">${escapeHtml(t.file)}</th><th scope="col">${escapeHtml(t.loadedAt)}</th><th scope="col">${escapeHtml(t.state)}</th></tr></thead>` +
      `<tbody>${rows}</tbody></table>`,
  );
}

function publishedSection(summary: VersionSummary | undefined, serving: number): string {
  const t = texts.studio;
  const servingText = serving > 0 ? t.serving.replace("{{number}}", String(serving)) : t.servingSeed;
  if (!summary) return `<p id="sin-versiones">${escapeHtml(t.none)}</p><p>${escapeHtml(servingText)}</p>`;
  const note = summary.note ? escapeHtml(summary.note) : escapeHtml(t.noNote);
  const restored = summary.restoredFrom ? ` ${escapeHtml(t.restoredFrom.replace("{{number}}", String(summary.restoredFrom)))}` : "";
  return (
    scrollable(
      "version-publicada",
      t.caption,
      `<table><caption>${escapeHtml(t.caption)}</caption>` +
        `<thead><tr><th scope="col">${escapeHtml(t.number)}</th><th scope="col">${escapeHtml(t.author)}</th><th scope="col">${escapeHtml(t.publishedAt)}</th><th scope="col">${escapeHtml(t.note)}</th></tr></thead>` +
        `<tbody><tr><td>${summary.number}</td><td>${escapeHtml(summary.author)}</td><td>${escapeHtml(formatWhen(new Date(summary.publishedAt)))}</td><td>${note}${restored}</td></tr></tbody></table>`,
    ) + `<p>${escapeHtml(servingText)}</p>`
  );
}

function draftsTable(drafts: Draft[]): string {
  const t = texts.drafts;
  if (drafts.length === 0) return `<p id="sin-borradores">${escapeHtml(t.none)}</p>`;
  const rows = drafts
    .map(
      (draft) =>
        `<tr><th scope="row"><code>pages-config/${escapeHtml(draft.file)}</code></th><td>${escapeHtml(draft.author)}</td>` +
        `<td>${escapeHtml(formatWhen(new Date(draft.savedAt)))}</td><td>${draft.revision}</td></tr>`,
    )
    .join("");
  return scrollable(
    "borradores",
    t.caption,
    `<table><caption>${escapeHtml(t.caption)}</caption>` +
      `<thead><tr><th scope="col">${escapeHtml(t.file)}</th><th scope="col">${escapeHtml(t.author)}</th><th scope="col">${escapeHtml(t.savedAt)}</th><th scope="col">${escapeHtml(t.revision)}</th></tr></thead>` +
      `<tbody>${rows}</tbody></table>`,
  );
}

/** The studio's part of the page: the version published and the drafts waiting, read from the shared state. */
async function studioSections(versions: VersionStore): Promise<string> {
  const serving = liveVersion();
  try {
    const [[summary], drafts] = await Promise.all([versions.history(1), versions.drafts()]);
    return `<h2>${escapeHtml(texts.studio.heading)}</h2>${publishedSection(summary, serving)}<h2>${escapeHtml(texts.drafts.heading)}</h2>${draftsTable(drafts)}`;
  } catch (error) {
    logger("config").error({ err: error }, "estado de la configuración: no se pudo leer el estudio");
    return `<h2>${escapeHtml(texts.studio.heading)}</h2><p class="refused">${escapeHtml(texts.studio.unavailable)}</p>`;
  }
}

/** A body written once `text` is ready (the studio's part is read from the shared state; the answer's status is known before). */
function bodyWhenReady(text: Promise<string>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(await text));
      controller.close();
    },
  });
}

function page(nonce: string, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce)}">${STYLES}</style></head>
<body><main>${body}</main></body></html>`;
}

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The token may be in the address: it never leaves in a Referer.
  "Referrer-Policy": "no-referrer",
};

/**
 * The whole answer of GET /estado-config, or null when the page does not exist (no token
 * configured): the site's own 404 page answers then. server/app.ts serves it beside /readyz, not
 * as a route of the app, so no visitor's browser carries it in the route manifest.
 */
export function configStatusResponse(request: Request, nonce = "", token = env.configStatusToken, versions: VersionStore | undefined = studioVersions()): Response | null {
  const access = statusAccess(request, token);
  if (access === "notFound") return null;
  if (access === "unauthorized") {
    const body = `<h1>${escapeHtml(texts.unauthorized.title)}</h1><p>${escapeHtml(texts.unauthorized.text)}</p>`;
    return new Response(page(nonce, texts.documentTitle, body), { status: 401, headers: { ...HEADERS, "WWW-Authenticate": 'Bearer realm="estado-config"' } });
  }
  const files = liveStore().checkAll();
  const refused = refusals.list();
  const top = `<h1>${escapeHtml(texts.heading)}</h1><p>${escapeHtml(texts.intro)}</p>` + `<p>${escapeHtml(texts.checkedAt.replace("{{when}}", formatWhen(new Date())))}</p>`;
  const rest = `<h2>${escapeHtml(texts.refusals.heading)}</h2>${refusalsTable(refused)}` + `<h2>${escapeHtml(texts.files.heading)}</h2>${filesTable(files)}`;
  // studioVersions() is there only with the studio on (lib/config/live.server.ts startLiveConfig).
  if (!versions) return new Response(page(nonce, texts.documentTitle, top + rest), { status: 200, headers: HEADERS });
  const body = studioSections(versions).then((studio) => page(nonce, texts.documentTitle, top + studio + rest));
  return new Response(bodyWhenReady(body), { status: 200, headers: HEADERS });
}
