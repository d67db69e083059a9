import { describe, expect, it, vi } from "vitest";
import { cached } from "./cached.server";

type Result = { ok: true; data: string } | { ok: false; error: string };
const isFailure = (result: Result) => !result.ok;

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("cached", () => {
  it("loads once while the value is fresh, and again after its time", async () => {
    const time = clock();
    const load = vi.fn(async (key: string) => ({ ok: true as const, data: `${key}-${load.mock.calls.length}` }));
    const offers = cached<string, Result>(load, { ttlMs: 1_000, isFailure, now: time.now });
    expect(await offers("general")).toEqual({ ok: true, data: "general-1" });
    expect(await offers("general")).toEqual({ ok: true, data: "general-1" });
    expect(await offers("hbb")).toEqual({ ok: true, data: "hbb-2" });
    time.advance(1_000);
    expect(await offers("general")).toEqual({ ok: true, data: "general-3" });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("makes one upstream call for concurrent misses of a key", async () => {
    let release!: () => void;
    const load = vi.fn(() => new Promise<Result>((resolve) => (release = () => resolve({ ok: true, data: "x" }))));
    const offers = cached<string, Result>(load, { ttlMs: 1_000, isFailure });
    const crowd = Array.from({ length: 50 }, () => offers("general"));
    release();
    expect(new Set(await Promise.all(crowd)).size).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves the last good value while the upstream fails, within the stale window, and never keeps a failure", async () => {
    const time = clock();
    const answers: Array<Result | Error> = [{ ok: true, data: "good" }, { ok: false, error: "down" }, new Error("timeout"), { ok: false, error: "down" }];
    const load = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const offers = cached<string, Result>(load, { ttlMs: 1_000, staleMs: 5_000, isFailure, now: time.now });
    expect(await offers("general")).toEqual({ ok: true, data: "good" });
    time.advance(2_000);
    expect(await offers("general")).toEqual({ ok: true, data: "good" });
    expect(await offers("general")).toEqual({ ok: true, data: "good" });
    time.advance(5_000);
    expect(await offers("general")).toEqual({ ok: false, error: "down" });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("returns the failure when there is nothing to serve, and tries again on the next call", async () => {
    const load = vi.fn<() => Promise<Result>>().mockResolvedValueOnce({ ok: false, error: "down" }).mockResolvedValueOnce({ ok: true, data: "back" });
    const offers = cached<string, Result>(load, { ttlMs: 1_000, isFailure });
    expect(await offers("general")).toEqual({ ok: false, error: "down" });
    expect(await offers("general")).toEqual({ ok: true, data: "back" });
  });

  it("keeps at most maxEntries keys, forgetting the least recently used first", async () => {
    const load = vi.fn(async (key: string) => ({ ok: true as const, data: key }));
    const offers = cached<string, Result>(load, { ttlMs: 60_000, isFailure, maxEntries: 2 });
    await offers("a");
    await offers("b");
    await offers("a");
    await offers("c");
    expect(load).toHaveBeenCalledTimes(3);
    await offers("a");
    expect(load).toHaveBeenCalledTimes(3);
    await offers("b");
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("forgets every key on clear", async () => {
    const load = vi.fn(async (key: string) => ({ ok: true as const, data: key }));
    const offers = cached<string, Result>(load, { ttlMs: 60_000, isFailure });
    await offers("a");
    offers.clear();
    await offers("a");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("passes every call through with ttl 0", async () => {
    const load = vi.fn(async () => ({ ok: true as const, data: "x" }));
    const offers = cached<string, Result>(load, { ttlMs: 0, isFailure });
    await offers("general");
    await offers("general");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
