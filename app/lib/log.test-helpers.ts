import { vi } from "vitest";
import { logDestination } from "./log.server";

export type LogEntry = Record<string, unknown> & { level: number; msg?: string; module?: string };

/**
 * Catches what the app's logger writes (app/lib/log.server.ts) instead of printing it: `lines` as
 * written, `entries` parsed. Undone by `vi.restoreAllMocks()` or `restore()`.
 */
export function captureLog() {
  const lines: string[] = [];
  const spy = vi.spyOn(logDestination, "write").mockImplementation((chunk: string) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  });
  return {
    lines,
    get entries(): LogEntry[] {
      return lines.map((line) => JSON.parse(line) as LogEntry);
    },
    /** Everything written, as one text (for "never contains" checks). */
    text: () => lines.join("\n"),
    restore: () => spy.mockRestore(),
  };
}

/** Keeps the app's logger quiet (a test that provokes errors on purpose). */
export const quietLog = () => vi.spyOn(logDestination, "write").mockImplementation(() => true);
