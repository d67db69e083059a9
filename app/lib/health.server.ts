import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getFlags, getPages, getRecharges, getSite, getWidget } from "./config/config.server";
import { liveCacheKey, liveNow, liveWaiting } from "./config/live.server";
import { refusals } from "./config/refusals.server";
import { env } from "./env.server";
import { sharedState } from "./store/store.server";

/**
 * What /healthz and /readyz report (server/app.ts, docs/operations.md "Observability"). The config version is
 * a short hash of every file of the config folder served (pages-config/, or the published
 * version's folder), so two instances serving the same marketing config say the same;
 * `publishedVersion` is the number of the version published in the studio that this instance
 * serves (0: pages-config/ as deployed; lib/config/live.server.ts). Readiness fails while the
 * config has no valid version to serve (broken at boot: a later broken edit keeps the last valid
 * one), while the studio is on and the published head was never read, or Redis, when configured,
 * does not answer.
 *
 * `refusals` lists every refused edit and remote document (file or URL, path, reason in Spanish;
 * docs/config.md "When an edit is refused"). A refusal alone leaves the instance ready, since
 * it serves the last good copy (or the local JSON for a remote document), and sets `degraded`.
 */
export type HealthReport = {
  upstream: "mock" | "real";
  configVersion: string;
  publishedVersion: number;
  ready: boolean;
  degraded: boolean;
  problems: string[];
  refusals: Array<{ file: string; path: string; reason: string; since: string }>;
};

export async function healthReport(): Promise<HealthReport> {
  const problems: string[] = [];
  const live = liveNow();
  // Every file is checked, so an edit no page has requested yet is reported too.
  live.store.checkAll();
  for (const [name, read] of [
    ["site.json", getSite],
    ["flags.json", getFlags],
    ["widget.json", getWidget],
    ["recharges.json", getRecharges],
    ["pages/", getPages],
  ] as const) {
    try {
      read();
    } catch {
      problems.push(`config: ${name} no tiene una versión válida`);
    }
  }
  if (liveWaiting()) problems.push("config: la versión publicada todavía no se ha leído");
  if (env.redisUrl && !(await sharedState.ping())) problems.push("redis: no responde");
  const refused = refusals.list().map(({ source, path, reason, at }) => ({ file: source, path, reason, since: at }));
  return {
    upstream: env.mocks ? "mock" : "real",
    configVersion: configVersion(live.store.directory),
    publishedVersion: live.number,
    ready: problems.length === 0,
    degraded: refused.length > 0,
    problems,
    refusals: refused,
  };
}

/** The last hash and the live config's key it was taken at: read again only after a change (health checks come every few seconds). */
let lastVersion: { at: string; hash: string } | undefined;

function configVersion(directory: string): string {
  const at = liveCacheKey();
  if (at !== undefined && lastVersion?.at === at) return lastVersion.hash;
  const hash = hashConfigFolder(directory);
  if (at !== undefined && hash !== "desconocida") lastVersion = { at, hash };
  return hash;
}

function hashConfigFolder(directory: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) hash.update(path.relative(directory, full)).update(readFileSync(full));
    }
  };
  try {
    walk(directory);
  } catch {
    return "desconocida";
  }
  return hash.digest("hex").slice(0, 12);
}

