import { afterEach, describe, expect, it, vi } from "vitest";

// The public data is kept only with a time to live; with mocks it is 0 unless set. Set before any import reads it.
vi.hoisted(() => {
  process.env.UPSTREAM_CACHE_TTL_MS = "60000";
});

import { mockServer } from "../../mocks/node";
import { setSwitch } from "../../mocks/switches";
import { useMockUpstream } from "../../mocks/test-support";
import { getFaq } from "./asistencia.server";
import { getAreaCodes } from "./core/area-codes.server";

/**
 * Public upstream data (docs/upstream.md "Caching public data") beyond the offers: the FAQ and
 * the area codes. A crowd arriving together makes one upstream call; while the upstream fails
 * after the time to live, the last good answer is served.
 */
useMockUpstream();
afterEach(() => vi.useRealTimers());

function countCalls(pathEnd: string) {
  let count = 0;
  mockServer.events.on("request:start", ({ request }) => {
    if (new URL(request.url).pathname.endsWith(pathEnd)) count += 1;
  });
  return () => count;
}

describe.each([
  { name: "the FAQ", load: getFaq, path: "/preguntas-frecuentes", fault: "asistencia.faq" },
  { name: "the area codes", load: getAreaCodes, path: "/nirs/disponibles", fault: "core.areaCodes" },
])("$name", ({ load, path, fault }) => {
  it("a crowd of twenty makes one upstream call, and the next visitor none", async () => {
    const calls = countCalls(path);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => load()));
    expect(crowd.every((result) => result.ok)).toBe(true);
    expect(calls()).toBe(1);
    expect((await load()).ok).toBe(true);
    expect(calls()).toBe(1);
    mockServer.events.removeAllListeners();
  });

  it("after its time, a failing upstream is asked again and the last good answer is served", async () => {
    const good = await load();
    expect(good.ok).toBe(true);
    const calls = countCalls(path);
    const later = Date.now() + 61_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    setSwitch(fault, { status: 500 });
    const stale = await load();
    // Asked again: the GET and its one retry, both refused.
    expect(calls()).toBe(2);
    expect(stale).toEqual(good);
    mockServer.events.removeAllListeners();
  });
});
