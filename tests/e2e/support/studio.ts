import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { saveAccount } from "../../../app/features/studio/auth/accounts.server";

/**
 * Studio accounts in `usersFile`, each with `password`, made by the function `npm run studio:user`
 * calls (app/features/studio/auth/accounts.server.ts `saveAccount`; the command itself is
 * scripts/studio-user.test.ts's): for the specs that start a studio of their own.
 */
export async function makeStudioAccounts(usersFile: string, password: string, accounts: Array<[email: string, role: "editor" | "publisher"]>): Promise<void> {
  for (const [email, role] of accounts) {
    expect(await saveAccount(usersFile, { email, role, password }), `${email} ${role}`).toBe("created");
  }
}

/**
 * How long a studio spec waits on its slowest steps: the sign-in (a scrypt check, then the first
 * studio page of a server just started, its code still cold) and the page of the studio's largest
 * form (site.json: menu, footer, navigation…) opened, drawn, saved and drawn again, or left. A
 * safety net, not a measure: the specs run beside the rest of the suite, and a machine busy with
 * its browsers takes many times what an idle one does.
 */
export const SLOW_STEP_TIMEOUT = 60_000;

/**
 * Waits until `url` on the server `child` answers 200; fails at once if the server exits first (a
 * port taken, a setting refused), naming its exit code. A start may take minutes on a machine busy
 * with the rest of the suite: the hook or test that waits gets two more minutes on top of its own
 * time (as support/own-server.ts does), a safety net so that its verdict never depends on the load.
 * The server stops with the worker at the latest, whatever the spec's afterAll could do.
 */
export async function serving(child: ChildProcess, url: string): Promise<void> {
  if (test.info().timeout > 0) test.info().setTimeout(test.info().timeout + 120_000);
  const stopWithWorker = () => child.kill();
  process.once("exit", stopWithWorker);
  let exit: string | undefined;
  if (child.exitCode !== null || child.signalCode !== null) exit = String(child.exitCode ?? child.signalCode);
  child.once("exit", (code, signal) => {
    exit = String(code ?? signal);
    process.off("exit", stopWithWorker);
  });
  for (;;) {
    if (exit !== undefined) throw new Error(`the server for ${url} exited (${exit}) before it answered`);
    if ((await fetch(url).then((response) => response.status, () => 0)) === 200) return;
    await sleep(250);
  }
}

/**
 * Fails unless every one of `ports` is free. A server left running on one by an earlier run (a
 * hook that timed out before it could stop it) would otherwise answer in place of the one about
 * to start there, with another accounts' file, another state and another build.
 */
export async function expectPortsFree(...ports: number[]): Promise<void> {
  for (const port of ports) {
    const taken = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(true));
      probe.listen(port, () => probe.close(() => resolve(false)));
    });
    expect(taken, `port ${port} is taken, by a server of an earlier run? (ss -ltnp | grep ${port})`).toBe(false);
  }
}
