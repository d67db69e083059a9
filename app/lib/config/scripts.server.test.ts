import { AsyncLocalStorage } from "node:async_hooks";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietLog } from "../log.test-helpers";
import { documentsOf, fakeVersions } from "./live.test-helpers";

// A studio preview of a draft that names scripts of its own (docs/security.md): the page gets the live config's scripts, and the bar the draft's as text.
const seedDir = mkdtempSync(path.join(tmpdir(), "bait-scripts-seed-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), seedDir, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "bait-scripts-data-"));
process.env.CONFIG_DIR = seedDir;
process.env.DATA_DIR = dataDir;
process.env.STUDIO_SECRET = "studio-secret-for-the-scripts-tests-0123456789";
// Both hosts are origins developers allowed (docs/studio.md "Allowing a script origin"): the
// schemas accept the draft, so what holds here is the preview's own rule, not the allowlist.
process.env.SCRIPT_ORIGINS = "https://chat.bait.mx https://evil.example";

/** The request context server/app.ts runs each request in (app/lib/request-context.server.ts). */
const storage = new AsyncLocalStorage<{ upstream: unknown[]; cookie: string }>();
(globalThis as Record<symbol, unknown>)[Symbol.for("bait.request-context")] = storage;
const inRequest = <T>(cookie: string, work: () => T): T => storage.run({ upstream: [], cookie }, work);

let draft: typeof import("./draft.server");
let live: typeof import("./live.server");
let scripts: typeof import("./scripts.server");
let config: typeof import("./config.server");
let quiet: ReturnType<typeof quietLog>;
const versions = fakeVersions();
const LIVE_CHAT = "https://chat.bait.mx/widget.js";
const DRAFT_CHAT = "https://evil.example/chat.js";
const DRAFT_TAG = "https://evil.example/tag.js";

beforeAll(async () => {
  quiet = quietLog();
  draft = await import("./draft.server");
  live = await import("./live.server");
  scripts = await import("./scripts.server");
  config = await import("./config.server");
  const documents = documentsOf(seedDir);
  const site = structuredClone(documents["site.json"]) as { chat: { scriptUrl?: string }; tracking: { consentScripts: string[]; platforms: Record<string, string> } };
  site.chat = { scriptUrl: LIVE_CHAT };
  versions.publishQuietly({ ...documents, "site.json": site });
  await live.startLiveConfig(versions, { pollMs: 60_000 });
  const drafted = structuredClone(site);
  drafted.chat = { scriptUrl: DRAFT_CHAT };
  drafted.tracking.consentScripts = [DRAFT_TAG];
  drafted.tracking.platforms = { google: "G-BORRADOR1" };
  await versions.saveDraft({ file: "site.json", value: drafted, author: "edita@bait.mx", revision: 0, base: 1 });
  await draft.prepareStudioPreview("borradores");
});
afterAll(() => {
  (globalThis as Record<symbol, { stop: () => void } | undefined>)[Symbol.for("bait.live-config")]?.stop();
  draft.forgetStudioPreviews();
  quiet.mockRestore();
  rmSync(seedDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a preview's scripts", () => {
  it("are the live config's, while the rest of the page is the draft's; the bar lists what the draft would add", () => {
    const cookie = `bait_vista_previa=${draft.signStudioPreview("borradores", Date.now() + 3_600_000)}`;
    inRequest(cookie, () => {
      // The draft is what the preview shows…
      expect(config.getSite().chat.scriptUrl).toBe(DRAFT_CHAT);
      // …but not what it loads.
      const settings = scripts.scriptSettings();
      expect(settings.chatScriptUrl).toBe(LIVE_CHAT);
      expect(settings.consentScripts).toEqual([]);
      expect(settings.platforms).toEqual({});
      expect(scripts.scriptsNotLoaded()).toEqual([DRAFT_CHAT, DRAFT_TAG, "Google G-BORRADOR1"]);
    });
  });

  it("outside a preview: the live config's, and nothing to say", () => {
    inRequest("", () => {
      expect(scripts.scriptSettings().chatScriptUrl).toBe(LIVE_CHAT);
      expect(scripts.scriptsNotLoaded()).toEqual([]);
    });
  });
});
