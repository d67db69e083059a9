#!/usr/bin/env node
/**
 * `npm run test:slowest`: the 20 slowest spec files, the projects and the 20 slowest tests of the
 * last Playwright run, read from its JSON report (test-reports/playwright.json, written by every
 * run). A spec's time is the sum of its tests' durations (hooks included) in every project: the
 * worker time it costs, which is what a change to the suite saves or spends.
 *
 *   npm run test:slowest            # the last run
 *   npm run test:slowest -- <file>  # another report
 *   npm run test:slowest -- --top 40
 */
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
const file = args.find((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1)) ?? "test-reports/playwright.json";

let report;
try {
  report = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file} (${error.code ?? error.message}): run the end-to-end tests first (npm run test:e2e).`);
  process.exit(1);
}

/** Every test result of the report, with its file, title path and project. */
function* results(suite, path = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        yield { file: spec.file ?? suite.file, title: [...path, spec.title].join(" › "), project: test.projectName, status: result.status, duration: result.duration ?? 0 };
      }
    }
  }
  for (const child of suite.suites ?? []) yield* results(child, child.title && child.title !== child.file ? [...path, child.title] : path);
}

const all = [...results({ suites: report.suites })];
const ran = all.filter((r) => r.status !== "skipped");

function sum(rows, key) {
  const totals = new Map();
  for (const row of rows) {
    const k = key(row);
    const t = totals.get(k) ?? { ms: 0, tests: 0 };
    t.ms += row.duration;
    t.tests += 1;
    totals.set(k, t);
  }
  return [...totals].sort((a, b) => b[1].ms - a[1].ms);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const total = ran.reduce((t, r) => t + r.duration, 0);
const wall = report.stats?.duration ?? 0;

console.log(`${file}: ${ran.length} tests ran (${all.length - ran.length} skipped), ${seconds(total).trim()} of worker time, ${seconds(wall).trim()} wall.`);

console.log(`\nThe ${top} slowest spec files (all projects):`);
for (const [name, t] of sum(ran, (r) => r.file).slice(0, top)) console.log(`${seconds(t.ms)}  ${String(t.tests).padStart(4)} tests  ${name}`);

console.log("\nProjects:");
for (const [name, t] of sum(ran, (r) => r.project)) console.log(`${seconds(t.ms)}  ${String(t.tests).padStart(4)} tests  ${name}`);

console.log(`\nThe ${top} slowest tests:`);
for (const r of [...ran].sort((a, b) => b.duration - a.duration).slice(0, top)) console.log(`${seconds(r.duration)}  [${r.project}] ${r.file} › ${r.title}`);
