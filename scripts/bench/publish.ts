// BENCH_SCENARIO=publish npm run bench — how soon a version published in the studio is served by
// every instance (the promise of docs/studio.md "Publishing"), instead of the load cases.
// A redis-server of its own, two instances of the built app on it with the studio on (as behind a
// load balancer; scripts/start.mjs builds first when needed) and, when nginx is installed,
// deploy/nginx/micro-cache.conf in front of both. Each round loads the home page everywhere (every
// cache holds the version before), waits a random part of a second (the instances' one-second
// check and nginx's one-second cache are then met at any point of their cycle), publishes a version
// whose first home banner is new, through the version store on the same Redis (what the studio's
// "Publicar" does once its checks pass), and fetches the home page of each instance, and through
// nginx, again and again until it shows that banner. A round's figure is the time from the publish
// to the answer that showed it. Prints each round, then the median, p95 and maximum; writes JSON.
//
//   BENCH_PUBLISH_ROUNDS=20    publishes
//   BENCH_OUT=bench-results/<date>-publish.json
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readSeedDocuments } from "../../app/lib/config/documents.server";
import { versionStore, type Documents } from "../../app/lib/config/versions.server";
import { redisState } from "../../app/lib/store/shared-state.server";
import { microCacheSite, startNginx, type Nginx } from "./nginx";
import { freePort, waitForHealth } from "./process";
import { startRedis } from "./redis";

/** How often each place is asked for the home page while the new version is awaited. */
const POLL_MS = 10;
/** A round that has not shown the version by then is a failure, not a figure. */
const GIVE_UP_MS = 60_000;

type Round = { round: number; version: number; publishMs: number; a: number; b: number; both: number; nginx?: number };

/** The seed's documents with the first home banner's promotion replaced. */
function withBanner(seed: Documents, banner: string): Documents {
  const documents = structuredClone(seed);
  (documents["banners/inicio.json"] as { banners: Array<{ promotion: string }> }).banners[0]!.promotion = banner;
  return documents;
}

/** Milliseconds from `since` until `url` answers a page containing `text`. */
async function servedAfter(url: string, text: string, since: number): Promise<number> {
  while (performance.now() - since < GIVE_UP_MS) {
    const html = await fetch(url).then((response) => response.text(), () => "");
    if (html.includes(text)) return performance.now() - since;
    await sleep(POLL_MS);
  }
  throw new Error(`${url} did not serve the published version within ${GIVE_UP_MS / 1000} s`);
}

/** The value at `fraction` of the sorted figures (nearest rank). */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export async function benchPublish(root: string, outFile: string): Promise<void> {
  const rounds = Math.max(1, Number(process.env.BENCH_PUBLISH_ROUNDS ?? 20));
  const children: ChildProcess[] = [];
  const stops: Array<() => void> = [];
  process.on("exit", () => {
    for (const child of children) child.kill("SIGTERM");
    for (const stop of stops) stop();
  });

  const redis = await startRedis();
  if (!redis) throw new Error("the publish scenario needs redis-server installed");
  stops.push(redis.stop);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-publish-"));
  stops.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const secret = randomBytes(32).toString("hex");
  const studioSecret = randomBytes(32).toString("hex");

  const instances: string[] = [];
  // One after the other: the first builds when the build is older than the sources.
  for (const name of ["a", "b"]) {
    const port = await freePort();
    const previewPort = await freePort();
    const child = spawn("node", ["scripts/start.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        MOCKS: "true",
        PORT: String(port),
        SESSION_SECRET: secret,
        HSTS: "false",
        REDIS_URL: redis.url,
        DATA_DIR: path.join(dataDir, name),
        STUDIO_SECRET: studioSecret,
        PREVIEW_ORIGIN: `http://127.0.0.1:${previewPort}`,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    // Ready once it has read the published head (the studio on).
    await waitForHealth(`${base}/readyz`, 180_000);
    instances.push(base);
  }
  const [a, b] = instances as [string, string];

  let nginx: Nginx | undefined;
  try {
    const nginxPort = await freePort();
    const site = microCacheSite(root, Number(new URL(a).port), nginxPort);
    nginx = await startNginx(nginxPort, (prefix) => site(prefix).replace(`server 127.0.0.1:${new URL(a).port};`, `server 127.0.0.1:${new URL(a).port};\n    server 127.0.0.1:${new URL(b).port};`));
    if (nginx) stops.unshift(nginx.stop);
  } catch (error) {
    console.warn(`[bench] nginx skipped: ${(error as Error).message}`);
  }
  if (!nginx) console.info("[bench] nginx not installed: the column through it is left out");
  const throughNginx = nginx ? `http://127.0.0.1:${nginx.port}` : undefined;

  const state = redisState(redis.url);
  const versions = versionStore(state, () => readSeedDocuments(path.join(root, "pages-config")));
  const seed = readSeedDocuments(path.join(root, "pages-config"));
  const results: Round[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const banner = `Banner publicado en la ronda ${round}.`;
    const documents = withBanner(seed, banner);
    // Every cache holds the version before, as on a site being visited.
    for (const url of [a, b, a, b, ...(throughNginx ? [throughNginx, throughNginx] : [])]) await fetch(`${url}/`).then((response) => response.text());
    await sleep(Math.random() * 1_000);
    const head = await versions.head();
    const since = performance.now();
    const published = await versions.publish({ documents, author: "bench@bait.mx", note: `bench, ronda ${round}`, base: head });
    const publishMs = performance.now() - since;
    if (!published.ok) throw new Error(`the publish of round ${round} was refused: ${published.reason}`);
    const [atA, atB, atNginx] = await Promise.all([servedAfter(`${a}/`, banner, since), servedAfter(`${b}/`, banner, since), throughNginx ? servedAfter(`${throughNginx}/`, banner, since) : undefined]);
    const result: Round = { round, version: published.version.number, publishMs, a: atA, b: atB, both: Math.max(atA, atB), nginx: atNginx };
    results.push(result);
    console.info(`round ${round}: version ${result.version} written in ${publishMs.toFixed(0)} ms; served by A after ${atA.toFixed(0)} ms, B ${atB.toFixed(0)} ms${atNginx === undefined ? "" : `, through nginx ${atNginx.toFixed(0)} ms`}`);
  }
  await state.close();

  const summary = (label: string, values: number[]) => `${label.padEnd(26)} ${percentile(values, 0.5).toFixed(0).padStart(6)} ${percentile(values, 0.95).toFixed(0).padStart(6)} ${Math.max(...values).toFixed(0).padStart(6)}`;
  console.info(`\n${rounds} publishes, ms from the publish ${"median".padStart(6)} ${"p95".padStart(6)} ${"max".padStart(6)}`);
  console.info(summary("publish written", results.map((entry) => entry.publishMs)));
  console.info(summary("both instances serve it", results.map((entry) => entry.both)));
  if (throughNginx) console.info(summary("served through nginx", results.map((entry) => entry.nginx!)));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), scenario: "publish", rounds, pollMs: POLL_MS, nginx: Boolean(throughNginx), results }, null, 2));
  console.info(`\n[bench] figures written to ${path.relative(root, outFile)}`);
}
