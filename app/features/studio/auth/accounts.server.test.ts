import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkCredentials,
  credentialOf,
  findAccount,
  formatAccounts,
  hashPassword,
  parseAccounts,
  readAccountsFile,
  removeAccount,
  roleAllows,
  saveAccount,
  usersFileFrom,
  verifyPassword,
} from "./accounts.server";

/** The studio's accounts file (docs/studio.md "Accounts and roles"): hashing, reading, writing. */
const folder = mkdtempSync(path.join(tmpdir(), "bait-estudio-cuentas-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PASSWORD = "una clave larga de prueba";

describe("hashPassword and verifyPassword", () => {
  it("store scrypt with its costs, a random 16-byte salt and the key, and open only with the password", async () => {
    const stored = await hashPassword(PASSWORD);
    const [scheme, N, r, p, salt, key, ...rest] = stored.split("$");
    expect([scheme, Number(N), Number(r), Number(p), rest.length]).toEqual(["scrypt", 32_768, 8, 1, 0]);
    expect(Number(N)).toBeGreaterThanOrEqual(16_384);
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(32);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    // A new salt each time: the same password never stores the same line twice.
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });

  it("refuse a stored value they did not write, or whose costs would make a check take too long", async () => {
    const stored = await hashPassword(PASSWORD);
    const [, , r, p, salt, key] = stored.split("$");
    for (const bad of ["", "texto", `bcrypt$16384$${r}$${p}$${salt}$${key}`, `scrypt$4294967296$${r}$${p}$${salt}$${key}`, `scrypt$1024$${r}$${p}$${salt}$${key}`, `scrypt$30000$${r}$${p}$${salt}$${key}`, `scrypt$32768$8$1$${salt}`]) {
      expect(await verifyPassword(PASSWORD, bad), bad).toBe(false);
    }
  });
});

describe("roleAllows", () => {
  it("lets a publisher do what an editor does, never the other way round", () => {
    expect(roleAllows("editor", "editor")).toBe(true);
    expect(roleAllows("publisher", "editor")).toBe(true);
    expect(roleAllows("publisher", "publisher")).toBe(true);
    expect(roleAllows("editor", "publisher")).toBe(false);
  });
});

describe("parseAccounts", () => {
  it("reads one account a line, skips comments, and names the lines it cannot read without quoting them", async () => {
    const hash = await hashPassword(PASSWORD);
    const text = [
      "# cuentas del estudio",
      `Ana@Bait.MX:publisher:${hash}`,
      "",
      `luis@bait.mx:editor:${hash}`,
      `ana@bait.mx:editor:${hash}`,
      `sin-arroba:editor:${hash}`,
      `eva@bait.mx:admin:${hash}`,
      "eva@bait.mx:editor:scrypt$1$2$3",
      "solo-un-campo",
      "",
    ].join("\n");
    const file = parseAccounts(text);
    expect([...file.accounts.values()].map(({ email, role }) => `${email}:${role}`)).toEqual(["ana@bait.mx:publisher", "luis@bait.mx:editor"]);
    expect(file.problems).toEqual([
      { line: 5, reason: "el correo ya tiene una línea antes; vale la primera" },
      { line: 6, reason: "el correo no es válido" },
      { line: 7, reason: "el rol no es editor ni publisher" },
      { line: 8, reason: "la contraseña no está en la forma scrypt$N$r$p$sal$hash" },
      { line: 9, reason: "no tiene la forma correo:rol:hash" },
    ]);
    expect(JSON.stringify(file.problems)).not.toContain(hash);
    // Written back, every line stays (the accounts normalised, the rest as it was).
    expect(formatAccounts(file)).toBe(text.replace("Ana@Bait.MX", "ana@bait.mx"));
  });

  it("reads an empty text, and Windows line ends, as a person would mean them", async () => {
    expect(parseAccounts("").accounts.size).toBe(0);
    expect(formatAccounts(parseAccounts(""))).toBe("");
    const hash = await hashPassword(PASSWORD);
    expect(parseAccounts(`ana@bait.mx:editor:${hash}\r\n`).accounts.get("ana@bait.mx")?.role).toBe("editor");
  });
});

describe("the file", () => {
  it("is created with its folder and mode 0600, updated and shrunk in place, other lines kept", async () => {
    const file = path.join(folder, "nueva", "carpeta", "studio-users");
    expect(await readAccountsFile(file)).toMatchObject({ problems: [] });
    expect((await readAccountsFile(file)).accounts.size).toBe(0);

    expect(await saveAccount(file, { email: " Ana@Bait.mx ", role: "editor", password: PASSWORD })).toBe("created");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await checkCredentials(file, "ana@bait.mx", PASSWORD)).toMatchObject({ email: "ana@bait.mx", role: "editor" });

    // A comment written by hand survives the command's writes.
    writeFileSync(file, `# no borrar\n${readFileSync(file, "utf8")}`, { mode: 0o600 });
    expect(await saveAccount(file, { email: "luis@bait.mx", role: "publisher", password: `${PASSWORD}!` })).toBe("created");
    const before = (await findAccount(file, "ana@bait.mx"))!;

    // The role alone (the password kept): the same hash, so the same sessions.
    expect(await saveAccount(file, { email: "ana@bait.mx", role: "publisher", password: null })).toBe("updated");
    const promoted = (await findAccount(file, "ana@bait.mx"))!;
    expect(promoted.role).toBe("publisher");
    expect(credentialOf(promoted)).toBe(credentialOf(before));

    // A new password: a new hash, and a new fingerprint (the sessions signed in before it end).
    expect(await saveAccount(file, { email: "ana@bait.mx", role: "publisher", password: `otra ${PASSWORD}` })).toBe("updated");
    const changed = (await findAccount(file, "ana@bait.mx"))!;
    expect(credentialOf(changed)).not.toBe(credentialOf(before));
    expect(await checkCredentials(file, "ana@bait.mx", PASSWORD)).toBeNull();
    expect(await checkCredentials(file, "ANA@bait.mx", `otra ${PASSWORD}`)).toMatchObject({ role: "publisher" });

    expect(readFileSync(file, "utf8").split("\n")[0]).toBe("# no borrar");
    expect(await removeAccount(file, "ana@bait.mx")).toBe(true);
    expect(await removeAccount(file, "ana@bait.mx")).toBe(false);
    expect(await findAccount(file, "ana@bait.mx")).toBeNull();
    expect(await findAccount(file, "luis@bait.mx")).toMatchObject({ role: "publisher" });
    expect(readFileSync(file, "utf8")).toMatch(/^# no borrar\nluis@bait\.mx:publisher:scrypt\$[^\n]+\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses a new account without a password, and an email the file cannot hold", async () => {
    const file = path.join(folder, "rechazos");
    await expect(saveAccount(file, { email: "nadie@bait.mx", role: "editor", password: null })).rejects.toThrow("una cuenta nueva necesita contraseña");
    await expect(saveAccount(file, { email: "a:b@bait.mx", role: "editor", password: PASSWORD })).rejects.toThrow("el correo no es válido");
  });

  it("answers an unknown email and a wrong password alike, both after a scrypt check", async () => {
    const file = path.join(folder, "credenciales");
    await saveAccount(file, { email: "eva@bait.mx", role: "editor", password: PASSWORD });
    expect(await checkCredentials(file, "eva@bait.mx", "equivocada")).toBeNull();
    const started = performance.now();
    expect(await checkCredentials(file, "nadie@bait.mx", PASSWORD)).toBeNull();
    // Well above the time of reading the file: the decoy hash was checked.
    expect(performance.now() - started).toBeGreaterThan(5);
  });
});

describe("usersFileFrom", () => {
  it("is STUDIO_USERS_FILE, else DATA_DIR/studio-users, else data/studio-users (app/lib/env.server.ts's rule)", () => {
    expect(usersFileFrom({ STUDIO_USERS_FILE: "/srv/estudio/cuentas", DATA_DIR: "/srv/datos" }, "/app")).toBe("/srv/estudio/cuentas");
    expect(usersFileFrom({ DATA_DIR: "/srv/datos" }, "/app")).toBe("/srv/datos/studio-users");
    expect(usersFileFrom({}, "/app")).toBe("/app/data/studio-users");
    expect(usersFileFrom({ STUDIO_USERS_FILE: "cuentas" }, "/app")).toBe("/app/cuentas");
  });
});
