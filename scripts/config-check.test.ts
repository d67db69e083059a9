import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeTrees, repoRoot, validTree, write, type Tree } from "~/lib/config/check.test-helpers";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  removeTrees();
});

const brokenTree = (): Tree => {
  const tree = validTree();
  tree.site.menu.groups[0]!.options[0]!.url = "/recargas-prepago";
  return tree;
};

describe("npm run config:check and CONFIG_DIR", () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/config-check.ts", ...args], { cwd: repoRoot, encoding: "utf8", env: { ...process.env, ...env } });

  it("checks CONFIG_DIR, as the server reads it, when no --config-dir is given", () => {
    const dirs = write(brokenTree());
    const result = run(["--public-dir", dirs.publicDir, "--routes-dir", dirs.routesDir], { CONFIG_DIR: dirs.configDir });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^✗ pages-config\/site\.json › menu\.groups\[0\]\.options\[0\]\.url: /), "1 problema(s) en la configuración."]);
  }, 60_000);

  it("prefers --config-dir to CONFIG_DIR", () => {
    const broken = write(brokenTree());
    const valid = write(validTree());
    const result = run(["--config-dir", valid.configDir, "--public-dir", valid.publicDir, "--routes-dir", valid.routesDir], { CONFIG_DIR: broken.configDir });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Configuración válida: 8 archivos revisados en \d+ ms\.\n$/);
  }, 60_000);
});

describe("npm run config:check -- --watch", () => {
  it("checks again on every save, prints the problems or the OK line, and keeps running on a bad file", async () => {
    const tree = validTree();
    const dirs = write(tree);
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/config-check.ts", "--watch", "--public-dir", dirs.publicDir, "--routes-dir", dirs.routesDir], {
      cwd: repoRoot,
      env: { ...process.env, CONFIG_DIR: dirs.configDir },
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    child.stderr!.on("data", (chunk) => (output += String(chunk)));
    /** Waits until the output after `from` shows `text` (at most `ms`); returns where it ends, or -1. */
    const seen = async (text: string, from: number, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const at = output.indexOf(text, from);
        if (at >= 0) return at + text.length;
        if (child.exitCode !== null) throw new Error(`config:check salió con ${child.exitCode}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return -1;
    };
    const waitFor = async (text: string, from: number) => {
      const at = await seen(text, from, 90_000);
      if (at < 0) throw new Error(`no apareció «${text}»:\n${output}`);
      return at;
    };
    const site = path.join(dirs.configDir, "site.json");
    /**
     * Saves site.json until the watcher answers with `text`: Node's recursive watcher on Linux
     * walks the folder tree on its own time, so a save right after the start may go unseen, and
     * no fixed wait is long enough on a busy machine. A save seen twice is checked twice.
     */
    const saveUntil = async (content: string, text: string, from: number) => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        writeFileSync(site, content);
        const at = await seen(text, from, 2_000);
        if (at >= 0) return at;
      }
      throw new Error(`no apareció «${text}»:\n${output}`);
    };

    let at = await waitFor("Configuración válida: 8 archivos revisados", 0);

    at = await saveUntil(JSON.stringify(brokenTree().site, null, 2), "✗ pages-config/site.json › menu.groups[0].options[0].url:", at);
    at = await waitFor("1 problema(s) en la configuración.", at);

    at = await saveUntil("{ roto", "✗ pages-config/site.json: JSON mal formado", at);
    expect(child.exitCode).toBeNull();

    await saveUntil(JSON.stringify(tree.site, null, 2), "Configuración válida: 8 archivos revisados", at);
    expect(child.exitCode).toBeNull();
  }, 300_000);
});
