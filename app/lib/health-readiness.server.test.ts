import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { quietLog } from "./log.test-helpers";

// A copy of the real config whose site.json is broken before anything reads it: the instance
// starts with no valid version of it (a later broken edit keeps the last good one:
// health.server.test.ts).
const dir = mkdtempSync(path.join(tmpdir(), "bait-readiness-"));
cpSync(path.resolve(__dirname, "../../pages-config"), dir, { recursive: true });
writeFileSync(path.join(dir, "site.json"), "{ roto");
process.env.CONFIG_DIR = dir;

let health: typeof import("./health.server");
let envModule: typeof import("./env.server");
let store: typeof import("./store/store.server");
beforeAll(async () => {
  health = await import("./health.server");
  envModule = await import("./env.server");
  store = await import("./store/store.server");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/**
 * What /readyz reports when the instance cannot serve (docs/operations.md "Observability"); the
 * server answers 503 with this report when `ready` is false (tests/unit/deploy.test.ts).
 */
describe("the readiness report of an instance that cannot serve", () => {
  it("is not ready while the config has no valid version at boot, and says which file", async () => {
    quietLog();
    const report = await health.healthReport();
    expect(report.ready).toBe(false);
    expect(report.problems).toContain("config: site.json no tiene una versión válida");
  });

  it("is not ready while Redis, when configured, does not answer", async () => {
    quietLog();
    const redisUrl = envModule.env.redisUrl;
    envModule.env.redisUrl = "redis://127.0.0.1:1";
    try {
      vi.spyOn(store.sharedState, "ping").mockResolvedValue(false);
      const report = await health.healthReport();
      expect(report.ready).toBe(false);
      expect(report.problems).toContain("redis: no responde");
    } finally {
      envModule.env.redisUrl = redisUrl;
    }
  });
});
