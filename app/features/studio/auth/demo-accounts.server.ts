import { createHash } from "node:crypto";
import { DEMO_STUDIO_ACCOUNTS, DEMO_STUDIO_PASSWORD } from "~/lib/boot-rules.mjs";
import { env } from "~/lib/env.server";
import { hashPassword, normaliseEmail, parseAccounts, readAccountsFile, type AccountsFile, type StudioAccount } from "./accounts.server";

/**
 * The studio's accounts as the site uses them (docs/studio.md "Demo accounts"): the accounts file,
 * or, in the demo (mocks on) while that file holds no account, the demo's two accounts
 * (`publicador@bait.mx` a publisher, `editor@bait.mx` an editor, both with the password
 * `Estudio2024!`, app/lib/boot-rules.mjs). Nothing is written: the first account made with
 * `npm run studio:user` replaces them. With mocks off they never exist, and a start whose accounts
 * file holds them or their password is refused (studioAccountProblems).
 */

/** The demo accounts' file, hashed once per process with a salt of each e-mail: the same hash after a restart, so a demo session outlives it. */
let demoFile: Promise<AccountsFile> | null = null;
const demoAccounts = () =>
  (demoFile ??= (async () => {
    const lines = await Promise.all(
      DEMO_STUDIO_ACCOUNTS.map(async ({ email, role }) => {
        const salt = createHash("sha256").update(`bait-estudio-demo:${email}`).digest().subarray(0, 16);
        return `${email}:${role}:${await hashPassword(DEMO_STUDIO_PASSWORD, salt)}`;
      }),
    );
    return parseAccounts(`${lines.join("\n")}\n`);
  })());

/** The accounts in effect now: the file's, or the demo's when mocks are on and the file has none. */
export async function studioAccounts(file = env.studio.usersFile, demo = env.mocks): Promise<AccountsFile> {
  const read = await readAccountsFile(file);
  return demo && read.accounts.size === 0 ? demoAccounts() : read;
}

/** The account of `email` among the accounts in effect now, or null. */
export async function findStudioAccount(email: string, file = env.studio.usersFile, demo = env.mocks): Promise<StudioAccount | null> {
  return (await studioAccounts(file, demo)).accounts.get(normaliseEmail(email)) ?? null;
}
