import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The studio on, with an accounts file of this test's own and the state in memory: set before any import reads the environment.
vi.hoisted(() => {
  process.env.STUDIO_SECRET = "secreto-de-prueba-del-estudio-publicar-0123456789";
  process.env.STUDIO_USERS_FILE = `${process.env.TMPDIR ?? "/tmp"}/bait-estudio-publicar-${process.pid}-${Date.now()}/studio-users`;
  delete process.env.REDIS_URL;
  delete process.env.DATA_DIR;
});

import { rmSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { versions } from "~/lib/config/studio-versions.server";
import { quietLog } from "~/lib/log.test-helpers";
import { blockKinds } from "~/render/blocks/kinds.server";
import { saveAccount } from "./auth/accounts.server";
import { signInAction } from "./auth/sign-in.server";
import { published } from "./published.server";
import { loadStudioHome, loadVersion, publishDrafts, restoreVersion } from "./studio.server";

/**
 * A publish publishes what the publisher reviewed (docs/studio.md "Publishing"): the home page's
 * form carries the drafts it showed; a draft added, changed or dropped since is refused with what
 * changed, and nothing is published. A restore names the version shown and the one it replaces.
 */
const file = env.studio.usersFile;
const PASSWORD = "contraseña de prueba larga";
const ORIGIN = "http://localhost";
let addresses = 0;
let pia = "";

beforeAll(async () => {
  quietLog();
  await saveAccount(file, { email: "pia@bait.mx", role: "publisher", password: PASSWORD });
  const signedIn = answerOf(await signInAction(post("/estudio/entrar", { email: "pia@bait.mx", password: PASSWORD, volver: "/estudio" }), { clientIp: `198.51.100.${++addresses}` } as AppLoadContext));
  pia = signedIn.headers.get("Set-Cookie")!.split(";")[0]!;
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(path.dirname(file), { recursive: true, force: true });
});

function post(pathname: string, fields: Record<string, string | string[]>, cookie = "") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(`${ORIGIN}${pathname}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });
}
const get = (pathname: string, cookie = "") => new Request(`${ORIGIN}${pathname}`, { headers: { Cookie: cookie } });

type Answer = { status: number; headers: Headers; data: Record<string, unknown> };
function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: {} };
  const { data, init } = value as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

/** The publish form as the home page draws it: its hidden fields from the page's data. */
async function homeForm() {
  const page = answerOf(await loadStudioHome(get("/estudio", pia), blockKinds)).data as { head: number; reviewed?: string[] };
  return { base: String(page.head), ...(page.reviewed ? { revisado: page.reviewed } : {}) };
}

async function saveBanner(name: string) {
  const current = await published();
  const banners = structuredClone(current.documents["banners/inicio.json"]) as { banners: Array<{ name: string }> };
  banners.banners[0]!.name = name;
  const draft = await versions.draft("banners/inicio.json");
  const saved = await versions.saveDraft({ file: "banners/inicio.json", value: banners, author: "ana@bait.mx", revision: draft?.revision ?? 0, base: current.head });
  expect(saved.ok).toBe(true);
}

async function saveSite(title: string) {
  const current = await published();
  const site = structuredClone(current.documents["site.json"]) as { menu: { groups: Array<{ options: Array<{ section: string }> }> } };
  site.menu.groups[0]!.options[0]!.section = title;
  const draft = await versions.draft("site.json");
  const saved = await versions.saveDraft({ file: "site.json", value: site, author: "ana@bait.mx", revision: draft?.revision ?? 0, base: current.head });
  expect(saved.ok).toBe(true);
}

async function dropDrafts() {
  for (const draft of await versions.drafts()) await versions.discardDraft(draft.file);
}

const publish = async (form: Record<string, string | string[]>) => answerOf(await publishDrafts(post("/estudio?index", { nota: "Banner de invierno", ...form }, pia), blockKinds));

describe("publishing what was reviewed", () => {
  it("refuses a draft saved after the page was loaded, names it, keeps the note, and publishes nothing", async () => {
    await saveBanner("Banner revisado");
    const form = await homeForm();
    // Meanwhile an editor saves site.json.
    await saveSite("Menú sin revisar");
    const head = await versions.head();

    const refused = await publish(form);
    expect(refused.status).toBe(409);
    expect(refused.data.result).toMatchObject({ error: { "": [expect.stringMatching(/^Cambió desde que lo revisaste/)] }, initialValue: { nota: "Banner de invierno" } });
    expect(refused.data.changed).toEqual([expect.objectContaining({ file: "site.json", how: "added", changes: expect.arrayContaining([expect.objectContaining({ path: "/menu/groups/0/options/0/section", after: '"Menú sin revisar"' })]) })]);
    expect(await versions.head()).toBe(head);
    expect((await versions.drafts()).map((draft) => draft.file)).toEqual(["banners/inicio.json", "site.json"]);

    // The page again, with both drafts now shown: its form publishes both.
    const done = await publish(await homeForm());
    expect(done.status).toBe(302);
    expect(await versions.head()).toBe(head + 1);
    const version = await versions.get(head + 1);
    expect(version?.changed.sort()).toEqual(["banners/inicio.json", "site.json"]);
    expect(await versions.drafts()).toEqual([]);
  });

  it("refuses a draft changed since, and one dropped since", async () => {
    await saveBanner("Primera redacción");
    await saveSite("Recargas y más");
    const form = await homeForm();
    await saveBanner("Segunda redacción, sin revisar");
    const changed = await publish(form);
    expect(changed.status).toBe(409);
    expect(changed.data.changed).toEqual([expect.objectContaining({ file: "banners/inicio.json", how: "changed" })]);

    const again = await homeForm();
    await versions.discardDraft("site.json");
    const dropped = await publish(again);
    expect(dropped.status).toBe(409);
    expect(dropped.data.changed).toEqual([{ file: "site.json", how: "discarded", changes: [] }]);
    await dropDrafts();
    // With every draft gone, the drafts it showed are all "discarded": nothing publishes.
    const gone = await publish(again);
    expect(gone.status).toBe(409);
    expect((gone.data.changed as Array<{ how: string }>).map((entry) => entry.how)).toEqual(["discarded", "discarded"]);
  });

  it("refuses a form that names no drafts, or names them badly, while drafts wait", async () => {
    await saveBanner("Sin revisar");
    const head = await versions.head();
    const none = await publish({ base: String(head) });
    expect(none.status).toBe(409);
    expect(none.data.changed).toEqual([expect.objectContaining({ file: "banners/inicio.json", how: "added" })]);
    const forged = await publish({ base: String(head), revisado: "banners/inicio.json:no-es-un-resumen" });
    expect(forged.status).toBe(400);
    expect(await versions.head()).toBe(head);
    await dropDrafts();
  });
});

describe("restoring a version", () => {
  it("names the version shown and the one it replaces: another version, or a head moved since, is refused", async () => {
    const head = await versions.head();
    expect(head).toBeGreaterThanOrEqual(1);
    const page = answerOf(await loadVersion(get("/estudio/versiones/1", pia), "1")).data as { head: number; summary: { number: number } };
    expect(page.head).toBe(head);
    const restore = async (form: Record<string, string>) => answerOf(await restoreVersion(post("/estudio/versiones/1", { nota: "Volver", ...form }, pia), "1", blockKinds));

    // A form for version 2 posted to version 1's address.
    expect((await restore({ base: String(head), version: "2" })).status).toBe(400);
    // Someone published since the page was loaded.
    expect((await restore({ base: String(head - 1), version: "1" })).status).toBe(409);
    expect(await versions.head()).toBe(head);

    const done = await restore({ base: String(head), version: "1" });
    expect(done.status).toBe(302);
    expect((await versions.get(head + 1))?.restoredFrom).toBe(1);
  });
});
