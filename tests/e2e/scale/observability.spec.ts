import { spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { confirmAndPay, fillCardForm } from "../support/card";
import { SESSION_SECRET, ownPort } from "../support/env";

/**
 * Observability (docs/operations.md "Observability"): a server of its own with its output captured runs a
 * full journey — a login, a recharge paid by card without JavaScript, a lead, a password recovery
 * with a wrong code — and its log is read back: one JSON line per request with its id (the one
 * sent back as X-Request-Id), method, path, status, duration and upstream calls; and never the
 * phone, the e-mail, the card number, the password or the code typed. Then /healthz and /readyz.
 * Runs once (in the js project).
 */

const OWN_PORT = ownPort(32);
const BASE = `http://127.0.0.1:${OWN_PORT}`;
const PHONE = "5512345678";
const PASSWORD = "Bait2024!";
const CARD = "4111111111111111";
const EMAIL = "registro.observable@example.com";
const LEAD = { name: "Rosa Registro", phone: "5561239876" };
const CODE = "987654";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project: it reads the server's log");

let server: ChildProcess | undefined;
let output = "";

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn("node", ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", MOCKS: "true", PORT: String(port), SESSION_SECRET, HSTS: "false", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return child;
}

const healthy = (base: string, path = "/healthz") => expect.poll(() => fetch(base + path).then((response) => response.status, () => 0), { timeout: 60_000 });

test.beforeAll(async () => {
  if (test.info().project.name !== "js") return;
  server = start(OWN_PORT);
  await healthy(BASE).toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("a full journey leaves one JSON line per request, with its id, and no personal data", async ({ browser }) => {
  const ids: string[] = [];
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(BASE + path, { method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    ids.push(response.headers.get("x-request-id") ?? "");
    return response;
  };
  expect((await post("/login?type=mbb", { number: PHONE, password: PASSWORD })).status).toBe(303);
  await post("/contacto?contacto=telefono", { nombre: LEAD.name, telefono: LEAD.phone, confirmarNumero: LEAD.phone, privacidad: "on" });
  await post("/recuperacion?type=mbb&verification=2", { code: CODE, intent: "verify" });
  const traced = await fetch(`${BASE}/paquetes`, { headers: { "x-request-id": "proxy-request-0001" } });
  expect(traced.headers.get("x-request-id")).toBe("proxy-request-0001");

  // A recharge paid by card, as a visitor without JavaScript does it.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE });
  const page = await context.newPage();
  await page.goto("/recargas?recarga=BAIT50");
  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill(PHONE);
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(EMAIL);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await fillCardForm(page, CARD, { js: false });
  await confirmAndPay(page);
  await expect(page).toHaveURL((url) => url.pathname === "/pago/completado");
  await context.close();

  const requestLines = () =>
    output
      .split("\n")
      .filter((line) => line.trim())
      .flatMap((line) => {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          return parsed.msg === "request" ? [parsed] : [];
        } catch {
          return [];
        }
      });
  const paidLine = (lines: Record<string, unknown>[]) => [...lines].reverse().find((line) => line.method === "POST" && line.route === "/pago" && line.status === 303);
  // A request's line is written once its answer is out: wait for the lines themselves, the pay step's included.
  const wanted = [...ids, "proxy-request-0001"];
  await expect
    .poll(() => {
      const lines = requestLines();
      return { missing: wanted.filter((id) => !lines.some((line) => line.reqId === id)), paid: Boolean(paidLine(lines)) };
    })
    .toEqual({ missing: [], paid: true });
  const requests = requestLines();
  for (const line of requests) {
    expect(Object.keys(line)).toEqual(expect.arrayContaining(["reqId", "method", "route", "status", "ms", "time", "level"]));
    expect(String(line.route)).not.toContain("?");
  }
  // The last one: without JavaScript the card step's post is a 303 too, to the provider's hosted payment page.
  const paid = paidLine(requests);
  expect(paid?.upstream).toEqual(expect.arrayContaining([expect.objectContaining({ call: "payments.charge", outcome: expect.stringMatching(/^ok/) })]));
  const login = requests.find((line) => line.reqId === ids[0]);
  expect(login).toMatchObject({ method: "POST", route: "/login", status: 303 });

  // Nothing typed that is personal or secret is anywhere in the output.
  for (const secret of [PHONE, PASSWORD, CARD, EMAIL, LEAD.name, LEAD.phone, `"${CODE}"`, "demo.mbb@example.com"]) {
    expect(output.includes(secret), `the log holds ${secret}`).toBe(false);
  }
});

test("/healthz says the upstream mode and the config version; /readyz says the instance is ready", async () => {
  // Not ready (Redis not answering, a config with no valid version at boot): app/lib/health-readiness.server.test.ts,
  // and the 503 it is answered with: tests/unit/deploy.test.ts.
  const health = (await (await fetch(`${BASE}/healthz`)).json()) as { status: string; upstream: string; configVersion: string };
  expect(health).toEqual({ status: "ok", upstream: "mock", configVersion: expect.stringMatching(/^[0-9a-f]{12}$/) });
  const ready = await fetch(`${BASE}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ ready: true, problems: [] });
});

test("a sign-in gets a new session id and a sign-out ends the session", async () => {
  const sessionOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-bait_session="))?.split(";")[0] ?? "";
  // The cookie carries only the id of the session's record on the server (signed).
  const idOf = (cookie: string) => {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
    return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
  };
  const login = (cookie = "") =>
    fetch(`${BASE}/login?type=mbb`, { method: "POST", body: new URLSearchParams({ number: PHONE, password: PASSWORD }), headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  // An anonymous session from before the login (sent to /login by a customer page)…
  const anonymous = sessionOf(await fetch(`${BASE}/cambio-nir?ingresar`, { redirect: "manual" }));
  expect(anonymous).not.toBe("");
  expect(idOf(anonymous)).toMatch(/^[\w-]{32}$/);
  // …is never the signed-in one: the login writes a session with a new id.
  const first = sessionOf(await login(anonymous));
  expect(idOf(first)).toMatch(/^[\w-]{32}$/);
  expect(idOf(first)).not.toBe(idOf(anonymous));
  const second = sessionOf(await login());
  expect(idOf(second)).not.toBe(idOf(first));
  const logout = await fetch(`${BASE}/logout`, { method: "POST", body: new URLSearchParams({}), headers: { "content-type": "application/x-www-form-urlencoded", cookie: second }, redirect: "manual" });
  const cleared = logout.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-bait_session="));
  expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  // The cookie kept from before the sign-out opens nothing.
  const replayed = await fetch(`${BASE}/home`, { headers: { cookie: second }, redirect: "manual" });
  expect(replayed.headers.get("location")).toBe("/login");
});
