import { EventEmitter } from "node:events";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import { describe, expect, it } from "vitest";
import { RENDERED_LEVEL, acceptsGzip, asksForFile, coalescedFlush, compressResponses } from "./compression";

type FakeResponse = EventEmitter & { writableEnded: boolean; destroyed: boolean; flushes: number; flush: () => void };
function fakeResponse(): FakeResponse {
  const res = Object.assign(new EventEmitter(), { writableEnded: false, destroyed: false, flushes: 0, flush: () => {} });
  res.flush = () => {
    res.flushes += 1;
  };
  return res;
}
/** The middleware on the fake response (it reads nothing of the request). */
const coalesce = (res: FakeResponse) => coalescedFlush({} as Request, res as unknown as Response, () => {});
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesced flush", () => {
  it("flushes a burst of writes once, on the next turn", async () => {
    const res = fakeResponse();
    coalesce(res);
    for (let chunk = 0; chunk < 40; chunk += 1) res.flush();
    await Promise.resolve();
    for (let chunk = 0; chunk < 5; chunk += 1) res.flush();
    expect(res.flushes).toBe(0);
    await turn();
    expect(res.flushes).toBe(1);
  });

  it("flushes each later burst as it comes (streamed parts still stream)", async () => {
    const res = fakeResponse();
    coalesce(res);
    res.flush();
    await turn();
    res.flush();
    res.flush();
    await turn();
    expect(res.flushes).toBe(2);
  });

  it("does not flush a response that ended in the meantime", async () => {
    const res = fakeResponse();
    coalesce(res);
    res.flush();
    res.writableEnded = true;
    await turn();
    expect(res.flushes).toBe(0);
  });

  it("leaves a response without flush (no compression) as it is", () => {
    const res = new EventEmitter();
    let called = false;
    coalescedFlush({} as Request, res as unknown as Response, () => {
      called = true;
    });
    expect(called).toBe(true);
    expect("flush" in res).toBe(false);
  });
});

describe("Accept-Encoding", () => {
  it("takes gzip when named with a positive or no quality", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
  });

  it("does not take it when absent or refused", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000")).toBe(false);
  });
});

describe("compression levels", () => {
  it("tells files (an extension) from rendered answers (a page, a route's data)", () => {
    expect(asksForFile("/build/entry.client-ABC.js")).toBe(true);
    expect(asksForFile("/locales/common+auth.json")).toBe(true);
    expect(asksForFile("/favicon.ico")).toBe(true);
    expect(asksForFile("/home")).toBe(false);
    expect(asksForFile("/home.data")).toBe(false);
    expect(asksForFile("/")).toBe(false);
  });

  it("compresses a rendered page at the light level and a file at the default one", async () => {
    // Text that compresses differently at level 1 and level 6.
    const body = Array.from({ length: 3000 }, (_, index) => `<li class="item-${index % 97}">${(index * 7919) % 1013} ${index % 13 ? "uno" : "dos"}</li>`).join("");
    const app = express();
    app.use(compressResponses());
    app.get(["/pagina", "/archivo.html"], (_req, res) => res.type("html").send(body));
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // node:http, which leaves the body as it came (fetch would unzip it).
      const size = (pathname: string) =>
        new Promise<number>((resolve, reject) => {
          get(base + pathname, { headers: { "accept-encoding": "gzip" } }, (response) => {
            let bytes = 0;
            response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
            response.on("end", () => resolve(bytes));
          }).on("error", reject);
        });
      const light = gzipSync(body, { level: RENDERED_LEVEL }).byteLength;
      const standard = gzipSync(body).byteLength;
      expect(light).toBeGreaterThan(standard);
      expect(await size("/pagina")).toBe(light);
      expect(await size("/archivo.html")).toBe(standard);
    } finally {
      server.close();
    }
  });
});
