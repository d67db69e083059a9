import { rmSync } from "node:fs";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env.server";
import { logger } from "../log.server";
import { previewCookieValue, verifyPreview } from "../preview-link.server";
import { perRequest } from "../request-context.server";
import { readSeedDocuments, writeDocuments } from "./documents.server";
import { materialise, materialisedRoot, studioVersions, type DocumentWriter } from "./live.server";
import type { ConfigProblem } from "./problems";
import { ConfigStore, folderProblems } from "./store.server";
import type { Documents, VersionStore } from "./versions.server";

/**
 * Previews (docs/config.md "Previews", docs/studio.md "Previews"): a request carrying a valid
 * preview cookie reads another config than the live one, through the same store and the same zod
 * schemas. Two kinds of signed value open one:
 *
 * - `<expiry>.<signature>` (PREVIEW_SECRET): the draft copy of pages-config (CONFIG_DRAFT_DIR).
 *   Fails closed: without a usable PREVIEW_SECRET there is no draft store at all.
 * - `<expiry>.<what>.<signature>`, with the studio on: `borradores`, the published version with
 *   every draft saved in the studio over it, or `v<n>`, the published version n. Signed with
 *   PREVIEW_SECRET, or STUDIO_SECRET when there is none. Each is written to a folder of its own
 *   (live.server.ts materialise) and read through an immutable store; the draft set is written
 *   again when a draft or the head changed.
 *
 * A config with any problem is refused whole: the preview then shows the live site and says why,
 * never half a draft.
 */
export const draftStore =
  env.preview.draftDir && !env.preview.offReason
    ? new ConfigStore(env.preview.draftDir, (message) => logger("config").warn(`[borrador] ${message}`), { watch: env.isProduction })
    : undefined;

if (env.preview.draftDir && env.preview.offReason) logger("config").warn({ reason: env.preview.offReason }, "vista previa del borrador apagada");

/** Every problem of a draft folder as its store reads it now (store.server.ts folderProblems). */
export const draftProblems = folderProblems;

/** What a preview shows. */
export type PreviewShows =
  /** The draft copy of pages-config (CONFIG_DRAFT_DIR). */
  | { kind: "carpeta" }
  /** The studio's drafts (`drafts` of them) over the published version `base`. */
  | { kind: "borradores"; drafts: number; base: number }
  /** The published version `number`. */
  | { kind: "version"; number: number };

export type Preview = {
  /** When the link, and with it the cookie, expires (ms since the epoch). */
  expiresAt: number;
  /** Why the draft is refused; empty when the request is served from it. */
  problems: ConfigProblem[];
  shows: PreviewShows;
  /** A studio preview not written on this instance yet (it is being written): the live site serves meanwhile. */
  preparing?: boolean;
  /** The store the request reads, when nothing is refused. */
  store?: ConfigStore;
};

// ---------------------------------------------------------------------------------------------
// Studio previews: their signed values.

/** What a studio preview shows, as a link names it: the drafts, or a published version's number. */
export type StudioPreviewTarget = "borradores" | number;

const STUDIO_FORM = /^(\d{1,12})\.(borradores|v[1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/;

/** PREVIEW_SECRET when set, else STUDIO_SECRET; empty when neither (nothing then verifies). */
export const studioPreviewSecret = (): string => env.preview.secret || env.studio.secret;

const targetName = (target: StudioPreviewTarget) => (target === "borradores" ? "borradores" : `v${target}`);
const studioSignature = (secret: string, seconds: number, what: string) => createHmac("sha256", secret).update(`vista-previa.v2.${seconds}.${what}`).digest("base64url");

/** The signed value of a studio preview of `target` that ends at `expiresAt` (ms, rounded down to the second). */
export function signStudioPreview(target: StudioPreviewTarget, expiresAt: number, secret = studioPreviewSecret()): string {
  if (target !== "borradores" && !(Number.isInteger(target) && target > 0)) throw new Error(`vista previa de una versión no válida: ${String(target)}`);
  const seconds = Math.floor(expiresAt / 1000);
  const what = targetName(target);
  return `${seconds}.${what}.${studioSignature(secret, seconds, what)}`;
}

/** Whether a value has the shape of a studio preview's (verifyStudioPreview says whether it is good). */
export const isStudioPreviewValue = (value: unknown): boolean => typeof value === "string" && STUDIO_FORM.test(value);

export type StudioPreviewCheck = { ok: true; expiresAt: number; target: StudioPreviewTarget } | { ok: false; reason: "malformed" | "tampered" | "expired" };

/** Whether a studio preview's value was signed with this secret and has not expired. */
export function verifyStudioPreview(value: unknown, now = Date.now(), secret = studioPreviewSecret()): StudioPreviewCheck {
  const match = typeof value === "string" ? STUDIO_FORM.exec(value) : null;
  if (!match || !secret) return { ok: false, reason: "malformed" };
  const seconds = Number(match[1]);
  const what = match[2]!;
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(studioSignature(secret, seconds, what));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "tampered" };
  if (seconds * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, expiresAt: seconds * 1000, target: what === "borradores" ? "borradores" : Number(what.slice(1)) };
}

// ---------------------------------------------------------------------------------------------
// Studio previews: their folders.

type Prepared = { shows: PreviewShows; store?: ConfigStore; dir?: string; problems: ConfigProblem[]; fingerprint: string };

/** What each studio preview shows on this instance now, by its name (`borradores`, `v12`). */
const prepared = new Map<string, Prepared>();
/** When each was last asked to be brought up to date, and the work under way. */
const refreshedAt = new Map<string, number>();
const refreshing = new Map<string, Promise<Prepared | undefined>>();
const queued = new Map<string, Promise<Prepared | undefined>>();
/** Earlier versions kept written at once; the oldest asked for goes first. */
const KEPT_VERSIONS = 4;
/** A replaced folder stays this long, for the requests still reading it. */
const GRACE_MS = 5_000;

/** How many folders this process has written for previews (each gets a name of its own). */
let written = 0;

const retire = (entry: Prepared | undefined) => {
  const dir = entry?.dir;
  if (dir) setTimeout(() => rmSync(dir, { recursive: true, force: true }), GRACE_MS).unref();
};

/** The documents a draft set lies over: the published version's, or pages-config/ as deployed when nothing is published. */
async function baseDocuments(versions: VersionStore, head: number): Promise<Documents> {
  if (head === 0) return readSeedDocuments(env.configDir);
  const version = await versions.get(head);
  if (!version) throw new Error(`la versión ${head} no se encontró`);
  return version.documents;
}

async function prepareDrafts(versions: VersionStore, write: DocumentWriter): Promise<Prepared> {
  const [head, drafts] = await Promise.all([versions.head(), versions.drafts()]);
  const fingerprint = `${head}|${drafts
    .map((draft) => `${draft.file}:${draft.revision}`)
    .sort()
    .join(",")}`;
  const current = prepared.get("borradores");
  if (current?.fingerprint === fingerprint) return current;
  // A name of its own each time: a folder being retired is never written again.
  const name = `vista-previa-borradores-${(written += 1)}`;
  // Each draft's value replaces its file, as a publish of them all would (features/studio withDrafts).
  const documents: Documents = { ...(await baseDocuments(versions, head)), ...Object.fromEntries(drafts.map((draft) => [draft.file, draft.value])) };
  const folder = await materialise(materialisedRoot(), name, documents, write);
  return { shows: { kind: "borradores", drafts: drafts.length, base: head }, ...folder, fingerprint };
}

async function prepareVersion(versions: VersionStore, number: number, write: DocumentWriter): Promise<Prepared> {
  const shows: PreviewShows = { kind: "version", number };
  // A published version never changes: written once.
  const current = prepared.get(`v${number}`);
  if (current?.store) return current;
  const version = await versions.get(number);
  if (!version) return { shows, problems: [{ file: `versión ${number}`, path: "", message: "esta versión no existe" }], fingerprint: "" };
  const folder = await materialise(materialisedRoot(), `vista-previa-v${number}-${(written += 1)}`, version.documents, write);
  return { shows, ...folder, fingerprint: String(number) };
}

/**
 * Writes what a studio preview shows (again, for the drafts, when one of them or the head changed)
 * and keeps it for the requests of that preview on this instance. /vista-previa waits for it
 * before sending the visitor to the page; a request finds it ready, and asks for it to be brought
 * up to date (at most once a second) for the next one.
 */
export function prepareStudioPreview(target: StudioPreviewTarget, versions: VersionStore | undefined = studioVersions(), write: DocumentWriter = writeDocuments): Promise<Prepared | undefined> {
  if (!versions) return Promise.resolve(undefined);
  const name = targetName(target);
  const under = refreshing.get(name);
  // One at a time; a call while one runs gets a run after it, which sees what was saved meanwhile.
  if (under) {
    const next = queued.get(name) ?? under.then(() => (queued.delete(name), prepareStudioPreview(target, versions, write)));
    queued.set(name, next);
    return next;
  }
  refreshedAt.set(name, Date.now());
  const work = (async () => {
    try {
      const next = target === "borradores" ? await prepareDrafts(versions, write) : await prepareVersion(versions, target, write);
      const before = prepared.get(name);
      if (before !== next) {
        prepared.delete(name);
        prepared.set(name, next);
        retire(before);
        const versionsKept = [...prepared.keys()].filter((key) => key !== "borradores");
        for (const key of versionsKept.slice(0, Math.max(0, versionsKept.length - KEPT_VERSIONS))) {
          retire(prepared.get(key));
          prepared.delete(key);
        }
      }
      return next;
    } catch (error) {
      logger("preview").error({ err: error, preview: name }, "no se pudo preparar la vista previa");
      return prepared.get(name);
    } finally {
      refreshing.delete(name);
    }
  })();
  refreshing.set(name, work);
  return work;
}

/** The studio preview a signed value opens on this instance now, if any. */
function studioPreviewOf(value: string, now: number): Preview | undefined {
  const versions = studioVersions();
  if (!env.studio.on || !versions) return undefined;
  const check = verifyStudioPreview(value, now);
  if (!check.ok) return undefined;
  const name = targetName(check.target);
  const ready = prepared.get(name);
  // The drafts move (and a version not found yet may be published since): checked again at most
  // once a second. A version never changes once written.
  const due = now - (refreshedAt.get(name) ?? 0) >= 1_000;
  if (!ready || (due && (check.target === "borradores" || !ready.store))) void prepareStudioPreview(check.target, versions);
  if (!ready) {
    const shows: PreviewShows = check.target === "borradores" ? { kind: "borradores", drafts: 0, base: 0 } : { kind: "version", number: check.target };
    return { expiresAt: check.expiresAt, problems: [], shows, preparing: true };
  }
  return { expiresAt: check.expiresAt, problems: ready.problems, shows: ready.shows, store: ready.store };
}

/** Forgets the studio previews written on this instance (tests). */
export function forgetStudioPreviews() {
  for (const entry of prepared.values()) if (entry.dir) rmSync(entry.dir, { recursive: true, force: true });
  prepared.clear();
  refreshedAt.clear();
}

// ---------------------------------------------------------------------------------------------

/** The preview a Cookie header opens, if any: a cookie signed and unexpired, of either kind. */
export function previewOf(cookieHeader: string, now = Date.now()): Preview | undefined {
  const value = previewCookieValue(cookieHeader, env.isProduction);
  if (!value) return undefined;
  if (isStudioPreviewValue(value)) return studioPreviewOf(value, now);
  if (!draftStore) return undefined;
  const check = verifyPreview(env.preview.secret, value, now);
  if (!check.ok) return undefined;
  return { expiresAt: check.expiresAt, problems: draftProblems(draftStore), shows: { kind: "carpeta" }, store: draftStore };
}

/** The preview of the request being served (worked out once per request), if any. */
export const currentPreview = (): Preview | undefined => perRequest("preview", (cookie) => previewOf(cookie));

/** The preview's store when this request is a preview of a valid config; otherwise the live one serves. */
export function draftStoreForRequest(): ConfigStore | undefined {
  const preview = currentPreview();
  return preview && preview.problems.length === 0 && !preview.preparing ? preview.store : undefined;
}
