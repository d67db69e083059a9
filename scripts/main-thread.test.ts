import { describe, expect, it } from "vitest";
import { cpuAfterPaint, cpuBlockingTime, longCpuTasks, type TraceEvent } from "./main-thread";

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: "thread_name", ph: "M", pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs: number): TraceEvent => ({ name: "RunTask", ph: "X", pid, tid, ts, dur: durMs * 1000, tdur: cpuMs * 1000 });
const paintAt = (pid: number, ts: number): TraceEvent => ({ name: "firstContentfulPaint", ph: "R", pid, tid: 1, ts });

describe("blocking time from the main thread's CPU time", () => {
  it("sums 4 × CPU time − 50 ms of the page's main-thread tasks after the first paint, not their wall time", () => {
    const events = [
      meta(7, 1, "CrRendererMain"),
      meta(7, 2, "Compositor"),
      meta(9, 1, "CrRendererMain"),
      paintAt(7, 1_000_000),
      task(7, 1, 500_000, 40, 40), // before the paint: not counted
      task(7, 1, 1_100_000, 90, 20), // 90 ms of wall, 20 of CPU: 80 − 50 = 30
      task(7, 1, 1_300_000, 20, 10), // 40: under 50
      task(7, 2, 1_400_000, 100, 100), // another thread
      task(9, 1, 1_400_000, 100, 100), // another renderer
    ];
    expect(cpuBlockingTime(events)).toBe(30);
  });

  it("counts the share after the paint of a task that began before it", () => {
    const events = [meta(7, 1, "CrRendererMain"), paintAt(7, 1_000_000), task(7, 1, 950_000, 100, 100)];
    // half of it after the paint: 4 × 50 − 50
    expect(cpuBlockingTime(events)).toBe(150);
  });

  it("has no figure for a trace without a first paint", () => {
    expect(cpuBlockingTime([meta(7, 1, "CrRendererMain"), task(7, 1, 0, 100, 100)])).toBeNull();
  });
});

describe("long tasks from the main thread's CPU time", () => {
  it("counts the page's main-thread tasks after the first paint that used over 12.5 ms of CPU", () => {
    const events = [
      meta(7, 1, "CrRendererMain"),
      paintAt(7, 1_000_000),
      task(7, 1, 500_000, 40, 40), // before the paint
      task(7, 1, 1_100_000, 90, 12.5), // 50 ms at 4×: not over
      task(7, 1, 1_200_000, 20, 13), // over
      task(7, 1, 1_300_000, 14, 14), // over
    ];
    expect(longCpuTasks(events)).toBe(2);
    // every task after the paint, long or not: 12.5 + 13 + 14
    expect(cpuAfterPaint(events)).toBe(40);
  });
});

describe("the tracer's own work", () => {
  it("leaves out the task in which the trace goes over the page's scripts (ScriptCatchup): a visitor's browser never does it", () => {
    const catchup = (ts: number): TraceEvent => ({ name: "ScriptCatchup", ph: "X", pid: 7, tid: 1, ts, dur: 10, tdur: 10 });
    const events = [meta(7, 1, "CrRendererMain"), paintAt(7, 1_000_000), task(7, 1, 1_100_000, 20, 16), catchup(1_100_100), catchup(1_100_200), task(7, 1, 1_200_000, 20, 20)];
    expect(longCpuTasks(events)).toBe(1);
    expect(cpuBlockingTime(events)).toBe(30);
    expect(cpuAfterPaint(events)).toBe(20);
  });
});
