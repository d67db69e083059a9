// npm run lighthouse — the first pages as an entry-level Android on 4G sees them: Lighthouse's
// mobile audit (simulated throttling: 150 ms RTT, 1.6 Mbps, a CPU 4× slower) of /, /recargas,
// /login, /pago with a recharge in the cart and a signed-in /home, on the full Chromium
// (/usr/bin/chromium), with each pinned Lighthouse (13.5.0, and 12.8.2 as `lighthouse-12`).
// Builds when needed (scripts/start.mjs), starts the app with mocks on a free port, runs each page
// LIGHTHOUSE_RUNS times (3), each run beside the same page without its scripts (the same server
// through a proxy that takes every <script> and modulepreload out of the HTML), and prints the
// median run of each: the four scores, total blocking time, the blocking time counted from the main
// thread's CPU time and the count of tasks over 12.5 ms of CPU (scripts/main-thread.ts), largest
// contentful paint and the JavaScript transferred; then, per page, how many of the document's
// elements React hydrated. Exits 1 when a median score is under LIGHTHOUSE_MIN (100), or when a
// page's median CPU blocking time is over LIGHTHOUSE_MAX_CPU_TBT (50 ms) or it has more tasks over
// 12.5 ms of CPU than the page without scripts. A quiet machine is needed: Lighthouse's simulation
// multiplies the main thread's time measured here.
//
//   LIGHTHOUSE_RUNS=3             runs per page and version
//   LIGHTHOUSE_VERSIONS=13,12     which Lighthouse: 13 (13.5.0), 12 (12.8.2)
//   LIGHTHOUSE_PATHS=/,/login     only these pages (the cart is "/pago", the signed-in page "/home")
//   LIGHTHOUSE_MIN=100            the score every median must reach
//   LIGHTHOUSE_MAX_CPU_TBT=50     the CPU blocking time no median may pass, in ms
//   LIGHTHOUSE_OUT=lighthouse-results/<date>.json (the medians; each run's whole report beside it,
//                                 in lighthouse-results/<date>/, to open in the Lighthouse viewer)
//   LIGHTHOUSE_BASE=http://…      measure a server already running (with mocks) instead of starting one
//   CHROME_PATH=/usr/bin/chromium
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import { freePort, waitForHealth, waitForQuiet } from "./bench/process";
import { benchCustomer } from "./bench/session";
import { cpuAfterPaint, cpuBlockingTime, longCpuTasks, type TraceEvent } from "./main-thread";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const versions = (process.env.LIGHTHOUSE_VERSIONS ?? "13,12").split(",").map((version) => version.trim());
const onlyPaths = process.env.LIGHTHOUSE_PATHS?.split(",");
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 100);
const maxCpuTbt = Number(process.env.LIGHTHOUSE_MAX_CPU_TBT ?? 50);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const outFile = process.env.LIGHTHOUSE_OUT ?? path.join(root, "lighthouse-results", `${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}.json`);
// As the machine's browser tests start it: this sandbox's network is closed, and root needs no sandbox.
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Page = { path: string; label: string; cookie?: string };
type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
  tbt: number;
  /** The blocking time from the main thread's CPU time (scripts/main-thread.ts), the same run. */
  cpuTbt: number | null;
  /** Main-thread tasks after the first paint over 12.5 ms of CPU (50 ms at 4×), the same run. */
  cpuLongTasks: number | null;
  /** The main thread's CPU time after the first paint, all tasks (scripts/main-thread.ts), the same run. */
  cpuTotal: number | null;
  lcp: number;
  fcp: number;
  cls: number;
  si: number;
  longTasks: number;
  jsKb: number;
};
type LighthouseResult = {
  report: string | string[];
  artifacts?: { Trace?: { traceEvents: TraceEvent[] } };
  lhr: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<
      string,
      {
        score: number | null;
        numericValue?: number;
        displayValue?: string;
        details?: { items?: Array<Record<string, unknown>> };
      }
    >;
  };
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const cookieHeader = (cookies: Array<{ name: string; value: string }>) => cookies.map(({ name, value }) => `${name}=${value}`).join("; ");

/** The cookies of a visitor who chose Bait 50 for Ana's line in the recharge modal: /pago shows that sale. */
async function cartCookies(base: string): Promise<string> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    await page.goto(`${base}/recargas?recarga=BAIT50`);
    const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
    await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill(benchCustomer.number);
    await dialog.getByLabel("Correo electrónico", { exact: true }).fill("lighthouse@example.com");
    await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/pago");
    return cookieHeader(await context.cookies());
  } finally {
    await browser.close();
  }
}

/** A signed-in visitor's cookies: the mock world opens Ana's session (POST /__mocks/session). */
async function sessionCookies(base: string): Promise<string> {
  const minted = await fetch(`${base}/__mocks/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ number: benchCustomer.number, user: benchCustomer }),
  });
  const { cookie } = (await minted.json()) as { cookie?: string };
  if (!cookie) throw new Error("the app opened no session (POST /__mocks/session)");
  const consent = encodeURIComponent(Buffer.from(JSON.stringify("aceptadas")).toString("base64"));
  return `__Host-bait_session=${cookie}; bait_cookies=${consent}`;
}

async function lighthouseOf(version: string): Promise<Lighthouse> {
  const module = (await import(version === "12" ? "lighthouse-12" : "lighthouse")) as { default: Lighthouse };
  return module.default;
}

function runOf(result: LighthouseResult): Run {
  const { categories, audits } = result.lhr;
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  const requests = audits["network-requests"]?.details?.items ?? [];
  const jsBytes = requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])) as Run["scores"],
    // What costs points: each weighted audit under a full score, with what it measured.
    failing: CATEGORIES.flatMap((id) => categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id]?.displayValue})` : ""}`),
    tbt: value("total-blocking-time"),
    cpuTbt: result.artifacts?.Trace ? cpuBlockingTime(result.artifacts.Trace.traceEvents) : null,
    cpuLongTasks: result.artifacts?.Trace ? longCpuTasks(result.artifacts.Trace.traceEvents) : null,
    cpuTotal: result.artifacts?.Trace ? cpuAfterPaint(result.artifacts.Trace.traceEvents) : null,
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    si: value("speed-index"),
    cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
    longTasks: audits["long-tasks"]?.details?.items?.length ?? 0,
    jsKb: Math.round((jsBytes / 1024) * 10) / 10,
  };
}

/** The run with the median performance score (ties: the median total blocking time). */
function median(all: Run[]): Run {
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance || b.tbt - a.tbt);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The median of a figure over the runs (null when a run has none). */
function medianOf(values: Array<number | null>): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = [...(values as number[])].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/gi;

/**
 * Where the HTML seen so far can be cut without splitting what SCRIPT takes out: before a <script
 * whose end has not come yet, or before a tag not closed yet.
 */
function safeEnd(html: string): number {
  const open = html.lastIndexOf("<script");
  if (open >= 0 && html.indexOf("</script>", open) < 0) return open;
  const tag = html.lastIndexOf("<");
  return tag >= 0 && html.indexOf(">", tag) < 0 ? tag : html.length;
}

/**
 * The same site without its scripts: a proxy on a free port that asks `base` for each request
 * (uncompressed) and takes every <script> and modulepreload out of its HTML answers, passing the
 * HTML on as it arrives (the page streams: the browser paints its first part before the rest is
 * there, with or without scripts). What a page costs without JavaScript (its HTML, CSS, fonts and
 * layout) is the floor its scripts add to.
 */
async function startScriptless(base: string): Promise<string> {
  const port = await freePort();
  const server = createServer(async (request, response) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && !["host", "accept-encoding", "connection"].includes(name)) headers.set(name, value);
      }
      const upstream = await fetch(base + (request.url ?? "/"), { method: request.method, headers, redirect: "manual" });
      const html = (upstream.headers.get("content-type") ?? "").startsWith("text/html");
      const out: Record<string, string | string[]> = {};
      upstream.headers.forEach((value, name) => {
        if (!["content-length", "content-encoding", "transfer-encoding", "connection", "set-cookie"].includes(name)) out[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length > 0) out["set-cookie"] = cookies;
      if (!html || !upstream.body) {
        const body = Buffer.from(await upstream.arrayBuffer());
        response.writeHead(upstream.status, { ...out, "content-length": String(body.length) });
        response.end(body);
        return;
      }
      response.writeHead(upstream.status, out);
      const decoder = new TextDecoder();
      let held = "";
      const reader = upstream.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        held += decoder.decode(read.value, { stream: true });
        const cut = safeEnd(held);
        response.write(held.slice(0, cut).replace(SCRIPT, ""));
        held = held.slice(cut);
      }
      response.end((held + decoder.decode()).replace(SCRIPT, ""));
    } catch (error) {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  process.on("exit", () => server.close());
  return `http://127.0.0.1:${port}`;
}

/**
 * How much of the document React hydrated: the elements React attached itself to (a fiber key on
 * the node) against all elements, once the root has hydrated and the browser is idle. A measure, not
 * a test: it reads React's internals, which the tests never do.
 */
async function hydratedShare(base: string, page: { path: string; cookie?: string }): Promise<{ hydrated: number; elements: number }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")) });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...(page.cookie ? { extraHTTPHeaders: { Cookie: page.cookie } } : {}) });
    const tab = await context.newPage();
    await tab.goto(base + page.path);
    await tab.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
    return await tab.evaluate(() => {
      const all = [...document.querySelectorAll("*")];
      return { hydrated: all.filter((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))).length, elements: all.length };
    });
  } finally {
    await browser.close();
  }
}

/** The app with mocks, as `npm start` runs it in production, on a free port. */
async function startApp(): Promise<string> {
  const appPort = await freePort();
  const secret = randomBytes(32).toString("hex");
  const app = start("node", ["scripts/start.mjs"], {
    NODE_ENV: "production",
    MOCKS: "true",
    PORT: String(appPort),
    SESSION_SECRET: secret,
    REQUEST_LINK_SECRET: `${secret}-pide-recarga`,
    HSTS: "false",
  });
  process.on("exit", () => app.kill("SIGTERM"));
  return `http://127.0.0.1:${appPort}`;
}

async function main() {
  const base = process.env.LIGHTHOUSE_BASE ?? (await startApp());
  await waitForHealth(`${base}/healthz`, 180_000);
  await waitForQuiet(`${base}/`);
  const reportDir = outFile.replace(/\.json$/, "");
  mkdirSync(reportDir, { recursive: true });

  // A page that needs cookies gets them from a function, called only when the page is measured.
  const wanted: Array<{
    path: string;
    label: string;
    cookies?: (base: string) => Promise<string>;
  }> = [
    { path: "/", label: "/" },
    { path: "/recargas", label: "/recargas" },
    { path: "/login", label: "/login" },
    {
      path: "/pago",
      label: "/pago (Bait 50 en el carrito)",
      cookies: cartCookies,
    },
    { path: "/home", label: "/home (con sesión)", cookies: sessionCookies },
  ];
  const pages: Page[] = [];
  for (const { cookies, ...page } of wanted.filter((each) => !onlyPaths || onlyPaths.includes(each.path))) {
    pages.push({ ...page, cookie: cookies ? await cookies(base) : undefined });
  }

  const scriptless = await startScriptless(base);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
  });
  const results: Array<{
    version: string;
    page: string;
    runs: Run[];
    median: Run;
    /** The same page, the same runs, without its scripts. */
    scriptless: Run[];
    scriptlessMedian: Run;
    cpuTbt: number | null;
    cpuLongTasks: number | null;
    scriptlessCpuTbt: number | null;
    scriptlessCpuLongTasks: number | null;
    cpuTotal: number | null;
    scriptlessCpuTotal: number | null;
  }> = [];
  const shares: Array<{ page: string; hydrated: number; elements: number }> = [];
  try {
    for (const version of versions) {
      const lighthouse = await lighthouseOf(version);
      for (const page of pages) {
        const all: Run[] = [];
        const bare: Run[] = [];
        for (let run = 0; run < runs; run += 1) {
          // The page, then the same page without its scripts: side by side, on the machine as it is now.
          for (const [origin, into, tag] of [
            [base, all, ""],
            [scriptless, bare, "-sin-scripts"],
          ] as const) {
            const audit = () =>
              lighthouse(origin + page.path, {
                port: chrome.port,
                output: "json",
                logLevel: "error",
                onlyCategories: [...CATEGORIES],
                ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
              });
            let result = await audit();
            // A run whose trace Lighthouse could not record (NO_NAVSTART and the like) scores 0 in
            // performance without measuring the page: it is run again, twice at most.
            for (let retry = 0; result?.lhr.runtimeError && retry < 2; retry += 1) {
              console.log(`   Lighthouse ${version} ${page.path}${tag}: ${result.lhr.runtimeError.code}, se repite la medición`);
              result = await audit();
            }
            if (!result) throw new Error(`Lighthouse ${version} gave no result for ${page.path}${tag}`);
            writeFileSync(path.join(reportDir, `${version}${page.path.replace(/\//g, "_")}${tag}-${run + 1}.json`), String(result.report));
            into.push(runOf(result));
          }
        }
        const m = median(all);
        const entry = {
          version,
          page: page.label,
          runs: all,
          median: m,
          scriptless: bare,
          scriptlessMedian: median(bare),
          cpuTbt: medianOf(all.map((each) => each.cpuTbt)),
          cpuLongTasks: medianOf(all.map((each) => each.cpuLongTasks)),
          scriptlessCpuTbt: medianOf(bare.map((each) => each.cpuTbt)),
          scriptlessCpuLongTasks: medianOf(bare.map((each) => each.cpuLongTasks)),
          cpuTotal: medianOf(all.map((each) => each.cpuTotal)),
          scriptlessCpuTotal: medianOf(bare.map((each) => each.cpuTotal)),
        };
        results.push(entry);
        console.log(
          `Lighthouse ${version.padEnd(2)} ${page.label.padEnd(30)} ${CATEGORIES.map((id) => m.scores[id]).join("/")}  TBT ${m.tbt} ms  LCP ${m.lcp} ms  FCP ${m.fcp} ms  CLS ${m.cls}  JS ${m.jsKb} KB  (rendimiento: ${all
            .map((each) => each.scores.performance)
            .join(", ")})`,
        );
        console.log(
          `   CPU del hilo (mediana): bloqueo ${entry.cpuTbt ?? "?"} ms [${all.map((each) => each.cpuTbt ?? "?").join(", ")}], tareas > 12,5 ms ${entry.cpuLongTasks ?? "?"}, CPU tras la primera pintura ${entry.cpuTotal ?? "?"} ms; ` +
            `sin scripts: bloqueo ${entry.scriptlessCpuTbt ?? "?"} ms, tareas > 12,5 ms ${entry.scriptlessCpuLongTasks ?? "?"}, CPU ${entry.scriptlessCpuTotal ?? "?"} ms, rendimiento ${bare.map((each) => each.scores.performance).join(", ")}`,
        );
        if (m.failing.length > 0) console.log(`   resta puntos: ${m.failing.join(", ")}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  for (const page of pages) {
    const share = await hydratedShare(base, page);
    shares.push({ page: page.label, ...share });
    console.log(`Hidratado ${page.label.padEnd(30)} ${share.hydrated} de ${share.elements} elementos (${Math.round((share.hydrated / share.elements) * 100)} %)`);
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ at: new Date().toISOString(), runs, results, hydrated: shares }, null, 2));
  console.log(`Resultados: ${path.relative(root, outFile)}`);
  const short = results.filter((result) => CATEGORIES.some((id) => result.median.scores[id] < minimum));
  const heavy = results.filter((result) => result.cpuTbt === null || result.cpuTbt > maxCpuTbt);
  const long = results.filter((result) => result.cpuLongTasks === null || result.cpuLongTasks > (result.scriptlessCpuLongTasks ?? 0));
  if (short.length > 0) console.error(`Por debajo de ${minimum}: ${short.map((result) => `${result.page} (Lighthouse ${result.version})`).join(", ")}`);
  if (heavy.length > 0) console.error(`Bloqueo de CPU sobre ${maxCpuTbt} ms: ${heavy.map((result) => `${result.page} ${result.cpuTbt ?? "?"} ms (Lighthouse ${result.version})`).join(", ")}`);
  if (long.length > 0) console.error(`Tareas de más de 12,5 ms de CPU que la página sin scripts no tiene: ${long.map((result) => `${result.page} ${result.cpuLongTasks ?? "?"} contra ${result.scriptlessCpuLongTasks ?? "?"} (Lighthouse ${result.version})`).join(", ")}`);
  if (short.length > 0 || heavy.length > 0 || long.length > 0) process.exit(1);
}

// The app started for the audit is a child process: leaving ends it ("exit" above).
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
