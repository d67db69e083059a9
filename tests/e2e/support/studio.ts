import { spawnSync } from "node:child_process";
import { expect } from "@playwright/test";

/**
 * Studio accounts in `usersFile`, each with `password`, made as an operator makes them
 * (`npm run studio:user`, scripts/studio-user.ts): for the specs that start a studio of their own.
 */
export function makeStudioAccounts(usersFile: string, password: string, accounts: Array<[email: string, role: "editor" | "publisher"]>): void {
  for (const [email, role] of accounts) {
    const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/studio-user.ts", email, role], { env: { ...process.env, STUDIO_USERS_FILE: usersFile, STUDIO_PASSWORD: password }, encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);
  }
}
