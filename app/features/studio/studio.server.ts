import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { studioDiscardSchema, studioDraftSchema, studioPublishSchema, studioRestoreSchema } from "#schemas/forms/studio-edit";
import { parseBlocks, type BlockKinds } from "~/lib/config/blocks";
import { readSeedDocuments, validateDocuments } from "~/lib/config/documents.server";
import { env } from "~/lib/env.server";
import { configFiles, type ConfigKind } from "~/lib/config/files";
import { problemFromJsonSyntax, problemsFromZod, type ConfigProblem } from "~/lib/config/problems";
import { versions } from "~/lib/config/studio-versions.server";
import type { Documents, Draft } from "~/lib/config/versions.server";
import { fixedT } from "~/lib/i18n/fixed-t";
import { studioPreviewPath } from "~/features/preview/preview.server";
import { requireRecentSignIn, requireStudio, studioHeaders, type StudioUser } from "./auth/access.server";
import { changesOf, type Change } from "./changes.server";
import { jsonSchemas } from "./json-schemas.server";
import type { FieldProblem } from "./problems";
import { byKindThenName, editableKind, published, reviewedOf, withDrafts } from "./published.server";
import { studioDocumentUrl, studioVersionUrl } from "./urls";

/**
 * The studio's pages (docs/studio.md): its home (the published version, every document, the drafts
 * waiting and what stops them, publishing), a document's editor (saving and dropping its draft),
 * the history and one version (its changes, its preview, restoring it). Every answer is private
 * and unindexed (`studioHeaders`); each page asks for the role it needs (./auth/access.server.ts).
 */

const t = fixedT("studio");

/** The person the studio shows as signed in, and what they may do. */
const who = (user: StudioUser) => ({ email: user.email, role: user.role, canPublish: user.role === "publisher" });

/** Problems as the studio lists them: the file inside pages-config/, the field, the message. */
const listed = (problems: ConfigProblem[]) => problems.map((problem) => ({ file: problem.file.replace(/^pages-config\//, ""), path: problem.path, message: problem.message }));

// ---------------------------------------------------------------------------------------------
// Home: /estudio
// ---------------------------------------------------------------------------------------------

export async function loadStudioHome(request: Request, kinds: BlockKinds) {
  const user = await requireStudio(request);
  const [current, drafts, history] = await Promise.all([published(), versions.drafts(), versions.history(5)]);
  const files = [...new Set([...Object.keys(current.documents), ...drafts.map((draft) => draft.file)])].filter((file) => editableKind(file)).sort(byKindThenName);
  const problems = drafts.length > 0 ? listed(validateDocuments(withDrafts(current.documents, drafts), kinds)) : [];
  const notice = new URL(request.url).searchParams.get("publicada");
  return data(
    {
      user: who(user),
      head: current.head,
      summary: current.summary,
      documents: files.map((file) => {
        const draft = drafts.find((candidate) => candidate.file === file);
        return { file, kind: editableKind(file)!, draft: draft ? { author: draft.author, savedAt: draft.savedAt, revision: draft.revision } : null };
      }),
      drafts: drafts.map((draft) => ({ file: draft.file, author: draft.author, savedAt: draft.savedAt, stale: draft.base !== current.head })),
      /** The drafts this page shows, as the publish form carries them: a publish of any other is refused. */
      reviewed: drafts.map(reviewedOf),
      problems,
      history,
      previewPath: drafts.length > 0 ? studioPreviewPath("borradores") : null,
      published: notice && /^\d+$/.test(notice) ? Number(notice) : null,
    },
    { headers: studioHeaders },
  );
}

/** A draft the publisher did not see as it is: saved since the page was loaded, saved again, or dropped; with what it now changes. */
export type Unreviewed = { file: string; how: "added" | "changed" | "discarded"; changes: Change[] };

/** The drafts that differ from those the publish form names (`reviewed`, from `reviewedOf`). */
export function unreviewed(reviewed: readonly string[], drafts: readonly Draft[], documents: Documents): Unreviewed[] {
  const seen = new Map(reviewed.map((entry) => [entry.slice(0, entry.lastIndexOf(":")), entry]));
  const found: Unreviewed[] = [];
  for (const draft of drafts) {
    const entry = seen.get(draft.file);
    if (entry !== reviewedOf(draft)) found.push({ file: draft.file, how: entry ? "changed" : "added", changes: changesOf(documents[draft.file], draft.value) });
  }
  for (const file of seen.keys()) if (!drafts.some((draft) => draft.file === file)) found.push({ file, how: "discarded", changes: [] });
  return found.sort((a, b) => byKindThenName(a.file, b.file));
}

/**
 * Publishing the drafts (publishers, after a recent sign-in): exactly the drafts the publisher's
 * page showed (a draft added, changed or dropped since is refused with what changed), all the
 * documents checked together, then one new version.
 */
export async function publishDrafts(request: Request, kinds: BlockKinds) {
  const user = await requireStudio(request, "publisher");
  requireRecentSignIn(user, request);
  const submission = parseWithZod(await request.formData(), { schema: studioPublishSchema });
  const refused = (formError: string, status: number, fields: { problems?: ReturnType<typeof listed>; stale?: boolean; changed?: Unreviewed[] } = {}) =>
    data({ result: submission.reply({ formErrors: [formError] }), problems: [], stale: false, changed: [], ...fields }, { status, headers: studioHeaders });
  if (submission.status !== "success") return data({ result: submission.reply(), problems: [], stale: false, changed: [] }, { status: 400, headers: studioHeaders });
  const { nota, base, revisado = [] } = submission.value;
  const [current, drafts] = await Promise.all([published(), versions.drafts()]);
  if (current.head !== base) return refused(t("publish.errors.stale", { version: current.head }), 409, { stale: true });
  const changed = unreviewed(revisado, drafts, current.documents);
  if (changed.length > 0) return refused(t("publish.errors.changed"), 409, { changed });
  if (drafts.length === 0) return refused(t("publish.errors.nothing"), 400);
  const documents = withDrafts(current.documents, drafts);
  const problems = validateDocuments(documents, kinds);
  if (problems.length > 0) return refused(t("publish.errors.problems"), 400, { problems: listed(problems) });
  const outcome = await versions.publish({ documents, author: user.email, note: nota, base });
  if (!outcome.ok) return refused(t("publish.errors.stale", { version: outcome.head }), 409, { stale: true });
  // A draft saved again while this publish ran stays a draft: only the revisions published go.
  for (const draft of drafts) {
    const now = await versions.draft(draft.file);
    if (now && now.revision === draft.revision) await versions.discardDraft(draft.file);
  }
  return redirect(`/estudio?publicada=${outcome.version.number}`, { headers: studioHeaders });
}

// ---------------------------------------------------------------------------------------------
// A document: /estudio/documento?archivo=banners/inicio.json
// ---------------------------------------------------------------------------------------------

function fileOf(request: Request): { file: string; kind: ConfigKind } {
  const file = new URL(request.url).searchParams.get("archivo") ?? "";
  const kind = editableKind(file);
  if (!kind) throw new Response(null, { status: 404, headers: studioHeaders });
  return { file, kind };
}

export async function loadDocument(request: Request) {
  const user = await requireStudio(request);
  const { file, kind } = fileOf(request);
  const [current, draft] = await Promise.all([published(), versions.draft(file)]);
  if (!(file in current.documents) && !draft) throw new Response(null, { status: 404, headers: studioHeaders });
  const url = new URL(request.url);
  const saved = url.searchParams.get("guardado");
  return data(
    {
      user: who(user),
      file,
      kind,
      raw: url.searchParams.get("vista") === "json",
      value: draft ? draft.value : current.documents[file],
      revision: draft?.revision ?? 0,
      base: current.head,
      draft: draft ? { author: draft.author, savedAt: draft.savedAt, revision: draft.revision } : null,
      /** The draft against the published document, so the editor sees what a publish would change. */
      changes: draft ? changesOf(current.documents[file], draft.value) : [],
      schema: jsonSchemas[kind],
      saved: saved && /^\d+$/.test(saved) ? Number(saved) : null,
      previewPath: draft ? studioPreviewPath("borradores", previewTarget(file, current.documents)) : null,
    },
    { headers: studioHeaders },
  );
}

/** Where a preview of a document lands: the page it is, the page whose banners it holds, else the home page. */
function previewTarget(file: string, documents: Documents): string {
  const match = /^(pages|banners)\/(.+)\.json$/.exec(file);
  if (!match) return "/";
  if (match[1] === "pages") {
    const path = (documents[file] as { path?: unknown } | undefined)?.path;
    return typeof path === "string" && path.startsWith("/") && !path.includes("{") ? path : "/";
  }
  return match[2] === "inicio" ? "/" : `/${match[2]}`;
}

/** What a save answers besides the form's own result: the problems at their fields, the text sent, a conflict. */
export type DocumentAnswer = {
  problems: FieldProblem[];
  /** The JSON the editor sent, so nothing typed is lost. */
  sent: string | null;
  conflict: { author: string; savedAt: string; revision: number; changes: Change[] } | null;
};

const answer = (fields: Partial<DocumentAnswer>, status: number) =>
  data({ problems: [], sent: null, conflict: null, ...fields } satisfies DocumentAnswer, { status, headers: studioHeaders });

/** The problems of one document on its own: its JSON, its schema, and each block of a page or modal. */
export function documentProblems(file: string, kind: ConfigKind, value: unknown, kinds: BlockKinds): FieldProblem[] {
  const body = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== "$schema")) : value;
  const parsed = configFiles[kind].schema.safeParse(body);
  if (!parsed.success) return problemsFromZod(file, parsed.error);
  if (kind === "page" || kind === "modal") {
    const blocks = (parsed.data as { blocks: Array<{ type: string }> }).blocks;
    return parseBlocks(blocks, file, kinds).problems.map((problem) => ({ path: problem.path, message: problem.message }));
  }
  return [];
}

export async function documentAction(request: Request, kinds: BlockKinds) {
  const user = await requireStudio(request);
  const { file, kind } = fileOf(request);
  const form = await request.formData();
  if (form.get("intent") === "descartar") {
    const submission = parseWithZod(form, { schema: studioDiscardSchema });
    if (submission.status !== "success" || submission.value.archivo !== file) return answer({}, 400);
    await versions.discardDraft(file);
    return redirect(studioDocumentUrl(file), { headers: studioHeaders });
  }
  const submission = parseWithZod(form, { schema: studioDraftSchema });
  const sent = typeof form.get("valor") === "string" ? String(form.get("valor")) : null;
  if (submission.status !== "success" || submission.value.archivo !== file) {
    return answer({ sent, problems: [{ path: "", message: t("editor.errors.empty") }] }, 400);
  }
  const { valor, revision, base } = submission.value;
  let value: unknown;
  try {
    value = JSON.parse(valor);
  } catch (error) {
    return answer({ sent, problems: [{ path: "", message: problemFromJsonSyntax(file, valor, error).message }] }, 400);
  }
  const problems = documentProblems(file, kind, value, kinds);
  if (problems.length > 0) return answer({ sent, problems: problems.map(({ path, message }) => ({ path, message })) }, 400);
  const saved = await versions.saveDraft({ file, value, author: user.email, revision, base });
  if (!saved.ok) {
    const current = saved.current;
    return answer(
      {
        sent,
        conflict: current
          ? { author: current.author, savedAt: current.savedAt, revision: current.revision, changes: changesOf(value, current.value) }
          : { author: "", savedAt: "", revision: 0, changes: [] },
      },
      409,
    );
  }
  return redirect(`${studioDocumentUrl(file)}&guardado=${saved.draft.revision}`, { headers: studioHeaders });
}

// ---------------------------------------------------------------------------------------------
// History: /estudio/versiones and /estudio/versiones/:numero
// ---------------------------------------------------------------------------------------------

export async function loadHistory(request: Request) {
  const user = await requireStudio(request);
  const [head, history] = await Promise.all([versions.head(), versions.history(100)]);
  return data({ user: who(user), head, history }, { headers: studioHeaders });
}

function versionNumberOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new Response(null, { status: 404, headers: studioHeaders });
  return Number(raw);
}

export async function loadVersion(request: Request, raw: string | undefined) {
  const user = await requireStudio(request);
  const number = versionNumberOf(raw);
  const [version, head] = await Promise.all([versions.get(number), versions.head()]);
  if (!version) throw new Response(null, { status: 404, headers: studioHeaders });
  // Version 1 was published over the seed: pages-config/ as deployed (until an export rewrites it).
  const previous = number > 1 ? ((await versions.get(number - 1))?.documents ?? {}) : readSeedDocuments(env.configDir);
  const { documents, diff: _diff, ...summary } = version;
  return data(
    {
      user: who(user),
      head,
      summary,
      files: version.changed.map((file) => ({ file, changes: changesOf(previous[file], documents[file]) })),
      previewPath: studioPreviewPath(number),
      restored: new URL(request.url).searchParams.has("restaurada"),
    },
    { headers: studioHeaders },
  );
}

/**
 * Restoring an earlier version (publishers, after a recent sign-in): its documents published again
 * as a new version. The form names the version it showed (it must be the address's) and the
 * version it replaces: a form of another version, or a publish since, is refused.
 */
export async function restoreVersion(request: Request, raw: string | undefined, kinds: BlockKinds) {
  const user = await requireStudio(request, "publisher");
  requireRecentSignIn(user, request);
  const number = versionNumberOf(raw);
  const submission = parseWithZod(await request.formData(), { schema: studioRestoreSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), problems: [] }, { status: 400, headers: studioHeaders });
  if (submission.value.version !== number) return data({ result: submission.reply({ formErrors: [t("publish.errors.otherVersion")] }), problems: [] }, { status: 400, headers: studioHeaders });
  const version = await versions.get(number);
  if (!version) throw new Response(null, { status: 404, headers: studioHeaders });
  const problems = validateDocuments(version.documents, kinds);
  if (problems.length > 0) return data({ result: submission.reply({ formErrors: [t("publish.errors.problems")] }), problems: listed(problems) }, { status: 400, headers: studioHeaders });
  const outcome = await versions.publish({ documents: version.documents, author: user.email, note: submission.value.nota, base: submission.value.base, restoredFrom: number });
  if (!outcome.ok) return data({ result: submission.reply({ formErrors: [t("publish.errors.stale", { version: outcome.head })] }), problems: [] }, { status: 409, headers: studioHeaders });
  return redirect(`${studioVersionUrl(outcome.version.number)}?restaurada=1`, { headers: studioHeaders });
}
