import http from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, guardRequestBodies, isCrossSiteWrite, logRejectedRequest } from "./http-guards.mjs";

describe("cross-site write protection", () => {
  const host = "www.bait.mx";

  it("lets a same-origin form post through", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://www.bait.mx", secFetchSite: "same-origin" })).toBe(false);
  });

  it("rejects a post that the browser marks as cross-site", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(true);
  });

  it("rejects a post from a sibling subdomain (same-site is not same-origin)", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://blog.bait.mx", secFetchSite: "same-site" })).toBe(true);
  });

  it("falls back to the Origin header when Sec-Fetch-Site is absent", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://www.bait.mx" })).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", host, origin: "null" })).toBe(true);
  });

  it("never blocks reads", () => {
    expect(isCrossSiteWrite({ method: "GET", host, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
  });

  it("allows non-browser clients, which carry no cookies to ride", () => {
    expect(isCrossSiteWrite({ method: "POST", host })).toBe(false);
  });
});

describe("content security policy", () => {
  it("allows only scripts with this response's nonce and forbids framing by other sites", () => {
    const policy = contentSecurityPolicy("abc123", { isProduction: true, frameSources: ["https://planes.bait.mx"] });
    expect(policy).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("frame-src 'self' https://planes.bait.mx");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });
});

describe("request bodies", () => {
  let server;
  let base;
  const logged = [];
  const received = [];

  beforeAll(async () => {
    const app = express();
    app.use(guardRequestBodies({ limit: 1024, log: (entry) => logged.push(entry) }));
    app.all("*", (req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        res.status(200).send("acción");
      });
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    logged.length = 0;
    received.length = 0;
  });

  const post = (path, body, contentType) => fetch(`${base}${path}`, { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

  it("lets an urlencoded or multipart form through, body intact", async () => {
    expect((await post("/login", "numero=5512345678", "application/x-www-form-urlencoded")).status).toBe(200);
    const form = new FormData();
    form.set("campo", "imei");
    expect((await fetch(`${base}/api/esim/paso`, { method: "POST", body: form })).status).toBe(200);
    expect(received[0]).toBe("numero=5512345678");
    expect(received[1]).toContain('name="campo"');
    expect(logged).toEqual([]);
  });

  it("answers a JSON body with 415 and a Spanish page, logged once, the body not echoed", async () => {
    const response = await post("/login", JSON.stringify({ numero: "<script>alert(1)</script>" }), "application/json");
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain("<h1>No pudimos recibir tu información</h1>");
    expect(html).toContain("La información llegó en un formato que no reconocemos.");
    expect(html).not.toContain("script>alert");
    expect(logged).toEqual([{ status: 415, reason: "unsupportedType", method: "POST", path: "/login" }]);
    expect(received).toEqual([]);
  });

  it("answers a text body or one without a type with 415", async () => {
    expect((await post("/contacto", "hola", "text/plain")).status).toBe(415);
    expect((await post("/contacto", new Uint8Array([1, 2, 3]))).status).toBe(415);
  });

  it("lets an empty post and a read through, whatever they claim to be", async () => {
    expect((await post("/logout", undefined, "application/json")).status).toBe(200);
    expect((await fetch(`${base}/recargas`, { headers: { "Content-Type": "application/json" } })).status).toBe(200);
  });

  it("answers a body over the limit with 413 before reading it", async () => {
    const response = await post("/contacto", `nombre=${"a".repeat(2000)}`, "application/x-www-form-urlencoded");
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("<h1>Tu envío es demasiado grande</h1>");
    expect(logged).toEqual([{ status: 413, reason: "tooLarge", method: "POST", path: "/contacto" }]);
    expect(received).toEqual([]);
  });

  const chunkedPost = (pieces) =>
    new Promise((resolve, reject) => {
      const request = http.request(`${base}/contacto`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode, text }));
      });
      request.on("error", (error) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve({ status: "reset" }) : reject(error)));
      for (const piece of pieces) request.write(piece);
      request.end();
    });

  it("hands a streamed body within the limit on, whole", async () => {
    const answer = await chunkedPost(["nombre=Ana", "&correo=ana%40bait.mx"]);
    expect(answer.status).toBe(200);
    expect(received).toEqual(["nombre=Ana&correo=ana%40bait.mx"]);
  });

  it("cuts a streamed body off at the limit with 413", async () => {
    const answer = await chunkedPost(Array.from({ length: 8 }, () => "a".repeat(500)));
    expect(answer.status === 413 || answer.status === "reset").toBe(true);
    expect(logged).toEqual([{ status: 413, reason: "tooLarge", method: "POST", path: "/contacto" }]);
    expect(received).toEqual([]);
  });

  it("leaves the mock world's JSON hooks alone", async () => {
    expect((await post("/__mocks/reset-lines", "{}", "application/json")).status).toBe(200);
  });

  it("writes each refusal as one JSON line", () => {
    const lines = [];
    logRejectedRequest({ status: 415, reason: "unsupportedType", method: "POST", path: "/pago" }, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    expect(lines[0].trim()).not.toContain("\n");
    expect(JSON.parse(lines[0])).toMatchObject({ level: "warn", msg: "solicitud rechazada", status: 415, path: "/pago" });
  });
});
