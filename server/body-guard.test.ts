import { readFileSync } from "node:fs";
import type { AddressInfo, Server } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptFormBodiesOnly, MAX_FORM_BYTES } from "./http-guards";

/** The body guard of the server (server/http-guards.ts acceptFormBodiesOnly) on a real express app. */
const texts = JSON.parse(readFileSync(new URL("../locales/es-MX/http.json", import.meta.url), "utf8")).requestRefused;
const logged: unknown[] = [];
let server: Server;
let base = "";
let reached = 0;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "nonce-de-prueba";
    next();
  });
  app.use(acceptFormBodiesOnly({ texts, log: (fields) => logged.push(fields) }));
  app.all("*", (req, res) => {
    reached += 1;
    req.resume();
    req.on("end", () => res.send("ok"));
  });
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (body: BodyInit | undefined, headers: Record<string, string> = {}) => fetch(`${base}/login?numero=5512345678`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("what a page may be sent", () => {
  it("lets the site's forms through: urlencoded and multipart (a FormData, a beacon), and every GET", async () => {
    const before = reached;
    expect((await post(new URLSearchParams({ numero: "5512345678" }))).status).toBe(200);
    const form = new FormData();
    form.set("campo", "imei");
    expect((await post(form)).status).toBe(200);
    expect((await post("a=1", { "content-type": "application/x-www-form-urlencoded; charset=UTF-8" })).status).toBe(200);
    expect((await fetch(`${base}/login`)).status).toBe(200);
    expect(reached - before).toBe(4);
  });

  it.each([
    ["JSON", '{"numero":"5512345678"}', { "content-type": "application/json" }],
    ["plain text", "numero=5512345678", { "content-type": "text/plain" }],
    ["XML", "<numero>5512345678</numero>", { "content-type": "application/xml" }],
    ["a look-alike type", "a=1", { "content-type": "application/x-www-form-urlencodedx" }],
    ["no type at all", undefined, {}],
  ])("answers %s with 415 and a Spanish page, without reaching the app", async (_name, body, headers) => {
    const before = reached;
    const response = await post(body, headers);
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>No pudimos leer lo que enviaste</h1>");
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('<style nonce="nonce-de-prueba">');
    expect(html).not.toContain("5512345678");
    expect(reached).toBe(before);
  });

  it("answers a body over the limit with 413, and one at the limit passes", async () => {
    const big = await post("a=".padEnd(MAX_FORM_BYTES + 1, "x"), { "content-type": "application/x-www-form-urlencoded" });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("<h1>Lo que enviaste es demasiado grande</h1>");
    expect((await post("a=".padEnd(MAX_FORM_BYTES, "x"), { "content-type": "application/x-www-form-urlencoded" })).status).toBe(200);
  });

  it("answers a form body without a length (chunked) with 411", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=1"));
        controller.close();
      },
    });
    const response = await post(stream, { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(411);
  });

  it("logs each refusal as one line of fields: status, method, path (no query, no body) and reason", async () => {
    logged.length = 0;
    await post('{"password":"secreta"}', { "content-type": "application/json" });
    expect(logged).toEqual([{ status: 415, method: "POST", path: "/login", reason: "unsupported" }]);
  });
});
