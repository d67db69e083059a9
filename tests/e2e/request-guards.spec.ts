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
