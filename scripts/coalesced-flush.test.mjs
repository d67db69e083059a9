import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { coalescedFlush } from "./coalesced-flush.mjs";

function fakeResponse() {
  const res = Object.assign(new EventEmitter(), { writableEnded: false, destroyed: false, flushes: 0 });
  res.flush = () => {
    res.flushes += 1;
  };
  return res;
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesced flush", () => {
  it("flushes a burst of writes once, on the next turn", async () => {
    const res = fakeResponse();
    coalescedFlush({}, res, () => {});
    for (let chunk = 0; chunk < 40; chunk += 1) res.flush();
    await Promise.resolve();
    for (let chunk = 0; chunk < 5; chunk += 1) res.flush();
    expect(res.flushes).toBe(0);
    await turn();
    expect(res.flushes).toBe(1);
  });

  it("flushes each later burst as it comes (streamed parts still stream)", async () => {
    const res = fakeResponse();
    coalescedFlush({}, res, () => {});
    res.flush();
    await turn();
    res.flush();
    res.flush();
    await turn();
    expect(res.flushes).toBe(2);
  });

  it("does not flush a response that ended in the meantime", async () => {
    const res = fakeResponse();
    coalescedFlush({}, res, () => {});
    res.flush();
    res.writableEnded = true;
    await turn();
    expect(res.flushes).toBe(0);
  });

  it("leaves a response without flush (no compression) as it is", () => {
    const res = new EventEmitter();
    let called = false;
    coalescedFlush({}, res, () => {
      called = true;
    });
    expect(called).toBe(true);
    expect("flush" in res).toBe(false);
  });
});
