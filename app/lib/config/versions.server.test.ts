import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@redis/client";
import { afterAll, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { fileState } from "../store/file-state.server";
import { memoryState, redisState } from "../store/shared-state.server";
import type { SharedState } from "../store/types";
import { compareDocuments, STUDIO_KEEP_MS, versionStore, type Documents, type VersionStore } from "./versions.server";

/**
 * The studio's versions and drafts (./versions.server.ts) on the shared state's backends: this
 * process's memory, the journaled file, and Redis (a real redis-server, tests/unit/redis-server
 * .global-setup.ts) where two clients stand for two instances of the site. Each test keeps its
 * keys and channels under a prefix of its own, as if it had a Redis to itself.
 */

const opened: SharedState[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** `state` with every key and channel under `prefix`: a test's own corner of a shared Redis. */
function within(state: SharedState, prefix: string): SharedState {
  return {
    hit: (key, windowMs) => state.hit(prefix + key, windowMs),
    peek: (key) => state.peek(prefix + key),
    release: (key) => state.release(prefix + key),
    clear: (key) => state.clear(prefix + key),
    claim: (key, value, ttlMs) => state.claim(prefix + key, value, ttlMs),
    get: (key) => state.get(prefix + key),
    set: (key, value, ttlMs) => state.set(prefix + key, value, ttlMs),
    keys: async (start) => (await state.keys(prefix + start)).map((key) => key.slice(prefix.length)),
    publish: (channel, message) => state.publish(prefix + channel, message),
    subscribe: (channel, listener) => state.subscribe(prefix + channel, listener),
    ping: () => state.ping(),
    close: () => state.close(),
  };
}

const seedDocuments = (): Documents => ({
  "site.json": { $schema: "../schemas/json/site.schema.json", brand: { name: "Bait", slug: "bait" }, navigation: [{ id: "inicio", label: "Inicio" }] },
  "flags.json": { sso: { description: "SSO", enabled: false } },
  "pages/inicio.json": { path: "/", title: "Inicio", blocks: [{ type: "hero", title: "Hola" }] },
  "banners/inicio.json": {
    banners: [
      { name: "uno", alt: "Uno" },
      { name: "dos", alt: "Dos" },
    ],
  },
});

type Instances = { a: VersionStore; b: VersionStore; states: [SharedState, SharedState] };

const backends: Array<{ name: string; instances: () => Instances }> = [
  {
    name: "memory",
    instances: () => {
      const state = within(memoryState(), `test:${randomUUID()}:`);
      return { a: versionStore(state, seedDocuments), b: versionStore(state, seedDocuments), states: [state, state] };
    },
  },
  {
    name: "a journaled file",
    instances: () => {
      const dir = mkdtempSync(path.join(tmpdir(), "bait-versions-"));
      folders.push(dir);
      const raw = fileState(dir);
      opened.push(raw);
      const state = within(raw, `test:${randomUUID()}:`);
      return { a: versionStore(state, seedDocuments), b: versionStore(state, seedDocuments), states: [state, state] };
    },
  },
  {
    name: "Redis (two instances)",
    instances: () => {
      const prefix = `test:${randomUUID()}:`;
      const [one, two] = [redisState(inject("redisUrl")), redisState(inject("redisUrl"))];
      opened.push(one, two);
      const states: [SharedState, SharedState] = [within(one, prefix), within(two, prefix)];
      return { a: versionStore(states[0], seedDocuments), b: versionStore(states[1], seedDocuments), states };
    },
  },
];

/** The seed with a few changes: a page's title, a banner added, a page added, flags removed. */
const changedSet = (): Documents => {
  const documents = seedDocuments();
  (documents["pages/inicio.json"] as { title: string }).title = "Bienvenido";
  (documents["banners/inicio.json"] as { banners: unknown[] }).banners.push({ name: "tres", alt: "Tres" });
  documents["pages/promociones.json"] = { path: "/promociones", title: "Promociones", blocks: [] };
  delete documents["flags.json"];
  return documents;
};

describe.each(backends)("the studio's versions on $name", ({ instances }) => {
  it("serves the seed while nothing is published", async () => {
    const { a } = instances();
    expect(await a.head()).toBe(0);
    expect(await a.history()).toEqual([]);
    expect(await a.get(0)).toBeNull();
    expect(await a.get(1)).toBeNull();
    expect(await a.drafts()).toEqual([]);
  });

  it("publishes version 1 over the seed, with what changed and how, seen by every instance", async () => {
    // The version's time is the test's: only Date is fake, timers and the stores run as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T16:00:00.000Z") });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { a, b } = instances();
    const documents = changedSet();
    const outcome = await a.publish({ documents, author: "ana@bait.example", note: "Campaña de junio", base: 0 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.version).toMatchObject({ number: 1, author: "ana@bait.example", note: "Campaña de junio", restoredFrom: null });
    expect(outcome.version.changed).toEqual(["banners/inicio.json", "flags.json", "pages/inicio.json", "pages/promociones.json"]);
    expect(outcome.version.diff).toEqual({
      "banners/inicio.json": { banners: { _t: "a", 2: [{ name: "tres", alt: "Tres" }] } },
      "flags.json": null,
      "pages/inicio.json": { title: ["Inicio", "Bienvenido"] },
      "pages/promociones.json": null,
    });
    expect(outcome.version.publishedAt).toBe("2026-03-02T16:00:00.000Z");

    expect(await b.head()).toBe(1);
    const read = await b.get(1);
    expect(read).toEqual(outcome.version);
    // `$schema` kept as written.
    expect(read?.documents).toEqual(documents);
    expect(await b.history()).toEqual([
      { number: 1, author: "ana@bait.example", publishedAt: outcome.version.publishedAt, note: "Campaña de junio", restoredFrom: null, changed: outcome.version.changed },
    ]);
  });

  it("compares each version with the one before, keeps every version, and lists them newest first", async () => {
    const { a, b } = instances();
    const first = changedSet();
    await a.publish({ documents: first, author: "ana@bait.example", note: "uno", base: 0 });
    const second = structuredClone(first);
    (second["site.json"] as { brand: { name: string } }).brand.name = "Bait Móvil";
    // A banner moved to the top is a move, not every banner changed.
    const banners = (second["banners/inicio.json"] as { banners: unknown[] }).banners;
    banners.unshift(banners.pop());
    const outcome = await b.publish({ documents: second, author: "beto@bait.example", note: "dos", base: 1 });
    expect(outcome.ok && outcome.version.changed).toEqual(["banners/inicio.json", "site.json"]);
    expect(outcome.ok && outcome.version.diff).toEqual({
      "banners/inicio.json": { banners: { _t: "a", _2: ["", 0, 3] } },
      "site.json": { brand: { name: ["Bait", "Bait Móvil"] } },
    });
    const third = await a.publish({ documents: second, author: "ana@bait.example", note: "sin cambios", base: 2 });
    expect(third.ok && third.version.changed).toEqual([]);

    expect((await a.get(1))?.documents).toEqual(first);
    expect((await a.get(2))?.documents).toEqual(second);
    expect((await a.get(3))?.documents).toEqual(second);
    expect((await b.history()).map((summary) => [summary.number, summary.note])).toEqual([
      [3, "sin cambios"],
      [2, "dos"],
      [1, "uno"],
    ]);
    expect((await b.history(2)).map((summary) => summary.number)).toEqual([3, 2]);
    expect(await b.history(0)).toEqual([]);
  });

  it("refuses a publish from a head that is not the latest, and names the latest", async () => {
    const { a, b } = instances();
    await a.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 });
    expect(await b.publish({ documents: seedDocuments(), author: "beto@bait.example", note: "tarde", base: 0 })).toEqual({ ok: false, reason: "stale", head: 1 });
    // Nor from a head that was never published.
    expect(await b.publish({ documents: seedDocuments(), author: "beto@bait.example", note: "adelantado", base: 7 })).toEqual({ ok: false, reason: "stale", head: 1 });
    expect(await a.head()).toBe(1);
    expect(await a.get(2)).toBeNull();
  });

  it("of concurrent publishes from the same head, on any instance, exactly one wins", async () => {
    const { a, b } = instances();
    await a.publish({ documents: seedDocuments(), author: "ana@bait.example", note: "base", base: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => {
        const documents = changedSet();
        (documents["pages/inicio.json"] as { title: string }).title = `Intento ${index}`;
        return (index % 2 ? a : b).publish({ documents, author: `editor${index}@bait.example`, note: `intento ${index}`, base: 1 });
      }),
    );
    const won = outcomes.filter((outcome) => outcome.ok);
    expect(won).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array.from({ length: 7 }, () => ({ ok: false, reason: "stale", head: 2 })));
    expect(await b.head()).toBe(2);
    const winner = won[0]!.ok ? won[0]!.version : null;
    expect((await a.get(2))?.documents).toEqual(winner?.documents);
    expect(await a.get(3)).toBeNull();
  });

  it("finds the head after a publish that stopped between its claim and the head's update", async () => {
    const { a, states } = instances();
    // An instance whose update of the head never lands (a crash, Redis gone right then).
    const broken: SharedState = { ...states[0], set: (key, value, ttlMs) => (key === "studio:head" ? Promise.reject(new Error("Redis no responde")) : states[0].set(key, value, ttlMs)) };
    const crashing = versionStore(broken, seedDocuments);
    expect((await crashing.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 })).ok).toBe(true);
    expect(await states[0].get("studio:head")).toBeNull();
    expect(await a.head()).toBe(1);
    expect(await a.publish({ documents: seedDocuments(), author: "ana@bait.example", note: "stale", base: 0 })).toMatchObject({ ok: false, head: 1 });
    expect((await a.publish({ documents: seedDocuments(), author: "ana@bait.example", note: "dos", base: 1 })).ok).toBe(true);
    expect(await crashing.head()).toBe(2);
  });

  it("a rollback publishes an earlier version's documents as a new version that says which it restored", async () => {
    const { a, b } = instances();
    await a.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 });
    const second = changedSet();
    (second["site.json"] as { brand: { name: string } }).brand.name = "Otra marca";
    await a.publish({ documents: second, author: "ana@bait.example", note: "dos", base: 1 });

    const first = await b.get(1);
    const outcome = await b.publish({ documents: first!.documents, author: "beto@bait.example", note: "vuelve la 1", base: 2, restoredFrom: 1 });
    expect(outcome.ok && outcome.version).toMatchObject({ number: 3, restoredFrom: 1, changed: ["site.json"], diff: { "site.json": { brand: { name: ["Otra marca", "Bait"] } } } });
    expect((await a.get(3))?.documents).toEqual(first!.documents);
    expect((await a.history(1))[0]).toMatchObject({ number: 3, restoredFrom: 1 });
    // Back to the seed: version 0's documents, published again.
    const seedAgain = await a.publish({ documents: seedDocuments(), author: "ana@bait.example", note: "como se desplegó", base: 3, restoredFrom: 0 });
    expect(seedAgain.ok && seedAgain.version.restoredFrom).toBe(0);
  });

  it("refuses documents under a path that is no config file's", async () => {
    const { a } = instances();
    await expect(a.publish({ documents: { ...seedDocuments(), "../fuera.json": {} }, author: "ana@bait.example", note: "", base: 0 })).rejects.toThrow("no es un archivo de configuración");
    await expect(a.saveDraft({ file: "otro.json", value: {}, author: "ana@bait.example", revision: 0, base: 0 })).rejects.toThrow("no es un archivo de configuración");
    await expect(a.publish({ documents: seedDocuments(), author: "ana@bait.example", note: "", base: -1 })).rejects.toThrow("base");
    expect(await a.head()).toBe(0);
  });

  it("saves a draft revision by revision and refuses a save from a revision that is not the latest", async () => {
    const { a, b } = instances();
    const file = "pages/inicio.json";
    const first = await a.saveDraft({ file, value: { title: "uno" }, author: "ana@bait.example", revision: 0, base: 0 });
    expect(first).toEqual({ ok: true, draft: { file, value: { title: "uno" }, revision: 1, base: 0, author: "ana@bait.example", savedAt: expect.any(String) } });
    const stale = await b.saveDraft({ file, value: { title: "otro" }, author: "beto@bait.example", revision: 0, base: 0 });
    expect(stale).toEqual({ ok: false, reason: "stale", current: first.ok ? first.draft : null });
    const second = await b.saveDraft({ file, value: { title: "dos" }, author: "beto@bait.example", revision: 1, base: 0 });
    expect(second.ok && second.draft).toMatchObject({ revision: 2, value: { title: "dos" }, author: "beto@bait.example" });
    expect(await a.draft(file)).toEqual(second.ok ? second.draft : null);
    expect(await a.draft("pages/otra.json")).toBeNull();

    await a.saveDraft({ file: "site.json", value: { brand: {} }, author: "ana@bait.example", revision: 0, base: 0 });
    expect((await b.drafts()).map((draft) => [draft.file, draft.revision])).toEqual([
      ["pages/inicio.json", 2],
      ["site.json", 1],
    ]);
  });

  it("of concurrent saves from the same revision, on any instance, exactly one wins", async () => {
    const { a, b } = instances();
    const file = "banners/inicio.json";
    await a.saveDraft({ file, value: { banners: [] }, author: "ana@bait.example", revision: 0, base: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) => (index % 2 ? a : b).saveDraft({ file, value: { banners: [{ name: `b${index}` }] }, author: `editor${index}@bait.example`, revision: 1, base: 0 })),
    );
    const won = outcomes.filter((outcome) => outcome.ok);
    expect(won).toHaveLength(1);
    const winner = won[0]!.ok ? won[0]!.draft : null;
    expect(winner?.revision).toBe(2);
    for (const outcome of outcomes) if (!outcome.ok) expect(outcome.current).toEqual(winner);
    expect(await b.draft(file)).toEqual(winner);
  });

  it("discards a draft: gone from every instance, and the next save starts again from revision 0", async () => {
    const { a, b } = instances();
    const file = "flags.json";
    await a.saveDraft({ file, value: { uno: 1 }, author: "ana@bait.example", revision: 0, base: 0 });
    await a.saveDraft({ file, value: { uno: 2 }, author: "ana@bait.example", revision: 1, base: 0 });
    await b.discardDraft(file);
    expect(await a.draft(file)).toBeNull();
    expect(await a.drafts()).toEqual([]);
    // Discarding nothing is no error.
    await a.discardDraft(file);
    expect(await a.saveDraft({ file, value: { uno: 3 }, author: "ana@bait.example", revision: 2, base: 1 })).toEqual({ ok: false, reason: "stale", current: null });
    const again = await a.saveDraft({ file, value: { uno: 3 }, author: "ana@bait.example", revision: 0, base: 1 });
    expect(again.ok && again.draft).toMatchObject({ revision: 1, base: 1, value: { uno: 3 } });
    expect((await b.drafts()).map((draft) => draft.file)).toEqual([file]);
  });

  it("tells every instance's listeners of each publish, until they stop", async () => {
    const { a, b, states } = instances();
    const heardOnB: number[] = [];
    const heardOnA: number[] = [];
    const stopB = b.onPublish((head) => heardOnB.push(head));
    a.onPublish((head) => heardOnA.push(head));
    // On Redis a subscription is in place a moment after it is asked for: a probe on B's
    // subscriber connection, asked for after the listeners', says when they are.
    const probe: string[] = [];
    states[1].subscribe("probe", (message) => probe.push(message));
    await vi.waitFor(
      async () => {
        if (probe.length === 0) await states[0].publish("probe", "x");
        expect(probe.length).toBeGreaterThan(0);
      },
      { timeout: 5_000, interval: 50 },
    );

    await a.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 });
    await vi.waitFor(() => expect(heardOnB).toEqual([1]), { timeout: 2_000 });
    await vi.waitFor(() => expect(heardOnA).toEqual([1]), { timeout: 2_000 });
    // A message that is no version number is ignored.
    await states[0].publish("studio:published", "no es un número");
    stopB();
    await b.publish({ documents: seedDocuments(), author: "beto@bait.example", note: "dos", base: 1 });
    await vi.waitFor(() => expect(heardOnA).toEqual([1, 2]), { timeout: 2_000 });
    expect(heardOnB).toEqual([1]);
  });
});

describe("the studio's keys", () => {
  it("never expire by themselves: a version published 19 years ago is still served", async () => {
    let now = Date.parse("2026-03-02T16:00:00.000Z");
    const state = memoryState(() => now);
    const versions = versionStore(state, seedDocuments, { clock: () => now });
    await versions.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 });
    await versions.saveDraft({ file: "site.json", value: {}, author: "ana@bait.example", revision: 0, base: 1 });
    now += 19 * 365 * 24 * 3_600_000;
    expect(await versions.head()).toBe(1);
    expect((await versions.get(1))?.documents).toEqual(changedSet());
    expect(await versions.draft("site.json")).toMatchObject({ revision: 1 });
  });

  it("live on Redis for 20 years, under studio:…, a document stored once for every version that has it", async () => {
    const prefix = `test:${randomUUID()}:`;
    const state = redisState(inject("redisUrl"));
    opened.push(state);
    const versions = versionStore(within(state, prefix), seedDocuments);
    await versions.publish({ documents: changedSet(), author: "ana@bait.example", note: "uno", base: 0 });
    await versions.publish({ documents: changedSet(), author: "ana@bait.example", note: "igual", base: 1 });
    const admin = createClient({ url: inject("redisUrl") });
    await admin.connect();
    try {
      const keys = (await admin.keys(`bait:state:${prefix}*`)).map((key) => key.slice(`bait:state:${prefix}`.length)).sort();
      expect(keys.filter((key) => !key.startsWith("studio:document:"))).toEqual(["studio:head", "studio:version:1", "studio:version:2"]);
      expect(keys.filter((key) => key.startsWith("studio:document:"))).toHaveLength(Object.keys(changedSet()).length);
      for (const key of keys) expect(await admin.pTTL(`bait:state:${prefix}${key}`)).toBeGreaterThan(STUDIO_KEEP_MS - 60_000);
    } finally {
      await admin.close();
    }
  });
});

describe("compareDocuments", () => {
  it("names the files added, removed and changed, in path order; key order is no change", () => {
    const before: Documents = { "site.json": { a: 1, b: 2 }, "flags.json": { x: true }, "pages/z.json": { t: "z" } };
    const after: Documents = { "site.json": { b: 2, a: 1 }, "pages/z.json": { t: "zz" }, "pages/a.json": {} };
    expect(compareDocuments(before, after)).toEqual({
      changed: ["flags.json", "pages/a.json", "pages/z.json"],
      diff: { "flags.json": null, "pages/a.json": null, "pages/z.json": { t: ["z", "zz"] } },
    });
  });
});
