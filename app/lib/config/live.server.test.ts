import { AsyncLocalStorage } from "node:async_hooks";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { quietLog } from "../log.test-helpers";
import { writeDocuments } from "./documents.server";
import { documentsOf, fakeVersions, withBannerTitle as withTitle } from "./live.test-helpers";

// The seed: a copy of the shipped config. The studio is on for this file (the live config follows
// the published head only then); the materialised versions go under a folder of the test's own.
const seedDir = mkdtempSync(path.join(tmpdir(), "bait-live-seed-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), seedDir, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-live-data-"));
process.env.CONFIG_DIR = seedDir;
process.env.DATA_DIR = dataDir;
process.env.STUDIO_SECRET = "studio-secret-for-the-live-config-tests-0123";

let live: typeof import("./live.server");
let config: typeof import("./config.server");
let variant: typeof import("~/render/page/cache-variant.server");
// Every swap and refusal is logged: kept off the test's output.
let quiet: ReturnType<typeof quietLog>;
beforeAll(async () => {
  quiet = quietLog();
  live = await import("./live.server");
  config = await import("./config.server");
  variant = await import("~/render/page/cache-variant.server");
});
afterAll(() => {
  quiet.mockRestore();
  rmSync(seedDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const seedDocuments = () => documentsOf(seedDir);
const withBannerTitle = (title: string) => withTitle(seedDocuments(), title);

const bannerTitle = (store: { read: (kind: "banners", file: string) => { banners: Array<{ name: string }> } | undefined }) => store.read("banners", "banners/inicio.json")?.banners[0]?.name;

const roots: string[] = [];
function liveConfig(graceMs = 50) {
  const root = mkdtempSync(path.join(tmpdir(), "bait-live-versions-"));
  roots.push(root);
  return { root, live: new live.LiveConfig({ seed: live.seedStore, root, write: writeDocuments, graceMs }) };
}
const followers: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const follower of followers.splice(0)) follower.stop();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the live config follows the published version", () => {
  it("serves pages-config/ as deployed while nothing is published", async () => {
    const { live: config } = liveConfig();
    const versions = fakeVersions();
    await config.sync(versions);
    expect(config.now.number).toBe(0);
    expect(config.now.store).toBe(live.seedStore);
    expect(config.synced).toBe(true);
  });

  it("at boot reads the latest version, written to a folder of this process's own, read without a stat per read", async () => {
    const { root, live: config } = liveConfig();
    const versions = fakeVersions();
    versions.publishQuietly(withBannerTitle("Versión uno"));
    versions.publishQuietly(withBannerTitle("Versión dos"));
    const follower = config.follow(versions, { pollMs: 60_000 });
    followers.push(follower);
    await follower.ready;
    expect(config.now.number).toBe(2);
    expect(config.now.summary).toMatchObject({ number: 2, author: "ana@bait.mx", note: "versión 2" });
    expect(config.now.dir).toBe(path.join(root, `2-${process.pid}`));
    expect(bannerTitle(config.now.store)).toBe("Versión dos");
    // Immutable: a change on disk is never read (nothing changes a published version's folder).
    rmSync(path.join(config.now.dir!, "banners/inicio.json"));
    expect(bannerTitle(config.now.store)).toBe("Versión dos");
  });

  it("swaps to a new version as soon as it is announced, and removes the folder before it once its requests are done", async () => {
    const { live: config } = liveConfig(50);
    const versions = fakeVersions();
    versions.publishQuietly(withBannerTitle("Antes"));
    const follower = config.follow(versions, { pollMs: 60_000 });
    followers.push(follower);
    await follower.ready;
    const before = config.now;
    await versions.publish({ documents: withBannerTitle("Después"), author: "luis@bait.mx", note: "campaña", base: 1 });
    await expect.poll(() => config.now.number, { timeout: 2_000 }).toBe(2);
    expect(bannerTitle(config.now.store)).toBe("Después");
    expect(config.now.summary).toMatchObject({ author: "luis@bait.mx", note: "campaña" });
    // A request that pinned the version before reads it whole until its folder goes.
    expect(bannerTitle(before.store)).toBe("Antes");
    await expect.poll(() => existsSync(before.dir!), { timeout: 2_000 }).toBe(false);
  });

  it("finds a version whose announcement was missed within a poll", async () => {
    const { live: config } = liveConfig();
    const versions = fakeVersions();
    const follower = config.follow(versions, { pollMs: 100 });
    followers.push(follower);
    await follower.ready;
    versions.publishQuietly(withBannerTitle("Sin aviso"));
    await expect.poll(() => config.now.number, { timeout: 2_000 }).toBe(1);
    expect(bannerTitle(config.now.store)).toBe("Sin aviso");
  });

  it("refuses a version with a problem whole, keeps serving the one before, and records why", async () => {
    const { RefusalRegistry } = await import("./refusals.server");
    const refusals = new RefusalRegistry(undefined, () => {});
    const root = mkdtempSync(path.join(tmpdir(), "bait-live-versions-"));
    roots.push(root);
    const config = new live.LiveConfig({ seed: live.seedStore, root, write: writeDocuments, refusals, graceMs: 10 });
    const versions = fakeVersions();
    versions.publishQuietly(withBannerTitle("Buena"));
    const broken = withBannerTitle("Rota");
    (broken["banners/inicio.json"] as { banners: Array<{ action: string }> }).banners[0]!.action = "volar";
    delete broken["site.json"];
    versions.publishQuietly(broken);
    await config.sync(versions);
    expect(config.now.number).toBe(0);
    expect(refusals.list().map((refusal) => refusal.source)).toEqual(["pages-config/banners/inicio.json (versión 2)", "pages-config/site.json (versión 2)"]);

    versions.publishQuietly(withBannerTitle("Arreglada"));
    await config.sync(versions);
    expect(config.now.number).toBe(3);
    expect(refusals.list()).toEqual([]);
  });

  it("keeps serving what it serves while the shared state does not answer", async () => {
    const { live: config } = liveConfig();
    const versions = fakeVersions();
    versions.publishQuietly(withBannerTitle("Uno"));
    await config.sync(versions);
    versions.failing = true;
    versions.publishQuietly(withBannerTitle("Dos"));
    await config.sync(versions);
    expect(config.now.number).toBe(1);
    versions.failing = false;
    await config.sync(versions);
    expect(config.now.number).toBe(2);
  });

  it("names a version's cache key by its number: a new version is never served an older version's page", async () => {
    const { live: config } = liveConfig();
    const versions = fakeVersions();
    // Outside production the seed is not watched: nothing may be cached.
    expect(config.cacheKey()).toBeUndefined();
    versions.publishQuietly(withBannerTitle("Uno"));
    await config.sync(versions);
    expect(config.cacheKey()).toBe("v1");
    versions.publishQuietly(withBannerTitle("Dos"));
    await config.sync(versions);
    expect(config.cacheKey()).toBe("v2");
  });
});

describe("the site's live config (studio on)", () => {
  // The request context server/app.ts runs each request in (lib/request-context.server.ts).
  const requests = new AsyncLocalStorage<{ upstream: unknown[]; cookie: string }>();
  (globalThis as Record<symbol, unknown>)[Symbol.for("bait.request-context")] = requests;
  const inRequest = <T>(run: () => T) => requests.run({ upstream: [], cookie: "" }, run);

  it("serves the seed, then each version published, through the getters, with a page cache key that changes with it; a request reads one version whole", async () => {
    const versions = fakeVersions();
    await live.startLiveConfig(versions, { pollMs: 100 });
    followers.push({ stop: () => (globalThis as Record<symbol, { stop: () => void } | undefined>)[Symbol.for("bait.live-config")]?.stop() });
    const seedTitle = config.getBanners("inicio")[0]?.name;
    expect(live.liveVersion()).toBe(0);
    expect(variant.pageCacheVariant("", { ip: "127.0.0.1", visitorId: "a" })).toBeNull();

    await versions.publish({ documents: withBannerTitle("Publicada"), author: "ana@bait.mx", note: "", base: 0 });
    await expect.poll(() => live.liveVersion(), { timeout: 2_000 }).toBe(1);
    expect(config.getBanners("inicio")[0]?.name).toBe("Publicada");
    const first = variant.pageCacheVariant("", { ip: "127.0.0.1", visitorId: "a" });
    expect(first).toMatch(/^v1\|/);

    await inRequest(async () => {
      expect(config.getBanners("inicio")[0]?.name).toBe("Publicada");
      await versions.publish({ documents: withBannerTitle("Siguiente"), author: "ana@bait.mx", note: "", base: 1 });
      await expect.poll(() => live.liveConfig.now.number, { timeout: 2_000 }).toBe(2);
      // The request that started on version 1 ends on it.
      expect(live.liveVersion()).toBe(1);
      expect(config.getBanners("inicio")[0]?.name).toBe("Publicada");
    });
    expect(config.getBanners("inicio")[0]?.name).toBe("Siguiente");
    expect(variant.pageCacheVariant("", { ip: "127.0.0.1", visitorId: "a" })).toMatch(/^v2\|/);
    expect(seedTitle).not.toBe("Siguiente");
  });
});
