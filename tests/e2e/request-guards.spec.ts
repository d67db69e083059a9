import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { PORT, SESSION_SECRET } from "./support/env";

/**
 * What the server answers to a write it does not take (scripts/http-guards.mjs and the root's
 * error page): 415 for a body no form sends, 413 for one too large, 405 for a post to a page
 * without a form; each a Spanish page and one JSON line in the log, never a 500 or a stack trace.
 * The log is the server's stdout, so this spec runs a server of its own on a port of its own.
 */

const OWN_PORT = PORT + 5;
const BASE = `http://localhost:${OWN_PORT}`;

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({ baseURL: BASE });

let server: ChildProcess | undefined;
let output = "";

test.beforeAll(async () => {
  test.skip(test.info().project.use.javaScriptEnabled === false, "one run is enough: it tests the server, not the page");
  server = spawn("node", ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(OWN_PORT), SESSION_SECRET, HSTS: "false", PAGE_CACHE: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  for (let tries = 0; tries < 240; tries += 1) {
    if (
      await fetch(`${BASE}/healthz`)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("el servidor de prueba no arrancó");
});

test.afterAll(async () => {
  const running = server;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGTERM");
  await exited;
});

/** The log written from the moment `since` was taken. */
const logSince = (since: number) => output.slice(since);
const rejectionLines = (log: string) => log.split("\n").filter((line) => line.includes('"solicitud rechazada"'));

test("a JSON body posted to a form's page gets 415 and a Spanish page, logged as one line", async ({ request }) => {
  const since = output.length;
  const response = await request.post("/login", { data: { numero: "5512345678", contrasena: "<script>alert(1)</script>" } });
  expect(response.status()).toBe(415);
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();
  expect(html).toContain('<html lang="es-MX">');
  expect(html).toContain("<h1>No pudimos recibir tu información</h1>");
  expect(html).toContain("La información llegó en un formato que no reconocemos. Vuelve a la página y envía el formulario desde ahí.");
  expect(html).not.toContain("alert(1)");
  await expect.poll(() => rejectionLines(logSince(since))).toHaveLength(1);
  expect(JSON.parse(rejectionLines(logSince(since))[0] ?? "{}")).toMatchObject({ status: 415, reason: "unsupportedType", method: "POST", path: "/login" });
  expect(logSince(since)).not.toMatch(/\n\s+at /);
});

test("a text body or a JSON body to an API route gets 415 too", async ({ request }) => {
  const cases: Array<[string, string]> = [
    ["/contacto", "text/plain"],
    ["/api/esim/paso", "application/json"],
    ["/pago", "application/xml"],
  ];
  for (const [path, type] of cases) {
    const response = await request.post(path, { headers: { "Content-Type": type }, data: "campo=imei" });
    expect(response.status(), `${type} → ${path}`).toBe(415);
    expect(await response.text()).toContain("No pudimos recibir tu información");
  }
});

test("a body over 64 KB gets 413 and a Spanish page, logged as one line", async ({ request }) => {
  const since = output.length;
  const response = await request.post("/contacto", { form: { nombre: "a".repeat(70_000) } });
  expect(response.status()).toBe(413);
  const html = await response.text();
  expect(html).toContain("<h1>Tu envío es demasiado grande</h1>");
  expect(html).toContain("La información que enviaste supera el tamaño permitido. Revisa los datos que escribiste y vuelve a enviarlos.");
  await expect.poll(() => rejectionLines(logSince(since))).toHaveLength(1);
  expect(JSON.parse(rejectionLines(logSince(since))[0] ?? "{}")).toMatchObject({ status: 413, reason: "tooLarge", path: "/contacto" });
});

test("a post to a page without a form gets 405 and the site's Spanish page, logged as one line without a stack", async ({ request }) => {
  const since = output.length;
  const response = await request.post("/centros-de-atencion", { form: { q: "<img src=x onerror=alert(1)>" } });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain("Esta página no recibe formularios");
  expect(html).toContain("La página que intentaste usar no acepta envíos de información. Vuelve a ella y usa sus botones y enlaces.");
  expect(html).not.toContain("<img src=x onerror");
  await expect.poll(() => rejectionLines(logSince(since))).toHaveLength(1);
  expect(JSON.parse(rejectionLines(logSince(since))[0] ?? "{}")).toMatchObject({ status: 405, reason: "methodNotAllowed", method: "POST", path: "/centros-de-atencion" });
  expect(logSince(since)).not.toContain("error no controlado");
  expect(logSince(since)).not.toMatch(/\n\s+at /);
});

test("a form post within the limit still reaches its action", async ({ request }) => {
  const response = await request.post("/login", { form: { numero: "12" }, maxRedirects: 0 });
  expect(response.status()).toBeLessThan(500);
  expect(response.status()).not.toBe(415);
  expect(response.status()).not.toBe(413);
});

/**
 * The real server under generated posts (the in-process suite, tests/unit/hostile-bodies.test.ts,
 * covers the actions in depth): every content type and size a client may send, to every page with
 * a form and to the API route. Never a 5xx; a non-form body 415, an oversized one 413; no generated
 * markup back unescaped in the HTML; no stack trace in the log; the server still up at the end.
 */
const FORM_PAGES = [
  "/login?type=mbb", "/registro?type=hbb", "/recuperacion?type=mbb", "/completar-registro", "/recargas?recarga=BAIT50", "/e-sim?oferta=ESIM150",
  "/cambiate-a-bait?chip=SIM150", "/pago", "/contacto?contacto=telefono", "/consentimiento", "/cambio-nir", "/haz-tu-portabilidad", "/logout",
  "/api/esim/paso", "/editar-perfil", "/recurrente", "/reposicion-sim", "/factura", "/centros-de-atencion", "/",
];
const MARKUP = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)//", "<svg/onload=alert(1)>"];

test("generated posts of every type and size: never a 5xx, 415 and 413 where due, nothing echoed unescaped, no stack in the log", async ({ request }) => {
  test.setTimeout(240_000);
  const fc = (await import("fast-check")).default;
  const since = output.length;
  const value = fc.oneof(fc.constantFrom(...MARKUP, "5512345678", "Bait2024!", "５５１２３４５６７８", "\u0000", "", "https://evil.example"), fc.string({ maxLength: 20 }));
  const entries = fc.array(fc.tuple(fc.constantFrom("number", "numero", "password", "nombre", "correo", "email", "telefono", "intent", "offerId", "redirectTo", "campo", "valor", "q"), value), { maxLength: 8 });
  const kind = fc.constantFrom("urlencoded", "multipart", "json", "text", "xml", "none", "empty", "huge");
  let posted = 0;
  const run = await fc.check(
    fc.asyncProperty(fc.constantFrom(...FORM_PAGES), kind, entries, async (path, how, fields) => {
      posted += 1;
      const form = new URLSearchParams(fields).toString();
      const options =
        how === "urlencoded" ? { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: form }
        : how === "multipart" ? { multipart: Object.fromEntries(fields) }
        : how === "json" ? { headers: { "Content-Type": "application/json" }, data: JSON.stringify(Object.fromEntries(fields)) }
        : how === "text" ? { headers: { "Content-Type": "text/plain" }, data: form || "hola" }
        : how === "xml" ? { headers: { "Content-Type": "application/xml" }, data: `<a>${form}</a>` }
        : how === "none" ? { data: Buffer.from(form || "x") }
        : how === "empty" ? { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "" }
        : { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: `${form}&relleno=${"a".repeat(70_000)}` };
      const response = await request.post(path, { ...options, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 });
      const status = response.status();
      const html = (response.headers()["content-type"] ?? "").includes("html") ? await response.text() : "";
      const problems: string[] = [];
      if (status >= 500) problems.push(`status ${status}`);
      if (["json", "text", "xml"].includes(how) && status !== 415) problems.push(`${how}: ${status}, not 415`);
      if (how === "huge" && status !== 413) problems.push(`huge: ${status}, not 413`);
      if (status >= 300 && status < 400 && !/^\/(?![/\\])/.test(response.headers()["location"] ?? "")) problems.push(`a redirect off the site: ${response.headers()["location"]}`);
      // Markup must come back escaped; a script URL is harmless as text (a field's value), and only dangerous as a link or a form's target.
      for (const markup of MARKUP.filter((item) => item.startsWith("<") || item.startsWith('"'))) if (html.includes(markup)) problems.push(`${JSON.stringify(markup)} sent back unescaped`);
      if (/(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i.test(html)) problems.push("a script URL made a link or a form's target");
      if (problems.length) throw new Error(`POST ${path} (${how}) → ${problems.join("; ")}`);
    }),
    { numRuns: Number(process.env.FUZZ_HTTP_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
  );
  if (run.failed) throw new Error(`FUZZ_SEED=${run.seed}: ${run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)}`);
  expect(posted).toBeGreaterThanOrEqual(400);
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(logSince(since)).not.toContain("error no controlado");
  expect(logSince(since)).not.toMatch(/\n\s+at /);
});
