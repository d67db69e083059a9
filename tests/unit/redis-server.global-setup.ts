import { spawn, type ChildProcess } from "node:child_process";
import type { TestProject } from "vitest/node";
import { freePort } from "../support/free-port";

/**
 * A real redis-server for the Redis backend's tests (app/lib/store): started on a free port,
 * without persistence, before the unit tests and stopped after them. Its URL reaches the tests
 * as `inject("redisUrl")`. `.ci/run` installs redis-server where it is missing.
 */
declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

let redis: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start in 10 s")), 10_000);
    redis!.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not start (is it installed? apt-get install redis-server): ${error.message}`));
    });
    redis!.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  project.provide("redisUrl", `redis://127.0.0.1:${port}`);
  return async () => {
    if (!redis || redis.exitCode !== null) return;
    const exited = new Promise((resolve) => redis!.once("exit", resolve));
    redis.kill("SIGTERM");
    await exited;
  };
}
