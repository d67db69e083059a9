import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { acceptsGzip, coalescedFlush } from "./compression";

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
