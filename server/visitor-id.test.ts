import type { AddressInfo, Server } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignVisitorId, readVisitorId } from "./http-guards";

/** The visitor id (server/http-guards.ts assignVisitorId) on a real express app. */
let server: Server;
let base = "";
let ids = 0;

beforeAll(async () => {
  const app = express();
  app.use(assignVisitorId({ isProduction: false, newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}` }));
  // A page that evaluates a percentage rollout reads the id (the load context's getter, server/app.ts).
  app.get("/publica", (_req, res) => res.set("Cache-Control", "public, max-age=0, s-maxage=10").send(readVisitorId(res)));
  app.get("/privada", (_req, res) => res.set("Cache-Control", "private, no-store").send(readVisitorId(res)));
  app.get("/sin-cabecera", (_req, res) => res.send(readVisitorId(res)));
  // A page that evaluates no rollout: the id is there, unread.
  app.get("/sin-reparto", (_req, res) => res.set("Cache-Control", "private, no-store").send("hola"));
  await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const visitorCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("bait_vid="));

describe("the visitor id", () => {
  it("a public answer, which any cache may share, sets no cookie: a newcomer's id comes with their first own answer that hashed it", async () => {
    const shared = await fetch(`${base}/publica`);
    expect(shared.headers.getSetCookie()).toEqual([]);
    const own = await fetch(`${base}/privada`);
    const cookie = visitorCookie(own);
    expect(cookie).toMatch(/^bait_vid=00000000-0000-4000-8000-\d{12}; Max-Age=31536000; Path=\//);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    // The app saw the same id it was given.
    expect(cookie).toContain(await own.text());
  });

  it("an answer that says nothing about caching is the visitor's own and carries the id it hashed", async () => {
    expect(visitorCookie(await fetch(`${base}/sin-cabecera`))).toBeDefined();
  });

  it("a page that evaluates no percentage rollout sets no cookie, private or not", async () => {
    const response = await fetch(`${base}/sin-reparto`);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a returning visitor keeps their id and gets no cookie again", async () => {
    const id = "3f1c2a9e-0000-4000-8000-000000000042";
    const response = await fetch(`${base}/privada`, { headers: { cookie: `bait_vid=${id}` } });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toBe(id);
  });
});
