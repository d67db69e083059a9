// npm run checks — the checks that need no build, side by side: typecheck, lint, layers, config
// and audit read the tree and none writes anything another reads, so they run at once (on two
// cores the small ones finish while tsc and ESLint share the machine). Each one's output is
// printed whole when it finishes, under its name and time, never interleaved; a summary line
// follows. Exits 1 if any failed (after all have finished, so every failure is shown).
import { spawn } from "node:child_process";

const CHECKS = ["typecheck", "lint", "check:layers", "config:check", "audit"];
const only = process.argv.slice(2);
const chosen = only.length > 0 ? CHECKS.filter((name) => only.includes(name)) : CHECKS;

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" } });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString("utf8").trimEnd();
      const ok = code === 0;
      process.stdout.write(`\n${ok ? "✓" : "✗"} ${name} (${seconds} s${ok ? "" : `, código ${code}`})\n${output ? `${output}\n` : ""}`);
      resolve({ name, ok, seconds });
    });
  });
}

const results = await Promise.all(chosen.map(run));
const failed = results.filter((result) => !result.ok);
process.stdout.write(`\n${failed.length === 0 ? "✓" : "✗"} ${results.length - failed.length} de ${results.length} comprobaciones pasaron${failed.length > 0 ? `; fallaron: ${failed.map((result) => result.name).join(", ")}` : ""}\n`);
process.exit(failed.length === 0 ? 0 : 1);
