import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { SESSION_SECRET } from "./env";

export type OwnServer = { base: string; configDir: string; draftDir?: string; stop(): void };

/** The preview secret of an own server with a draft (startOwnServer's `draft`). Worthless elsewhere. */
export const PREVIEW_SECRET = "e2e-only-preview-secret-0123456789abcdef";

/**
 * The built server (mock world) on a port of its own, serving a copy of pages-config that
 * `prepare` edits before it starts: for specs that need a config the shipped one does not have.
 * With `draft`, a second copy edited by it is the draft (CONFIG_DRAFT_DIR, signed with
 * PREVIEW_SECRET) that a preview link shows. Later edits of either copy apply on the next
 * request (the config stores watch them).
 */
export async function startOwnServer({
  port,
  label,
  prepare,
  env = {},
  draft,
}: {
  port: number;
  label: string;
  prepare?: (configDir: string) => void;
  /** More environment for the server (a setting the suite's server does not have). */
  env?: Record<string, string>;
  draft?: (draftDir: string) => void;
}): Promise<OwnServer> {
  // The boot below may take up to a minute on a busy machine: the hook or test that starts the
  // server gets that minute on top of its own time, so its verdict never depends on the load.
  if (test.info().timeout > 0) test.info().setTimeout(test.info().timeout + 60_000);
  const configDir = mkdtempSync(path.join(tmpdir(), `bait-${label}-`));
  cpSync("pages-config", configDir, { recursive: true });
  prepare?.(configDir);
  let draftDir: string | undefined;
  if (draft) {
    draftDir = mkdtempSync(path.join(tmpdir(), `bait-${label}-borrador-`));
    cpSync("pages-config", draftDir, { recursive: true });
    draft(draftDir);
  }
  const server = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      MOCKS: "true",
      PORT: String(port),
      SESSION_SECRET,
      HSTS: "false",
      CONFIG_DIR: configDir,
      ...(draftDir ? { CONFIG_DRAFT_DIR: draftDir, PREVIEW_SECRET } : {}),
      ...env,
    },
    stdio: "ignore",
  });
  // A hook that times out while the server starts never gets to stop it: it stops with the worker.
  const stopWithWorker = () => server.kill();
  process.once("exit", stopWithWorker);
  // A server that could not listen (the port taken) exits: say so, rather than test whatever answers there.
  let exitCode: number | null = null;
  server.once("exit", (code) => {
    exitCode = code ?? 1;
    process.off("exit", stopWithWorker);
  });
  const base = `http://localhost:${port}`;
  const stop = () => {
    server.kill();
    rmSync(configDir, { recursive: true, force: true });
    if (draftDir) rmSync(draftDir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 240; tries += 1) {
    if (exitCode !== null) break;
    const up = await fetch(`${base}/healthz`).then((response) => response.ok, () => false);
    if (up) return { base, configDir, draftDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`el servidor propio (${label}) no arrancó en el puerto ${port}${exitCode !== null ? ` (salió con código ${exitCode})` : ""}`);
}
