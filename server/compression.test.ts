import { EventEmitter } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import express, { type Request, type Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { compressBuild } from "../scripts/compress-build.mjs";
import { RENDERED_LEVEL, acceptsBrotli, acceptsGzip, asksForFile, coalescedFlush, compressResponses, precompressedFiles } from "./compression";

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

describe("the build's precompressed copies", () => {
  const publicDir = mkdtempSync(path.join(tmpdir(), "bait-precompressed-"));
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));
  const buildDir = path.join(publicDir, "build");
  mkdirSync(path.join(buildDir, "_shared"), { recursive: true });
  const script = `export const offers = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: `BAIT${index}`, price: index * 5 })))};`;
  writeFileSync(path.join(buildDir, "_shared", "chunk-A.js"), script);
  writeFileSync(path.join(buildDir, "root-B.css"), `.a{color:red}`.repeat(200));
  writeFileSync(path.join(buildDir, "tiny-C.js"), "export const x = 1;");
  writeFileSync(path.join(buildDir, "manifest.json"), JSON.stringify({ big: "x".repeat(4000) }));
  const compressed = compressBuild(buildDir);

  it("npm run build writes a .br and a .gz copy of each script and stylesheet of 1 KB or more, each the same bytes once decompressed", () => {
    expect(compressed.map((file: string) => path.relative(buildDir, file)).sort()).toEqual(["_shared/chunk-A.js", "root-B.css"]);
    const file = path.join(buildDir, "_shared", "chunk-A.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).byteLength).toBeLessThan(readFileSync(`${file}.gz`).byteLength);
  });

  it("takes Brotli or gzip when named with a positive or no quality", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("br;q=0.5")).toBe(true);
    expect(acceptsBrotli("br;q=0, gzip")).toBe(false);
    expect(acceptsBrotli("gzip, deflate")).toBe(false);
    expect(acceptsBrotli("")).toBe(false);
  });

  type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
  async function withServer(run: (fetchRaw: (pathname: string, acceptEncoding?: string, method?: string) => Promise<Answer>) => Promise<void>) {
    const app = express();
    app.use(compressResponses());
    const options = { immutable: true, maxAge: "1y" };
    app.use("/build", precompressedFiles(buildDir, options), express.static(buildDir, options));
    const server = app.listen(0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // node:http, which leaves the body as it came (fetch would decompress it).
    const fetchRaw = (pathname: string, acceptEncoding?: string, method = "GET") =>
      new Promise<Answer>((resolve, reject) => {
        get(base + pathname, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    try {
      await run(fetchRaw);
    } finally {
      server.close();
    }
  }

  it("sends the Brotli copy to a browser that takes it, the gzip copy to one that takes only gzip, with the script's type and cache rules", async () => {
    await withServer(async (fetchRaw) => {
      const chunk = path.join(buildDir, "_shared", "chunk-A.js");
      const brotli = await fetchRaw("/build/_shared/chunk-A.js", "gzip, deflate, br, zstd");
      expect(brotli.status).toBe(200);
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(brotli.headers["vary"]).toBe("Accept-Encoding");
      expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(brotli.body.equals(readFileSync(`${chunk}.br`))).toBe(true);

      const gzip = await fetchRaw("/build/_shared/chunk-A.js", "gzip, deflate");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.body.equals(readFileSync(`${chunk}.gz`))).toBe(true);

      const stylesheet = await fetchRaw("/build/root-B.css", "br");
      expect([stylesheet.headers["content-encoding"], stylesheet.headers["content-type"]]).toEqual(["br", "text/css; charset=utf-8"]);

      const head = await fetchRaw("/build/_shared/chunk-A.js", "br", "HEAD");
      expect([head.status, head.headers["content-encoding"], head.body.byteLength]).toEqual([200, "br", 0]);
    });
  });

  it("leaves the rest to the static files: no coding asked, a file without copies, a path out of the build, a file that does not exist", async () => {
    await withServer(async (fetchRaw) => {
      const plain = await fetchRaw("/build/_shared/chunk-A.js", "identity");
      expect([plain.status, plain.headers["content-encoding"]]).toEqual([200, undefined]);
      expect(plain.body.toString()).toBe(script);
      // A small script has no copy; the compression middleware leaves it as it is (under 1 KB).
      const tiny = await fetchRaw("/build/tiny-C.js", "br");
      expect([tiny.status, tiny.headers["content-encoding"], tiny.body.toString()]).toEqual([200, undefined, "export const x = 1;"]);
      // JSON has no copies: compressed as it goes out, as before.
      const json = await fetchRaw("/build/manifest.json", "gzip");
      expect(json.headers["content-encoding"]).toBe("gzip");
      // A copy beside the build, not in it, is never sent.
      writeFileSync(path.join(publicDir, "outside.css.br"), "not for the browser");
      const outside = await fetchRaw("/build/..%2foutside.css", "br");
      expect([outside.status, outside.body.toString().includes("not for the browser")]).toEqual([404, false]);
      // A path that is not valid percent-encoding, or that holds a NUL byte, goes on too (to this app's 404), never a 500.
      expect((await fetchRaw("/build/%E0%A4%A.js", "br")).status).toBe(404);
      expect((await fetchRaw("/build/_shared/chunk-A%00.js", "br")).status).toBe(404);
      expect((await fetchRaw("/build/missing-D.js", "br")).status).toBe(404);
    });
  });
});
