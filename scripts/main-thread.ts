// The blocking time of a page load counted from the main thread's own CPU time: each task's thread
// time (the trace's `tdur`, which the machine's other work does not stretch) times Lighthouse's CPU
// slowdown, the part over 50 ms summed for the tasks after the first contentful paint. Lighthouse's
// own total blocking time scales each task's wall time instead, so on a machine where Chromium's
// processes and the audit share two cores, time the main thread spends waiting for a core counts as
// blocking; this figure leaves that out (docs/performance.md "Lighthouse").

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

export const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;
/** A task over this much CPU here blocks a phone four times slower for more than 50 ms. */
export const LONG_TASK_CPU_MS = BLOCKING_MS / CPU_SLOWDOWN;

/**
 * The tracer's own work, not the page's: when a trace records the scripts' sources (Lighthouse's
 * does), the renderer spends a task going over every script the page has compiled (`ScriptCatchup`
 * events, one per script, 14–16 ms of CPU on `/`). A visitor's browser never does it.
 */
const TRACER_WORK = "ScriptCatchup";

/** Each main-thread task after the first contentful paint: the CPU it used after the paint, in ms (unscaled). */
function tasksAfterPaint(events: readonly TraceEvent[]): number[] | null {
  const paint = events.filter((event) => event.name === "firstContentfulPaint").at(-1);
  if (!paint) return null;
  const main = events.find((event) => event.pid === paint.pid && event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain");
  if (!main) return null;
  const onMain = (event: TraceEvent) => event.pid === main.pid && event.tid === main.tid;
  const tracer = events.filter((event) => event.name === TRACER_WORK && onMain(event)).map((event) => event.ts);
  const tasks: number[] = [];
  for (const task of events) {
    if (task.name !== "RunTask" || task.ph !== "X" || !onMain(task)) continue;
    const wall = task.dur ?? 0;
    const end = task.ts + wall;
    if (end <= paint.ts || wall <= 0) continue;
    if (tracer.some((ts) => ts >= task.ts && ts <= end)) continue;
    // A task that began before the paint counts for the share of it that came after.
    const after = Math.min(1, (end - paint.ts) / wall);
    tasks.push(((task.tdur ?? wall) / 1000) * after);
  }
  return tasks;
}

/** Σ max(0, slowdown × CPU time − 50 ms) over the page's main-thread tasks after its first contentful paint, in ms. */
export function cpuBlockingTime(events: readonly TraceEvent[], slowdown = CPU_SLOWDOWN): number | null {
  const tasks = tasksAfterPaint(events);
  if (!tasks) return null;
  return Math.round(tasks.reduce((sum, cpuMs) => sum + Math.max(0, cpuMs * slowdown - BLOCKING_MS), 0));
}

/** How many main-thread tasks after the first contentful paint used more than 12.5 ms of CPU (50 ms at 4×). */
export function longCpuTasks(events: readonly TraceEvent[], overMs = LONG_TASK_CPU_MS): number | null {
  const tasks = tasksAfterPaint(events);
  return tasks ? tasks.filter((cpuMs) => cpuMs > overMs).length : null;
}

/** All the main thread's CPU time after the first contentful paint, in ms (unscaled): what hydrating and the rest cost, long tasks or not. */
export function cpuAfterPaint(events: readonly TraceEvent[]): number | null {
  const tasks = tasksAfterPaint(events);
  return tasks ? Math.round(tasks.reduce((sum, cpuMs) => sum + cpuMs, 0)) : null;
}
