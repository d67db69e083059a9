// `npm run screenshots [-- /ruta …]`: full-page screenshots of the site for a person to look at,
// at a desktop and a phone width, with JavaScript on and off, into screenshots/. It serves the
// production build with the mock upstream on a free port of its own (building first when
// build/ is missing), so it never depends on, or disturbs, a server already running.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import config from "../playwright.config.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "screenshots");

const { offers } = JSON.parse(readFileSync(path.join(root, "pages-config/recharges.json"), "utf8"));
const defaultPaths = [
  "/",
  "/recargas",
  "/login",
  "/paquetes-bait-internacionales",
  "/?modal=politica-de-cookies",
  `/recargas?recarga=${encodeURIComponent(offers[0].offerId)}`,
];
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : defaultPaths;

/** The widths the end-to-end suite checks the chrome at (tests/e2e/support/chrome.ts). */
const viewports = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

/** The browser the suite uses: the Debian chromium with the suite's launch options. */
const { launchOptions } = config.projects.find((project) => project.name === "js").use;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, server) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/** `/recargas?recarga=BAIT50` → `recargas-recarga-BAIT50`; the home page is `inicio`. */
function fileStem(pathname) {
  const url = new URL(pathname, "http://localhost");
  const slug = (value) => value.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return [slug(url.pathname) || "inicio", slug(url.search)].filter(Boolean).join("-");
}

if (!existsSync(path.join(root, "build/index.js"))) {
  console.info("[screenshots] no build yet: npm run build");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    MOCKS: "true",
    PORT: String(port),
    SESSION_SECRET: "screenshots-only-session-secret-0123456789",
    HSTS: "false",
  },
});

let failed = false;
try {
  await waitForHealth(`${baseUrl}/healthz`, server);
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(launchOptions);
  try {
    for (const javaScriptEnabled of [true, false]) {
      for (const viewport of viewports) {
        const context = await browser.newContext({ viewport, javaScriptEnabled, locale: "es-MX", timezoneId: "America/Mexico_City" });
        for (const pathname of paths) {
          const page = await context.newPage();
          const errors = [];
          page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
          page.on("pageerror", (error) => errors.push(String(error)));
          const response = await page.goto(new URL(pathname, baseUrl).href, { waitUntil: "networkidle" });
          const file = path.join(outDir, `${fileStem(pathname)}-${viewport.width}-${javaScriptEnabled ? "js" : "no-js"}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.info(`${path.relative(root, file)}  (${response?.status() ?? "no response"})`);
          for (const error of errors) console.info(`  console error: ${error}`);
          await page.close();
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(`[screenshots] ${error instanceof Error ? error.message : error}`);
  failed = true;
} finally {
  server.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
