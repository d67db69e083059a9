// `npm run audit`: the production dependencies against the registry's security advisories; fails
// on any high or critical one. A registry that cannot answer audits (a mirror without the
// advisories endpoint) is said so plainly, and the check is reported as not done, not as passed:
// the output never says "clean" unless an advisory service answered for every dependency. The
// advisories the project knows of are pinned offline by tests/unit/supply-chain.test.ts.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const registry = spawnSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).stdout.trim() || "el registro";
// An answer that audited nothing (no dependency counted) is no answer either.
const audited = report?.metadata?.dependencies?.prod ?? report?.metadata?.dependencies?.total ?? 0;
const failed = !report || report.error || !report.metadata || audited === 0;
if (failed) {
  const reason = report?.message || report?.error?.summary || report?.error?.code || run.stderr.split("\n").find((line) => /audit endpoint|error/i.test(line))?.trim() || (report?.metadata ? "no revisó ninguna dependencia" : "sin respuesta");
  console.warn(
    `⚠ npm audit NO se hizo: ningún servicio de avisos de seguridad respondió (${registry}: ${reason}). NO se sabe si las dependencias tienen vulnerabilidades conocidas (los avisos ya conocidos los fija tests/unit/supply-chain.test.ts). Repítelo con un registro que responda (npm audit --registry=https://registry.npmjs.org) antes de publicar.`,
  );
  process.exit(process.env.AUDIT_REQUIRED === "true" ? 1 : 0);
}
const { high = 0, critical = 0, moderate = 0, low = 0 } = report.metadata.vulnerabilities ?? {};
console.log(`npm audit (producción, ${audited} dependencias revisadas por ${registry}): ${critical} críticas, ${high} altas, ${moderate} moderadas, ${low} bajas.`);
if (high + critical > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === "high" || entry.severity === "critical") console.error(`✗ ${name} (${entry.severity}): ${entry.range}`);
  }
  process.exit(1);
}
