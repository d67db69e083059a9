import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { microCacheSite, nginxBinary, startNginx, type Nginx } from "../../../scripts/bench/nginx";
import { readSeedDocuments } from "../../../app/lib/config/documents.server";
import { versionStore, type Documents, type VersionStore } from "../../../app/lib/config/versions.server";
import { redisState } from "../../../app/lib/store/shared-state.server";
import type { SharedState } from "../../../app/lib/store/types";
import { SESSION_SECRET, ownPort } from "../support/env";
import { expectPortsFree, serving } from "../support/studio";

/**
 * The live config follows the published version (docs/studio.md "Publishing",
 * app/lib/config/live.server.ts): a real redis-server, two instances of the site on it and
 * deploy/nginx/micro-cache.conf in front of both, as behind a load balancer. The test publishes
 * through the version store itself, on the same Redis: both instances, and nginx, serve the
 * changed banner and menu entry, /readyz names the version on both, and a rollback is served the
 * same way (how soon is a promise of docs/studio.md "Publishing", measured by
 * `BENCH_SCENARIO=publish npm run bench`, not timed here). A signed preview of the drafts shows a
 * draft's change that the live site does not; one of an earlier version shows that version. Runs
 * once, in the js project: it tests the servers, not a page.
 */

// ownPort 60–65 (docs/testing.md "Ports").
const REDIS_PORT = ownPort(60);
const A = `http://127.0.0.1:${ownPort(61)}`;
const B = `http://127.0.0.1:${ownPort(62)}`;
/** The origin each instance serves its previews on (PREVIEW_ORIGIN): the same server on a second port. */
const previewOriginOf = (base: string) => (base === A ? `http://127.0.0.1:${ownPort(64)}` : `http://127.0.0.1:${ownPort(65)}`);
const NGINX_PORT = ownPort(63);
const NGINX = `http://127.0.0.1:${NGINX_PORT}`;
const STUDIO_SECRET = "e2e-only-studio-secret-live-config-0123456789";
const STATUS_TOKEN = "e2e-only-estado-config-token-0123";

const BANNER = "Cámbiate a Bait con tu mismo número: chip con envío a domicilio y tu primera recarga incluida.";
const PUBLISHED_BANNER = "Cámbiate a Bait: tu mismo número, ahora con envío en 24 horas.";
const LATER_BANNER = "Cámbiate a Bait esta semana y recibe tu chip sin costo.";
const DRAFT_BANNER = "Borrador: la campaña de invierno llega el lunes.";
const PUBLISHED_MENU = "Recargas y paquetes";

const processes: ChildProcess[] = [];
let dir = "";
let nginx: Nginx | undefined;
let state: SharedState | undefined;
let versions: VersionStore;

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "studio-js", "runs once, in the studio-js project: it tests the servers, not a page");

test.beforeAll(async () => {
  if (test.info().project.name !== "studio-js") return;
  if (!nginxBinary()) throw new Error("nginx is not installed (apt-get install nginx-light; .ci/run does it)");
  await expectPortsFree(REDIS_PORT, ...[A, B, previewOriginOf(A), previewOriginOf(B)].map((origin) => Number(new URL(origin).port)), NGINX_PORT);
  dir = mkdtempSync(path.join(tmpdir(), "bait-version-viva-"));
  const redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    redis.once("spawn", resolve);
    redis.once("error", (error) => reject(new Error(`redis-server could not start (apt-get install redis-server; .ci/run does it): ${error.message}`)));
  });
  const redisUrl = `redis://127.0.0.1:${REDIS_PORT}`;
  const started: Array<Promise<void>> = [];
  for (const base of [A, B]) {
    const port = new URL(base).port;
    const instance = spawn("node", ["build/server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        MOCKS: "true",
        PORT: port,
        SESSION_SECRET,
        HSTS: "false",
        REDIS_URL: redisUrl,
        DATA_DIR: path.join(dir, port),
        STUDIO_SECRET,
        // Each instance serves its previews on a second port (server/preview-origin.ts).
        PREVIEW_ORIGIN: previewOriginOf(base),
        CONFIG_STATUS_TOKEN: STATUS_TOKEN,
      },
      stdio: "ignore",
    });
    processes.push(instance);
    // Ready: it has read the published head (the studio on).
    started.push(serving(instance, `${base}/readyz`));
  }
  await Promise.all(started);
  // The shipped nginx file with both instances behind it.
  const site = microCacheSite(process.cwd(), Number(new URL(A).port), NGINX_PORT);
  nginx = await startNginx(NGINX_PORT, (prefix) => site(prefix).replace(`server 127.0.0.1:${new URL(A).port};`, `server 127.0.0.1:${new URL(A).port};\n    server 127.0.0.1:${new URL(B).port};`));
  // The version store the instances use, on the same Redis (app/lib/config/studio-versions.server.ts builds theirs so).
  state = redisState(redisUrl);
  versions = versionStore(state, () => readSeedDocuments("pages-config"));
});

test.afterAll(async () => {
  await state?.close();
  nginx?.stop();
  for (const child of processes.reverse()) child.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The home page a visitor gets from `base`, with no cookie (the page cache and nginx may answer it). */
const home = (base: string) => fetch(`${base}/`).then((response) => response.text());
const readyz = (base: string) => fetch(`${base}/readyz`).then((response) => response.json() as Promise<{ ready: boolean; configVersion: string; publishedVersion: number }>);

/** The seed's documents with the first banner's promotion and the first menu entry as given. */
function documentsWith({ banner, menu }: { banner: string; menu: string }): Documents {
  const documents = structuredClone(readSeedDocuments("pages-config"));
  (documents["banners/inicio.json"] as { banners: Array<{ promotion: string }> }).banners[0]!.promotion = banner;
  (documents["site.json"] as { menu: { groups: Array<{ options: Array<{ section: string }> }> } }).menu.groups[0]!.options[0]!.section = menu;
  return documents;
}

/**
 * Publishes `documents` and waits until the two instances and nginx all serve `expected` (and no
 * longer `gone`). The timeout only ends a wait that would never succeed: how soon they serve it
 * is the bench's to measure.
 */
async function publishAndWait(input: { documents: Documents; note: string; restoredFrom?: number }, expected: string, gone: string): Promise<number> {
  const base = await versions.head();
  const published = await versions.publish({ ...input, author: "publica@bait.mx", base });
  expect(published.ok).toBe(true);
  const number = published.ok ? published.version.number : 0;
  await Promise.all(
    [A, B, NGINX].map((site) =>
      expect
        .poll(
          async () => {
            const html = await home(site);
            return html.includes(expected) && !html.includes(gone);
          },
          { message: `${site} serves version ${number}`, timeout: 30_000, intervals: [100] },
        )
        .toBe(true),
    ),
  );
  return number;
}

test("before any publish both instances serve pages-config/ as deployed, and /readyz says version 0", async () => {
  for (const base of [A, B]) {
    expect(await readyz(base)).toMatchObject({ ready: true, publishedVersion: 0 });
    // Twice: the second answer may come from the page cache, which holds the seed's page now.
    for (let round = 0; round < 2; round += 1) expect(await home(base)).toContain(BANNER);
  }
  expect(await home(NGINX)).toContain(BANNER);
});

test("a publish is served by both instances and through nginx, the page cache keeps working, /readyz names the version on both", async () => {
  // Every cache holds the seed's page before the publish.
  for (const site of [A, B, NGINX, NGINX]) await home(site);
  const number = await publishAndWait({ documents: documentsWith({ banner: PUBLISHED_BANNER, menu: PUBLISHED_MENU }), note: "Campaña de portabilidad" }, PUBLISHED_BANNER, BANNER);
  expect(number).toBe(1);
  for (const base of [A, B]) {
    const html = await home(base);
    expect(html).toContain(`>${PUBLISHED_MENU}<`);
    // The new version's page is kept by the page cache like the seed's was.
    const again = await fetch(`${base}/`);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toContain(PUBLISHED_BANNER);
  }
  const [first, second] = await Promise.all([readyz(A), readyz(B)]);
  expect(first).toMatchObject({ ready: true, publishedVersion: 1 });
  expect(second).toMatchObject({ ready: true, publishedVersion: 1 });
  // Both wrote the same documents: the same hash of what they serve.
  expect(first.configVersion).toBe(second.configVersion);
});

test("a later version, then a rollback to version 1 (published again, restoredFrom 1), are each served by both", async () => {
  expect(await publishAndWait({ documents: documentsWith({ banner: LATER_BANNER, menu: PUBLISHED_MENU }), note: "Chip sin costo" }, LATER_BANNER, PUBLISHED_BANNER)).toBe(2);
  const first = await versions.get(1);
  const number = await publishAndWait({ documents: first!.documents, note: "Vuelve la campaña de portabilidad", restoredFrom: 1 }, PUBLISHED_BANNER, LATER_BANNER);
  expect(number).toBe(3);
  for (const base of [A, B]) expect(await readyz(base)).toMatchObject({ publishedVersion: 3 });
  // The status page says what is published, by whom and why.
  const status = await fetch(`${A}/estado-config?token=${STATUS_TOKEN}`).then((response) => response.text());
  expect(status).toContain("<td>3</td><td>publica@bait.mx</td>");
  expect(status).toContain("Vuelve la campaña de portabilidad Restaura la versión 1.");
  expect(status).toContain("Esta instancia sirve la versión 3.");
});

/** A studio preview's signed value, as lib/config/draft.server.ts signStudioPreview makes it (STUDIO_SECRET, no PREVIEW_SECRET). */
function studioPreviewLink(what: "borradores" | `v${number}`, volver = "/"): string {
  // An end far ahead (the year 2286): the link outlives the test whatever the clock says.
  const seconds = 9_999_999_999;
  const signature = createHmac("sha256", STUDIO_SECRET).update(`vista-previa.v2.${seconds}.${what}`).digest("base64url");
  return `/vista-previa?${new URLSearchParams({ firma: `${seconds}.${what}.${signature}`, volver })}`;
}

test("a preview of the drafts shows a saved draft over the published version; the live site, on either instance, does not", async ({ browser }) => {
  const head = await versions.head();
  const banners = structuredClone((await versions.get(head))!.documents["banners/inicio.json"]) as { banners: Array<{ promotion: string }> };
  banners.banners[0]!.promotion = DRAFT_BANNER;
  const saved = await versions.saveDraft({ file: "banners/inicio.json", value: banners, author: "edita@bait.mx", revision: 0, base: head });
  expect(saved.ok).toBe(true);

  const context = await browser.newContext({ baseURL: A });
  const page = await context.newPage();
  const answer = await page.goto(studioPreviewLink("borradores"));
  expect(new URL(page.url()).pathname).toBe("/");
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  const bar = page.getByRole("complementary", { name: "Vista previa" });
  await expect(bar).toContainText("Vista previa de los borradores");
  await expect(page.getByText(DRAFT_BANNER).first()).toBeAttached();
  // The published menu entry is still there: the drafts lie over the published version.
  expect(await page.content()).toContain(`>${PUBLISHED_MENU}<`);

  for (const site of [A, B, NGINX]) {
    const html = await home(site);
    expect(html).toContain(PUBLISHED_BANNER);
    expect(html).not.toContain(DRAFT_BANNER);
  }
  const status = await fetch(`${B}/estado-config?token=${STATUS_TOKEN}`).then((response) => response.text());
  expect(status).toContain("<code>pages-config/banners/inicio.json</code></th><td>edita@bait.mx</td>");

  // A preview of version 2 shows that version, not the one online.
  await page.goto(studioPreviewLink("v2"));
  await expect(bar).toContainText("Vista previa de la versión 2");
  await expect(page.getByText(LATER_BANNER).first()).toBeAttached();
  await context.close();
  await versions.discardDraft("banners/inicio.json");
});
