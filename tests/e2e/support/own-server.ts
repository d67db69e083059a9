import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_SECRET } from "./env";

export type OwnServer = { base: string; configDir: string; stop(): void };

/**
 * The built server (mock world) on a port of its own, serving a copy of pages-config that
 * `prepare` edits before it starts: for specs that need a config the shipped one does not have.
 * Later edits of that copy apply on the next request (the config store watches it).
 */
export async function startOwnServer({
  port,
  label,
  prepare,
  env = {},
}: {
  port: number;
  label: string;
  prepare?: (configDir: string) => void;
  /** More environment for the server (a setting the suite's server does not have). */
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const configDir = mkdtempSync(path.join(tmpdir(), `bait-${label}-`));
  cpSync("pages-config", configDir, { recursive: true });
  prepare?.(configDir);
  const server = spawn("node", ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET, HSTS: "false", CONFIG_DIR: configDir, ...env },
    stdio: "ignore",
  });
  const base = `http://localhost:${port}`;
  const stop = () => {
    server.kill();
    rmSync(configDir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 240; tries += 1) {
    const up = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (up) return { base, configDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`el servidor propio (${label}) no arrancó en el puerto ${port}`);
}
