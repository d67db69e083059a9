// `npm start`: builds when the build is missing or older than the sources, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/index.js");
const sources = ["app", "schemas", "locales", "remix.config.js", "package.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(buildFile) ? statSync(buildFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt < changedAt) {
  console.info("[start] building the app (sources are newer than the build)…");
  const result = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.mjs"));
