import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

// The studio on, with an accounts file of this test's own: set before any import reads the environment.
vi.hoisted(() => {
  process.env.STUDIO_SECRET = "secreto-de-prueba-del-estudio-0123456789";
  process.env.STUDIO_USERS_FILE = `${process.env.TMPDIR ?? "/tmp"}/bait-estudio-limites-${process.pid}-${Date.now()}/studio-users`;
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { fileState } from "~/lib/store/file-state.server";
import { memoryState, redisState, type SharedState } from "~/lib/store/shared-state.server";
import { saveAccount } from "./accounts.server";
import { STUDIO_LIMITS } from "./limits.server";

/**
 * The studio's sign-in limits under concurrency (docs/studio.md "Accounts and roles"): an attempt is
 * reserved in the shared state before the password is checked, so a burst of wrong passwords sent
 * at once for one account gets no more checks than the limit, on every backend of the state.
 */
const file = env.studio.usersFile;
const PASSWORD = "contraseña de prueba larga";
const folders: string[] = [];
const states: SharedState[] = [];

// An account of this run's own: the Redis is shared with other test files.
const run = randomUUID().slice(0, 8);
const EMAIL = `ana-${run}@bait.mx`;
beforeAll(async () => {
  await saveAccount(file, { email: EMAIL, role: "editor", password: PASSWORD });
});
afterAll(async () => {
  for (const state of states) await state.close();
  for (const folder of [path.dirname(file), ...folders]) rmSync(folder, { recursive: true, force: true });
  vi.doUnmock("~/lib/store/store.server");
  vi.doUnmock("./accounts.server");
});

const backends: Record<string, () => SharedState> = {
  memory: () => memoryState(),
  file: () => {
    const folder = mkdtempSync(path.join(tmpdir(), "bait-estudio-limites-"));
    folders.push(folder);
    return fileState(folder);
  },
  redis: () => redisState(inject("redisUrl")),
};

/** The sign-in action over `state`, with its password checks counted. */
async function signInOver(state: SharedState) {
  states.push(state);
  vi.resetModules();
  vi.doMock("~/lib/store/store.server", async (importOriginal) => ({ ...(await importOriginal<typeof import("~/lib/store/store.server")>()), sharedState: state }));
  const checks = { count: 0 };
  vi.doMock("./accounts.server", async (importOriginal) => {
    const real = await importOriginal<typeof import("./accounts.server")>();
    return {
      ...real,
      checkCredentials: (...args: Parameters<typeof real.checkCredentials>) => {
        checks.count += 1;
        return real.checkCredentials(...args);
      },
    };
  });
  const { signInAction } = await import("./sign-in.server");
  return { signInAction, checks };
}

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/estudio/entrar", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
const statusOf = (value: unknown) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } }).init?.status ?? 200));

describe.each(Object.keys(backends))("the studio sign-in on the %s state", (backend) => {
  it("checks at most 5 of 30 wrong passwords sent at once for one account; the rest are refused with 429", async () => {
    const { signInAction, checks } = await signInOver(backends[backend]!());
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => signInAction(post({ email: EMAIL, password: `equivocada ${index}` }), { clientIp: `${run}:${index}` } as AppLoadContext)),
    );
    const statuses = answers.map(statusOf);
    expect(checks.count).toBeLessThanOrEqual(STUDIO_LIMITS.perEmail.max);
    expect(statuses.filter((status) => status === 400)).toHaveLength(checks.count);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checks.count);
  });

  it("checks at most 20 of 30 wrong passwords sent at once from one address, for any accounts", async () => {
    const { signInAction, checks } = await signInOver(backends[backend]!());
    const ip = `${run}-${backend}`;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => signInAction(post({ email: `nadie${index}-${run}-${backend}@bait.mx`, password: "equivocada" }), { clientIp: ip } as AppLoadContext)));
    expect(checks.count).toBeLessThanOrEqual(STUDIO_LIMITS.perIp.max);
    expect(answers.map(statusOf).filter((status) => status === 429)).toHaveLength(30 - checks.count);
  });
});
