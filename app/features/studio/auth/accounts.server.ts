import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The studio's accounts (docs/studio.md "Accounts and roles"): a text file, one account a line,
 *
 *     email:role:scrypt$N$r$p$salt$hash
 *
 * `role` is `editor` or `publisher` (a publisher can do everything an editor can); the password
 * is hashed with scrypt (node:crypto), a random 16-byte salt, salt and hash in base64url. Blank
 * lines and lines starting with `#` are comments. `npm run studio:user` writes the file
 * (scripts/studio-user.ts); the site reads it on every sign-in and every request of the studio, so
 * a new account, a removed one or a changed role counts at once, without a restart.
 *
 * This module reads no environment: the file's path is given (env.studio.usersFile on the site,
 * usersFileFrom(process.env) in the command), so the command runs without the site's settings.
 */

export const STUDIO_ROLES = ["editor", "publisher"] as const;
export type StudioRole = (typeof STUDIO_ROLES)[number];

export const isStudioRole = (value: unknown): value is StudioRole => typeof value === "string" && (STUDIO_ROLES as readonly string[]).includes(value);

/** Whether `role` may do what `needed` allows: a publisher is an editor too. */
export const roleAllows = (role: StudioRole, needed: StudioRole) => needed === "editor" || role === "publisher";

export type StudioAccount = { email: string; role: StudioRole; hash: string };

/** The shortest password the command accepts (docs/studio.md "Accounts and roles"). */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest password any form or the command takes: nobody types more, and scrypt need not hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024;

/** scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, some 100 ms a check on one core). */
const COST = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** The costs a stored hash may name: a line edited by hand cannot make a check take minutes or gigabytes. */
const SANE = { minN: 16_384, maxN: 1_048_576, maxR: 32, maxP: 16 } as const;

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize("NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
/** scrypt needs 128 · N · r bytes; node's default ceiling (32 MiB) is exactly our cost's, so leave room. */
const memoryFor = (N: number, r: number) => 256 * N * r;

/** A password's stored form: `scrypt$N$r$p$salt$hash`, with a random salt unless one is given (the demo accounts'). */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_BYTES)): Promise<string> {
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...COST, maxmem: memoryFor(COST.N, COST.r) });
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

const B64URL = /^[A-Za-z0-9_-]+$/;

/** A stored hash's parts, or null when it is not one this module wrote (or its costs are out of range). */
function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || rest.length > 0 || !n || !r || !p || !salt || !key || !B64URL.test(salt) || !B64URL.test(key)) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const powerOfTwo = Number.isInteger(N) && (N & (N - 1)) === 0;
  if (!powerOfTwo || N < SANE.minN || N > SANE.maxN || !Number.isInteger(R) || R < 1 || R > SANE.maxR || !Number.isInteger(P) || P < 1 || P > SANE.maxP) return null;
  const saltBytes = Buffer.from(salt, "base64url");
  const keyBytes = Buffer.from(key, "base64url");
  if (saltBytes.length < SALT_BYTES || keyBytes.length < 16 || keyBytes.length > 64) return null;
  return { N, r: R, p: P, salt: saltBytes, key: keyBytes };
}

export const isStoredHash = (value: string) => parseHash(value) !== null;

/** Whether `password` is the one `stored` was made from; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p, maxmem: memoryFor(parsed.N, parsed.r) });
  return timingSafeEqual(key, parsed.key);
}

/**
 * A hash no password opens, checked when the email has no account: an unknown email then takes as
 * long to refuse as a wrong password, so the time of the answer does not tell who has an account.
 */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(32).toString("base64url")));

/** An account's email as the file keeps it: trimmed, lower case. */
export const normaliseEmail = (value: string) => value.trim().toLowerCase();

/** An email the file can hold: one `@`, a dot in the domain, no spaces and no `:` (the file's separator). */
export const isAccountEmail = (value: string) => value.length <= 254 && /^[^\s@:]+@[^\s@:]+\.[^\s@:]{2,}$/.test(value);

/**
 * A line of the file: an account, or anything else kept as it was (a comment, a blank line, a
 * line the site cannot read, which the command never drops).
 */
type Line = { kind: "account"; account: StudioAccount } | { kind: "other"; text: string };

export type AccountsFile = {
  /** The accounts by email; a repeated email keeps its first line. */
  accounts: Map<string, StudioAccount>;
  /** The lines the site cannot read, by number, with why (never their content: a hash is a secret). */
  problems: { line: number; reason: string }[];
  lines: Line[];
};

/** The file's text as accounts. */
export function parseAccounts(text: string): AccountsFile {
  const accounts = new Map<string, StudioAccount>();
  const problems: AccountsFile["problems"] = [];
  const lines: Line[] = [];
  const raws = text.split(/\r?\n/);
  // What follows the file's last newline is no line of its own.
  if (raws[raws.length - 1] === "") raws.pop();
  raws.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) {
      lines.push({ kind: "other", text: raw });
      return;
    }
    const [email = "", role = "", hash = "", ...rest] = line.split(":");
    const reason =
      rest.length > 0 || !email || !role || !hash
        ? "no tiene la forma correo:rol:hash"
        : !isAccountEmail(normaliseEmail(email))
          ? "el correo no es válido"
          : !isStudioRole(role)
            ? "el rol no es editor ni publisher"
            : !isStoredHash(hash)
              ? "la contraseña no está en la forma scrypt$N$r$p$sal$hash"
              : accounts.has(normaliseEmail(email))
                ? "el correo ya tiene una línea antes; vale la primera"
                : null;
    if (reason) {
      problems.push({ line: index + 1, reason });
      lines.push({ kind: "other", text: raw });
      return;
    }
    const account: StudioAccount = { email: normaliseEmail(email), role: role as StudioRole, hash };
    accounts.set(account.email, account);
    lines.push({ kind: "account", account });
  });
  return { accounts, problems, lines };
}

const formatLine = ({ email, role, hash }: StudioAccount) => `${email}:${role}:${hash}`;

/** The file's text: its lines in their order, one per line, ending with a newline. */
export function formatAccounts(file: Pick<AccountsFile, "lines">): string {
  const text = file.lines.map((line) => (line.kind === "account" ? formatLine(line.account) : line.text)).join("\n");
  return text === "" ? "" : `${text}\n`;
}

/** The file as it is now; a file that does not exist has no accounts. */
export async function readAccountsFile(file: string): Promise<AccountsFile> {
  try {
    return parseAccounts(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return parseAccounts("");
    throw error;
  }
}

/** The account of `email` as the file has it now, or null. */
export async function findAccount(file: string, email: string): Promise<StudioAccount | null> {
  return (await readAccountsFile(file)).accounts.get(normaliseEmail(email)) ?? null;
}

/**
 * The account when `password` is its password, else null, whether the email has no account or
 * the password is wrong (both take one scrypt check). Given a path, the file is read now: a new
 * account signs in without a restart.
 */
export async function checkCredentials(file: string | AccountsFile, email: string, password: string): Promise<StudioAccount | null> {
  const accounts = typeof file === "string" ? (await readAccountsFile(file)).accounts : file.accounts;
  const account = accounts.get(normaliseEmail(email)) ?? null;
  const matches = await verifyPassword(password, account?.hash ?? (await decoyHash()));
  return account && matches ? account : null;
}

/**
 * A fingerprint of the account's password (a hash of its stored hash): a session keeps it, and
 * ends when the password changes (docs/studio.md "Accounts and roles").
 */
export const credentialOf = (account: StudioAccount) => createHash("sha256").update(account.hash).digest("base64url").slice(0, 22);

/** Writes the file whole: a temporary file beside it (mode 0600), then a rename, so no reader sees half a file. */
async function writeAccountsFile(file: string, accounts: Pick<AccountsFile, "lines">): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, formatAccounts(accounts), { mode: 0o600, flag: "wx" });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export type SaveOutcome = "created" | "updated";

/**
 * Creates the account or changes its role and, when `password` is given, its password (null keeps
 * the one it has; a new account needs one). Every other line of the file stays as it was.
 */
export async function saveAccount(file: string, input: { email: string; role: StudioRole; password: string | null }): Promise<SaveOutcome> {
  const email = normaliseEmail(input.email);
  if (!isAccountEmail(email)) throw new Error("el correo no es válido");
  const current = await readAccountsFile(file);
  const existing = current.accounts.get(email);
  if (!existing && input.password === null) throw new Error("una cuenta nueva necesita contraseña");
  const hash = input.password === null ? existing!.hash : await hashPassword(input.password);
  const account: StudioAccount = { email, role: input.role, hash };
  const lines: Line[] = existing
    ? current.lines.map((line) => (line.kind === "account" && line.account.email === email ? { kind: "account", account } : line))
    : [...current.lines, { kind: "account", account }];
  await writeAccountsFile(file, { lines });
  return existing ? "updated" : "created";
}

/** Removes the account; false when there was none. */
export async function removeAccount(file: string, email: string): Promise<boolean> {
  const current = await readAccountsFile(file);
  const key = normaliseEmail(email);
  if (!current.accounts.has(key)) return false;
  await writeAccountsFile(file, { lines: current.lines.filter((line) => !(line.kind === "account" && line.account.email === key)) });
  return true;
}

/**
 * The accounts file of an environment, by the rule of app/lib/env.server.ts (env.studio.usersFile):
 * STUDIO_USERS_FILE, else DATA_DIR/studio-users, else data/studio-users under the working folder.
 */
export function usersFileFrom(environment: Record<string, string | undefined>, cwd = process.cwd()): string {
  const dataDir = environment.DATA_DIR || path.join(cwd, "data");
  return path.resolve(cwd, environment.STUDIO_USERS_FILE || path.join(dataDir, "studio-users"));
}
