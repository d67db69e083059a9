import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPreview } from "../preview-link.server";
import { quietLog } from "../log.test-helpers";
import { documentsOf, fakeVersions, withBannerTitle } from "./live.test-helpers";

// The studio on (STUDIO_SECRET), no PREVIEW_SECRET: studio previews are signed with the studio's secret.
const seedDir = mkdtempSync(path.join(tmpdir(), "bait-vista-seed-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), seedDir, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-vista-data-"));
process.env.CONFIG_DIR = seedDir;
process.env.DATA_DIR = dataDir;
const STUDIO_SECRET = "studio-secret-for-the-preview-tests-0123456789";
process.env.STUDIO_SECRET = STUDIO_SECRET;

let draft: typeof import("./draft.server");
let live: typeof import("./live.server");
let quiet: ReturnType<typeof quietLog>;
const versions = fakeVersions();
beforeAll(async () => {
  quiet = quietLog();
  draft = await import("./draft.server");
  live = await import("./live.server");
  versions.publishQuietly(withBannerTitle(documentsOf(seedDir), "Versión uno"));
  versions.publishQuietly(withBannerTitle(documentsOf(seedDir), "Versión dos"));
  await live.startLiveConfig(versions, { pollMs: 60_000 });
});
afterAll(() => {
  (globalThis as Record<symbol, { stop: () => void } | undefined>)[Symbol.for("bait.live-config")]?.stop();
  draft.forgetStudioPreviews();
  quiet.mockRestore();
  rmSync(seedDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const NOW = Date.now();
const IN_8_HOURS = NOW + 8 * 3_600_000;
const cookie = (value: string) => `bait_vista_previa=${value}`;
const bannerTitle = (store: { read: (kind: "banners", file: string) => { banners: Array<{ name: string }> } | undefined } | undefined) => store?.read("banners", "banners/inicio.json")?.banners[0]?.name;

describe("a studio preview's signed value", () => {
  it("names what it shows, and verifies until it expires", () => {
    const drafts = draft.signStudioPreview("borradores", IN_8_HOURS);
    expect(drafts).toMatch(/^\d+\.borradores\.[A-Za-z0-9_-]{43}$/);
    expect(draft.verifyStudioPreview(drafts, NOW)).toEqual({ ok: true, expiresAt: Math.floor(IN_8_HOURS / 1000) * 1000, target: "borradores" });
    expect(draft.verifyStudioPreview(draft.signStudioPreview(12, IN_8_HOURS), NOW)).toMatchObject({ ok: true, target: 12 });
    expect(draft.verifyStudioPreview(drafts, IN_8_HOURS + 1_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another target under the same signature, another secret's value, and a version 0 or not a number", () => {
    const [expiry, , signature] = draft.signStudioPreview("borradores", IN_8_HOURS).split(".");
    expect(draft.verifyStudioPreview(`${expiry}.v3.${signature}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(draft.verifyStudioPreview(draft.signStudioPreview("borradores", IN_8_HOURS, "otro-secreto-de-la-misma-longitud-0123456789"), NOW)).toEqual({ ok: false, reason: "tampered" });
    expect(draft.verifyStudioPreview(`${expiry}.v0.${signature}`, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(() => draft.signStudioPreview(0, IN_8_HOURS)).toThrow();
  });

  it("is never taken for a draft-folder link, nor one of those for it", () => {
    const folderLink = signPreview(STUDIO_SECRET, IN_8_HOURS);
    expect(draft.isStudioPreviewValue(folderLink)).toBe(false);
    expect(draft.verifyStudioPreview(folderLink, NOW)).toEqual({ ok: false, reason: "malformed" });
    // No CONFIG_DRAFT_DIR here: the old kind of link opens nothing.
    expect(draft.previewOf(cookie(folderLink), NOW)).toBeUndefined();
  });
});

describe("a studio preview", () => {
  it("of the drafts: the published version with every saved draft over it, written again when a draft changes", async () => {
    const value = draft.signStudioPreview("borradores", IN_8_HOURS);
    // Not written on this instance yet: the live site serves meanwhile, and the bar says so.
    expect(draft.previewOf(cookie(value), NOW)).toMatchObject({ preparing: true, problems: [] });

    const documents = versions.get(2).then((version) => version!.documents);
    const banners = structuredClone((await documents)["banners/inicio.json"]) as { banners: Array<{ name: string }> };
    banners.banners[0]!.name = "Borrador de invierno";
    await versions.saveDraft({ file: "banners/inicio.json", value: banners, author: "ana@bait.mx", revision: 0, base: 2 });
    await draft.prepareStudioPreview("borradores");
    const preview = draft.previewOf(cookie(value), Date.now());
    expect(preview).toMatchObject({ problems: [], shows: { kind: "borradores", drafts: 1, base: 2 } });
    expect(preview?.preparing).toBeUndefined();
    expect(bannerTitle(preview?.store)).toBe("Borrador de invierno");
    // The live config is untouched.
    expect(bannerTitle(live.liveConfig.now.store)).toBe("Versión dos");

    banners.banners[0]!.name = "Borrador de invierno, segunda vuelta";
    await versions.saveDraft({ file: "banners/inicio.json", value: banners, author: "ana@bait.mx", revision: 1, base: 2 });
    await draft.prepareStudioPreview("borradores");
    expect(bannerTitle(draft.previewOf(cookie(value), Date.now())?.store)).toBe("Borrador de invierno, segunda vuelta");
  });

  it("of the drafts is refused whole when a draft has a problem, and says which", async () => {
    const value = draft.signStudioPreview("borradores", IN_8_HOURS);
    await versions.saveDraft({ file: "flags.json", value: { flags: 3 }, author: "luis@bait.mx", revision: 0, base: 2 });
    await draft.prepareStudioPreview("borradores");
    const preview = draft.previewOf(cookie(value), Date.now());
    expect(preview?.problems.map((problem) => problem.file)).toContain("pages-config/flags.json");
    await versions.discardDraft("flags.json");
    await draft.prepareStudioPreview("borradores");
    expect(draft.previewOf(cookie(value), Date.now())?.problems).toEqual([]);
  });

  it("of an earlier version shows that version; of one that does not exist, says so", async () => {
    const first = draft.signStudioPreview(1, IN_8_HOURS);
    await draft.prepareStudioPreview(1);
    const preview = draft.previewOf(cookie(first), Date.now());
    expect(preview).toMatchObject({ problems: [], shows: { kind: "version", number: 1 } });
    expect(bannerTitle(preview?.store)).toBe("Versión uno");

    await draft.prepareStudioPreview(9);
    expect(draft.previewOf(cookie(draft.signStudioPreview(9, IN_8_HOURS)), Date.now())?.problems).toEqual([{ file: "versión 9", path: "", message: "esta versión no existe" }]);
  });
});
