import { defineConfig, devices } from "@playwright/test";
import { BASE_URL, NO_JS_BASE_URL, NO_JS_PORT, PORT, SESSION_SECRET } from "./tests/e2e/support/env";

const isCI = Boolean(process.env.CI);

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): `npx playwright install`
 * cannot download browsers on these machines. The shell is the same engine without the desktop
 * browser around it; it renders the suite's pages for about half the CPU of the full `chromium`
 * in headless mode (on two specs, 34 s of CPU against 63 s), and the browser is most of the
 * suite's CPU. E2E_BROWSER runs the suite in another binary (`/usr/bin/chromium`).
 */
const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.E2E_BROWSER ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  },
};

/** The suite's server: production, mocks on, `port` its own (each project has a mock world of its own). */
const suiteServer = (port: number) => ({
  command: "node build/server.js",
  url: `http://localhost:${port}/healthz`,
  reuseExistingServer: !isCI,
  timeout: 60_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    NODE_ENV: "production",
    MOCKS: "true",
    PORT: String(port),
    SESSION_SECRET,
    HSTS: "false",
    // Every test reaches this one server from one address, and many journeys send a code to the
    // same demo lines within seconds: the send limits would refuse most of them. They are tested
    // at their defaults, on two instances of their own, by tests/e2e/accounts/send-limits.spec.ts.
    OTP_RESEND_SECONDS: "0",
    OTP_SENDS_PER_NUMBER: "10000",
    OTP_SENDS_PER_IP: "10000",
  },
});

/**
 * End-to-end tests against the production server (`node build/server.js`, compiled by `npm run build`) with the mock upstream.
 * `npm run test:e2e` builds first. The browser proves what needs a browser (layout, focus,
 * keyboard, axe, client behaviour) with JavaScript on; what the server answers a browser without
 * JavaScript (every form's post, redirect and message) is proved at the HTTP level (tests/http).
 * The `no-js` project runs the tests tagged `@no-js`: the journeys and layouts that need a browser
 * without JavaScript (docs/testing.md "The levels").
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  // A test keeps its worker waiting on the browser and the server for most of its time (on this
  // two-core machine a worker used under half a core): three workers fill two cores.
  // E2E_WORKERS sets another count (1 to debug, more on a bigger machine).
  workers: Number(process.env.E2E_WORKERS) || 3,
  // The JSON report keeps every test's duration: `npm run test:slowest` lists the slowest specs and
  // projects from it (docs/testing.md "Durations").
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }], ...(isCI ? [] : [["html", { open: "never" }] as const])],
  use: {
    baseURL: BASE_URL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    // Screenshots on a developer's machine only. Playwright's "only-on-failure" cannot know a test
    // will pass: it photographs every page of every context as the context closes, passing tests
    // included, and keeps the pictures of the failures (on five specs, 93 tests, 239–244 CPU-seconds
    // against 230–233 without). CI keeps no files, so there a failure shows its error and the page's
    // aria snapshot (a Markdown file under test-results), as with traces below.
    screenshot: isCI ? "off" : "only-on-failure",
    // No trace: recording one (DOM snapshots at every action, the network) cost a sixth of the
    // suite's CPU (on four specs, 338 s against 280 s), for files the CI log cannot show. To debug a
    // spec: `npx playwright test <spec> --trace retain-on-failure` (docs/testing.md "Traces").
    trace: "off",
  },
  // Each project has a server and a mock world of its own: a journey that registers a line or
  // changes a password never meets its other run on the same demo line.
  projects: [
    { name: "js", testIgnore: /e2e\/studio\//, use: { ...chromium, javaScriptEnabled: true, baseURL: BASE_URL } },
    // The studio (tests/e2e/studio): each spec starts its own Redis and instances (ports of its own,
    // tests/e2e/support/env.ts ownPort), with and without JavaScript, beside the rest. Its specs are
    // serial and long (one takes 45 s): listed last, they ran alone at the end, the last 75 s with
    // one or two of three workers busy; listed between js and no-js, the no-js project's short tests
    // fill the workers around them. (Listed first, their specs booted their instances all at once,
    // beside the suite's servers: 724 s of Playwright against 674 s.)
    { name: "studio-js", testMatch: /e2e\/studio\/.*\.spec\.ts/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "studio-no-js", testMatch: /e2e\/studio\/.*\.spec\.ts/, use: { ...chromium, javaScriptEnabled: false } },
    { name: "no-js", testIgnore: /e2e\/studio\//, grep: /@no-js/, use: { ...chromium, javaScriptEnabled: false, baseURL: NO_JS_BASE_URL } },
  ],
  webServer: [suiteServer(PORT), suiteServer(NO_JS_PORT)],
});
