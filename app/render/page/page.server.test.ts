import type { AppLoadContext } from "@remix-run/node";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

/**
 * A page's schedule (docs/config.md "Visibility and scheduling"), on the page's loader and a fake
 * clock: a banner whose `from` is to come is left out, and no cache may keep the page past that
 * moment (its s-maxage is cut; the page cache honours it: server/page-cache.test.ts); from that
 * moment on it shows, with no restart and no edit. The browser shows the same on a server whose
 * config is edited while it runs (tests/e2e/chrome/visibility.spec.ts).
 */

const dir = mkdtempSync(path.join(tmpdir(), "bait-config-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), dir, { recursive: true });
process.env.CONFIG_DIR = dir;

/** 10:00 in Mexico City, as the config writes it, and the same instant for the clock. */
const FROM = "2026-03-02T10:00:00-06:00";
const FROM_MS = Date.parse(FROM);
const ALT = "Banner programado de prueba";

const bannersFile = path.join(dir, "banners", "inicio.json");
const banners = JSON.parse(readFileSync(bannersFile, "utf8"));
banners.banners.unshift({ ...banners.banners[0], name: "programado", alt: ALT, from: FROM });
writeFileSync(bannersFile, JSON.stringify(banners));

// Imported once the config folder is set: the config store reads it when first used.
const { useMockUpstream } = await import("../../../mocks/test-support");
useMockUpstream();
const { readConfigPage } = await import("./page.server");

const context = { clientIp: "203.0.113.9", cspNonce: "", visitorId: "test" } as AppLoadContext;
const home = async () => (await readConfigPage(new Request("http://localhost/"), context))!;
const alts = (page: Awaited<ReturnType<typeof home>>) => page.banners.map((banner) => banner.alt);

afterEach(() => vi.useRealTimers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a banner scheduled to start", () => {
  it("is left out until its `from`, on a page no cache keeps past it, and shows from then on", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FROM_MS - 5_000 });
    const before = await home();
    expect(alts(before)).not.toContain(ALT);
    expect(before.cacheControl, "5 s ahead: kept 4 s at most").toBe("public, max-age=0, s-maxage=4");

    vi.setSystemTime(FROM_MS - 1);
    const justBefore = await home();
    expect(alts(justBefore)).not.toContain(ALT);
    expect(justBefore.cacheControl, "within a second: not kept").toBe("public, max-age=0, s-maxage=0");

    vi.setSystemTime(FROM_MS);
    expect(alts(await home())).toContain(ALT);
    vi.setSystemTime(FROM_MS + 24 * 3_600_000);
    expect(alts(await home())).toContain(ALT);
  });
});
