import { readFileSync } from "node:fs";
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Waits (up to 60 s) until `url` answers within 100 ms twice in a row. */
export async function waitForQuiet(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < until) {
    const started = performance.now();
    try {
      await fetch(url);
      quiet = performance.now() - started < 100 ? quiet + 1 : 0;
    } catch {
      quiet = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function children(pid: number): number[] {
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return direct.flatMap((child) => [child, ...children(child)]);
  } catch {
    return [];
  }
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples the resident memory of a process tree (the app's start script, its server, its cluster
 * workers) every 200 ms; `stop` gives the largest single process seen, in MB (the goal is per worker).
 */
export function peakRss(pid: number): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    for (const each of [pid, ...children(pid)]) peak = Math.max(peak, rssMb(each));
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Math.round(peak);
    },
  };
}
