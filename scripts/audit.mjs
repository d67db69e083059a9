// `npm run audit`: the production dependencies against the registry's security advisories; fails
// on any high or critical one. A registry that cannot answer audits (a mirror without the
// advisories endpoint) is said so plainly, and the check is reported as not done, not as passed.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const failed = !report || report.error || !report.metadata;
if (failed) {
  const reason = report?.message || report?.error?.summary || report?.error?.code || run.stderr.split("\n").find((line) => /audit endpoint|error/i.test(line))?.trim() || "sin respuesta";
  console.warn(`⚠ npm audit NO se hizo: el registro no responde a las auditorías (${reason}). Revísalo contra https://registry.npmjs.org antes de publicar.`);
  process.exit(process.env.AUDIT_REQUIRED === "true" ? 1 : 0);
}
const { high = 0, critical = 0, moderate = 0, low = 0 } = report.metadata.vulnerabilities ?? {};
console.log(`npm audit (producción): ${critical} críticas, ${high} altas, ${moderate} moderadas, ${low} bajas.`);
if (high + critical > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === "high" || entry.severity === "critical") console.error(`✗ ${name} (${entry.severity}): ${entry.range}`);
  }
  process.exit(1);
}
