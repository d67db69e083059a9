import * as z from "zod/mini";
import { filled } from "./fields";

/**
 * The studio's editing forms (docs/studio.md), shared by their actions and views: saving a
 * document's draft, publishing the drafts, restoring an earlier version. Messages are keys of
 * locales/es-MX/studio.json.
 */

/** A config file's path inside pages-config/, as the studio names it (site.json, banners/inicio.json). */
const FILE = /^(?:[a-z]+\.json|(?:pages|modals|banners)\/[a-z0-9{}-]+\.json)$/;

const count = () => z.coerce.number().check(z.int(), z.nonnegative());

/** The longest note a publish carries. */
export const NOTE_MAX = 200;

/** Saving a draft: the document as JSON text (the form's data, or the raw view's text) and the revision the editor started from. */
export const studioDraftSchema = z.object({
  intent: z.literal("guardar"),
  archivo: z.string().check(z.regex(FILE, "studio:editor.errors.file")),
  revision: count(),
  base: count(),
  valor: z.string({ error: "studio:editor.errors.empty" }).check(z.trim(), filled("studio:editor.errors.empty")),
});
export type StudioDraftForm = z.infer<typeof studioDraftSchema>;

/** Dropping a draft: the published document serves again. */
export const studioDiscardSchema = z.object({
  intent: z.literal("descartar"),
  archivo: z.string().check(z.regex(FILE, "studio:editor.errors.file")),
});

const note = () =>
  z
    .string({ error: "studio:publish.errors.noteRequired" })
    .check(z.trim(), filled("studio:publish.errors.noteRequired"), z.maxLength(NOTE_MAX, "studio:publish.errors.noteTooLong"));

/** A draft as the publisher saw it: its file and the SHA-256 of its JSON (`site.json:3f…`), one field per draft shown. */
export const REVIEWED = new RegExp(`^${FILE.source.slice(1, -1)}:[0-9a-f]{64}$`);

/**
 * Publishing the drafts: a note saying why, the version it was decided on, and the drafts the
 * publisher saw (`revisado`, none when they saw none): a draft added, changed or dropped since
 * is refused, never published unseen.
 */
export const studioPublishSchema = z.object({
  nota: note(),
  base: count(),
  revisado: z.optional(z.array(z.string().check(z.regex(REVIEWED, "studio:publish.errors.reviewed")))),
});
export type StudioPublishForm = z.infer<typeof studioPublishSchema>;

/** Restoring an earlier version: a note, the version shown (it must be the one the address names) and the version it replaces. */
export const studioRestoreSchema = z.object({
  nota: note(),
  base: count(),
  version: count(),
});
export type StudioRestoreForm = z.infer<typeof studioRestoreSchema>;
