import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileState, readFileState, type FileState } from "./file-state.server";

/**
 * The shared state journaled to a file (./file-state.server.ts): what it acknowledged survives a
 * close, a torn last line and a SIGKILL; one process holds a folder; concurrent changes share their
 * syncs; the journal is compacted as it goes. Its behaviour as a `SharedState` is tested with the
 * other backends in ./shared-state.server.test.ts.
 */

// fdatasync counted (and made to fail on demand): the group commit and a failed write.
const syncs = vi.hoisted(() => ({ count: 0, fail: false }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const fdatasync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    syncs.count += 1;
    if (syncs.fail) callback(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    else fs.fdatasync(fd, callback);
  };
  return { ...fs, default: { ...fs, fdatasync }, fdatasync };
});

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const modulePath = fileURLToPath(new URL("./file-state.server.ts", import.meta.url));

const folders: string[] = [];
const states: FileState[] = [];
const children: ChildProcess[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-file-state-"));
  folders.push(dir);
  return dir;
};
const open = (...args: Parameters<typeof fileState>) => {
  const state = fileState(...args);
  states.push(state);
  return state;
};
afterEach(async () => {
  syncs.fail = false;
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(states.splice(0).map((state) => state.close().catch(() => undefined)));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const journalLines = (dir: string) => readFileSync(path.join(dir, "state.journal"), "utf8").split("\n").filter(Boolean);

/** A Node process that opens the state of `dir`, runs `body` (with `state`), prints "ready" and waits. */
function holder(dir: string, body = "") {
  const code = [
    `import { fileState } from ${JSON.stringify(modulePath)};`,
    `const state = fileState(${JSON.stringify(dir)});`,
    body,
    `process.stdout.write("ready\\n");`,
    `setInterval(() => {}, 60_000);`,
  ].join("\n");
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the child exited (${code}): ${errors}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, ready, exited };
}

describe("the shared state journaled to a file", () => {
  it("keeps what it was told through a close and a reopen; expired entries are gone", async () => {
    const dir = folder();
    let now = 1_000_000;
    const clock = () => now;
    const first = open(dir, { clock });
    await first.set("session:a", JSON.stringify({ user: "ana", line: "5512345678" }), 60_000);
    await first.set("session:gone", "x", 100);
    await first.set("session:cleared", "y", 60_000);
    await first.clear("session:cleared");
    expect(await first.claim("payment:1", "claimed", 60_000)).toBe(true);
    expect(await first.claim("payment:1", "again", 60_000)).toBe(false);
    await first.hit("limit:ip", 30_000);
    const window = await first.hit("limit:ip", 30_000);
    await first.hit("limit:cleared", 30_000);
    await first.clear("limit:cleared");
    await first.close();
    expect(existsSync(path.join(dir, "state.lock"))).toBe(false);

    now += 1_000;
    const second = open(dir, { clock });
    expect(await second.get("session:a")).toBe(JSON.stringify({ user: "ana", line: "5512345678" }));
    expect(await second.get("session:gone")).toBeNull();
    expect(await second.get("session:cleared")).toBeNull();
    expect(await second.get("payment:1")).toBe("claimed");
    expect(await second.claim("payment:1", "later", 60_000)).toBe(false);
    expect(await second.peek("limit:ip")).toEqual({ count: 2, resetAt: window.resetAt });
    expect(window.resetAt).toBe(1_000_000 + 30_000);
    expect(await second.peek("limit:cleared")).toBeNull();
    expect((await second.keys("session:")).sort()).toEqual(["session:a"]);
    expect((await second.hit("limit:ip", 30_000)).count).toBe(3);
    // Reopening rewrote the journal with the live entries alone.
    expect(journalLines(dir)).toHaveLength(4);
    expect(readFileSync(path.join(dir, "state.journal"), "utf8")).not.toContain("session:gone");
  });

  it("skips a line cut short by a crash and keeps the rest", async () => {
    const dir = folder();
    const first = open(dir);
    await first.set("a", "1", 60_000);
    await first.set("b", "2", 60_000);
    await first.close();
    appendFileSync(path.join(dir, "state.journal"), `{"v":"c","s":"3","u":99`);

    const second = open(dir);
    expect([await second.get("a"), await second.get("b"), await second.get("c")]).toEqual(["1", "2", null]);
    expect(journalLines(dir).map((line) => JSON.parse(line) as unknown)).toHaveLength(2);
    await second.set("d", "4", 60_000);
    await second.close();
    expect(await open(dir).get("d")).toBe("4");
  });

  it("keeps what it acknowledged through a SIGKILL, and takes over the dead process's lock", async () => {
    const dir = folder();
    const { child, ready, exited } = holder(dir, `await state.claim("payment:9", "claimed", 600000); await state.set("session:9", "record", 600000);`);
    await ready;
    expect(readFileSync(path.join(dir, "state.lock"), "utf8")).toBe(String(child.pid));
    child.kill("SIGKILL");
    await exited;

    const state = open(dir);
    expect(await state.get("payment:9")).toBe("claimed");
    expect(await state.get("session:9")).toBe("record");
    expect(await state.claim("payment:9", "mine", 60_000)).toBe(false);
    expect(readFileSync(path.join(dir, "state.lock"), "utf8")).toBe(String(process.pid));
    await state.close();
    expect(existsSync(path.join(dir, "state.lock"))).toBe(false);
  });

  it("refuses a folder another live process holds, with one line for the start's refusal", async () => {
    const dir = folder();
    const { child, ready, exited } = holder(dir);
    await ready;
    let refusal: unknown;
    try {
      open(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      name: "EnvError",
      message: `DATA_DIR: otro proceso (pid ${child.pid}) usa el estado de ${dir}; espera a que termine o usa REDIS_URL para varios procesos`,
    });
    // The refusal left the holder's lock alone.
    expect(readFileSync(path.join(dir, "state.lock"), "utf8")).toBe(String(child.pid));
    child.kill("SIGKILL");
    await exited;
    expect(() => open(dir)).not.toThrow();
  });

  it("takes over a lock of its own pid (a restart that got it again) or an empty one, but not a folder it has open", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "state.lock"), String(process.pid));
    const state = open(dir);
    expect(() => fileState(dir)).toThrow("ya está abierto en este proceso");
    await state.close();
    writeFileSync(path.join(dir, "state.lock"), "");
    await open(dir).close();
  });

  it("refuses a folder it cannot write, with one line for the start's refusal", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "a-file"), "");
    const inside = path.join(dir, "a-file", "state");
    expect(() => fileState(inside)).toThrow(
      expect.objectContaining({
        name: "EnvError",
        message: `DATA_DIR: no se puede escribir en ${inside} (ENOTDIR); el estado (sesiones, pagos) necesita una carpeta en un disco que sobreviva a un reinicio`,
      }),
    );
  });

  it("writes concurrent changes together: 200 sets, a few syncs, all kept", async () => {
    const dir = folder();
    const state = open(dir);
    syncs.count = 0;
    await Promise.all(Array.from({ length: 200 }, (_, i) => state.set(`key:${i}`, `value ${i}`, 60_000)));
    expect(syncs.count).toBeGreaterThanOrEqual(1);
    expect(syncs.count).toBeLessThanOrEqual(2);
    await state.close();
    const again = open(dir);
    expect(await again.keys("key:")).toHaveLength(200);
    expect(await again.get("key:199")).toBe("value 199");
  });

  it("a failed write rejects its callers and answers ping false; the next one rewrites the journal", async () => {
    const dir = folder();
    const state = open(dir);
    await state.set("before", "1", 60_000);
    syncs.fail = true;
    await expect(state.set("failed", "2", 60_000)).rejects.toThrow("EIO");
    expect(await state.ping()).toBe(false);
    // The change stays in memory (its outcome is unknown to its caller).
    expect(await state.get("failed")).toBe("2");
    syncs.fail = false;
    await state.set("after", "3", 60_000);
    expect(await state.ping()).toBe(true);
    await state.close();
    const again = open(dir);
    expect([await again.get("before"), await again.get("failed"), await again.get("after")]).toEqual(["1", "2", "3"]);
  });

  it("compacts the journal as it goes, without losing a change", async () => {
    const dir = folder();
    const state = open(dir, { compactAfter: 50 });
    for (let i = 0; i < 500; i++) await state.set(`key:${i % 10}`, `value ${i}`, 60_000);
    // Nor do changes made while a rewrite is on its way: hits in waves, each joining the queue.
    const hits: Promise<unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      hits.push(state.hit(`hits:${i % 5}`, 60_000));
      if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(hits);
    await state.flush();
    expect(journalLines(dir).length).toBeLessThan(100);
    await state.close();
    const again = open(dir);
    for (let k = 0; k < 10; k++) expect(await again.get(`key:${k}`)).toBe(`value ${490 + k}`);
    for (let k = 0; k < 5; k++) expect((await again.peek(`hits:${k}`))?.count).toBe(20);
  });

  it("refuses changes once closed", async () => {
    const state = open(folder());
    await state.close();
    await expect(state.set("late", "1", 1_000)).rejects.toThrow("cerrado");
    expect(await state.ping()).toBe(false);
  });

  it("publishes to this process's listeners, journals nothing of it, and stops them at close", async () => {
    const dir = folder();
    const state = open(dir);
    const heard: string[] = [];
    const stop = state.subscribe("studio:published", (message) => heard.push(message));
    await state.publish("studio:published", "1");
    await state.publish("otro", "x");
    stop();
    await state.publish("studio:published", "2");
    state.subscribe("studio:published", (message) => heard.push(`late ${message}`));
    expect(heard).toEqual(["1"]);
    await state.flush();
    expect(journalLines(dir)).toEqual([]);
    await state.close();
    await expect(state.publish("studio:published", "3")).rejects.toThrow("cerrado");
    expect(state.subscribe("studio:published", (message) => heard.push(message))).toBeTypeOf("function");
    expect(heard).toEqual(["1"]);
  });
});

describe("the journal read by another process (npm run studio:export)", () => {
  it("reads what the holder journaled, without its lock and while it holds it, and refuses changes", async () => {
    const dir = folder();
    const { ready } = holder(dir, `await state.set("studio:head", "3", 60_000); await state.set("studio:gone", "x", 1); await state.hit("count", 60_000); await new Promise((resolve) => setTimeout(resolve, 20));`);
    await ready;
    const reader = readFileState(dir);
    expect(await reader.get("studio:head")).toBe("3");
    expect(await reader.get("studio:gone")).toBeNull();
    expect(await reader.keys("studio:")).toEqual(["studio:head"]);
    expect((await reader.peek("count"))?.count).toBe(1);
    await expect(reader.set("studio:head", "4", 1_000)).rejects.toThrow("sólo para leer");
    await expect(reader.claim("studio:x", "1", 1_000)).rejects.toThrow("sólo para leer");
    await expect(reader.publish("studio:published", "4")).rejects.toThrow("sólo para leer");
    // The holder's lock is still its own.
    expect(readFileSync(path.join(dir, "state.lock"), "utf8")).not.toBe(String(process.pid));
    await reader.close();
  });

  it("reads an empty state from a folder with no journal", async () => {
    const reader = readFileState(folder());
    expect(await reader.get("studio:head")).toBeNull();
    expect(await reader.keys("")).toEqual([]);
  });
});
