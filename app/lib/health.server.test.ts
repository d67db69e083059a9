import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietLog } from "./log.test-helpers";

// A copy of the real config, which these tests break as a marketer might.
const dir = mkdtempSync(path.join(tmpdir(), "bait-health-"));
cpSync(path.resolve(__dirname, "../../pages-config"), dir, { recursive: true });
process.env.CONFIG_DIR = dir;

let health: typeof import("./health.server");
beforeAll(async () => {
  health = await import("./health.server");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let tick = 0;
function write(file: string, content: string) {
  const full = path.join(dir, file);
  writeFileSync(full, content);
  const when = new Date(Date.now() + ++tick * 1000);
  utimesSync(full, when, when);
}

describe("the readiness report", () => {
  it("lists a refused edit (file, path, reason) and says degraded, but stays ready: the last good copy serves", async () => {
    const quiet = quietLog();
    expect(await health.healthReport()).toEqual(expect.objectContaining({ ready: true, degraded: false, refusals: [] }));

    const good = readFileSync(path.join(dir, "banners/recargas.json"), "utf8");
    const broken = JSON.parse(good);
    broken.banners[0].action = "volar";
    // No page has read the edit yet: the report checks every file itself.
    write("banners/recargas.json", JSON.stringify(broken));
    const report = await health.healthReport();
    expect(report).toEqual(expect.objectContaining({ ready: true, degraded: true, problems: [] }));
    expect(report.refusals).toEqual([
      {
        file: "pages-config/banners/recargas.json",
        path: "banners[0].action",
        reason: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore",
        since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);

    write("banners/recargas.json", good);
    expect(await health.healthReport()).toEqual(expect.objectContaining({ ready: true, degraded: false, refusals: [] }));
    quiet.mockRestore();
  });
});
