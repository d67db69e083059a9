import { spawn } from "node:child_process";
import { freePort } from "./process";

/**
 * A redis-server of its own (no persistence, on a free loopback port) for a bench with several
 * app workers, which `npm start` refuses without REDIS_URL; `undefined` when redis-server is not
 * installed.
 */
export async function startRedis(): Promise<{ url: string; stop: () => void } | undefined> {
  const port = await freePort();
  const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    redis.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
    redis.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });
  if (!ready) {
    redis.kill("SIGKILL");
    return undefined;
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill("SIGTERM") };
}
