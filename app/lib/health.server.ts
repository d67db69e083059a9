import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { configStore, getFlags, getPages, getRecharges, getSite, getWidget } from "./config/config.server";
import { refusals } from "./config/refusals.server";
import { env } from "./env.server";
import { sharedState } from "./store/store.server";

/**
 * What /healthz and /readyz report (server/app.ts, README "Observability"). The config version is
 * a short hash of every file of the config folder, so two instances serving the same marketing
 * config say the same; readiness fails while the config has no valid version to serve (broken
 * at boot: a later broken edit keeps the last valid one) or Redis, when configured, does not answer.
 *
 * `refusals` lists every refused edit and remote document (file or URL, path, reason in Spanish;
 * docs/config.md "When an edit is refused"). A refusal alone leaves the instance ready, since
 * it serves the last good copy (or the local JSON for a remote document), and sets `degraded`.
 */
export type HealthReport = {
  upstream: "mock" | "real";
  configVersion: string;
  ready: boolean;
  degraded: boolean;
  problems: string[];
  refusals: Array<{ file: string; path: string; reason: string; since: string }>;
};

export async function healthReport(): Promise<HealthReport> {
  const problems: string[] = [];
  // Every file is checked, so an edit no page has requested yet is reported too.
  configStore.checkAll();
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
  if (env.redisUrl && !(await sharedState.ping())) problems.push("redis: no responde");
  const refused = refusals.list().map(({ source, path, reason, at }) => ({ file: source, path, reason, since: at }));
  return {
    upstream: env.mocks ? "mock" : "real",
    configVersion: configVersion(),
    ready: problems.length === 0,
    degraded: refused.length > 0,
    problems,
    refusals: refused,
  };
}

/** The last hash and the config store's version it was taken at: read again only after a change (health checks come every few seconds). */
let lastVersion: { at: number; hash: string } | undefined;

function configVersion(): string {
  const at = configStore.version;
  if (at !== undefined && lastVersion?.at === at) return lastVersion.hash;
  const hash = hashConfigFolder();
  if (at !== undefined && hash !== "desconocida") lastVersion = { at, hash };
  return hash;
}

function hashConfigFolder(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) hash.update(path.relative(env.configDir, full)).update(readFileSync(full));
    }
  };
  try {
    walk(env.configDir);
  } catch {
    return "desconocida";
  }
  return hash.digest("hex").slice(0, 12);
}

