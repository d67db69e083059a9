import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkCredentials, findAccount } from "../app/features/studio/auth/accounts.server";

/** npm run studio:user (scripts/studio-user.ts), as a person or a script runs it: its file, its answers. */
const repoRoot = path.resolve(__dirname, "..");
const folder = mkdtempSync(path.join(tmpdir(), "bait-studio-user-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Run = { status: number | null; stdout: string; stderr: string };
/** The command without a terminal: the password from STUDIO_PASSWORD when given (undefined: not set at all). */
function run(args: string[], env: { STUDIO_USERS_FILE?: string; DATA_DIR?: string; STUDIO_PASSWORD?: string }): Promise<Run> {
  const { STUDIO_PASSWORD: _password, STUDIO_USERS_FILE: _file, DATA_DIR: _data, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/studio-user.ts", ...args], { cwd: repoRoot, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const PASSWORD = "una contraseña de doce o más";

describe("npm run studio:user", () => {
  it("creates, changes and removes an account, in a file of mode 0600 whose folder it creates", async () => {
    const file = path.join(folder, "cuentas", "studio-users");
    const created = await run(["Ana@Bait.mx", "editor"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: PASSWORD });
    expect(created).toMatchObject({ status: 0, stdout: `Cuenta creada: ana@bait.mx, rol editor, en ${file}.\n`, stderr: "" });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toMatch(/^ana@bait\.mx:editor:scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}\n$/);
    expect(readFileSync(file, "utf8")).not.toContain(PASSWORD);
    expect(await checkCredentials(file, "ana@bait.mx", PASSWORD)).toMatchObject({ role: "editor" });

    // The role alone: an empty STUDIO_PASSWORD keeps the password.
    const promoted = await run(["ana@bait.mx", "publisher"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: "" });
    expect(promoted).toMatchObject({ status: 0, stdout: `Cuenta actualizada: ana@bait.mx, rol publisher (se conservó su contraseña), en ${file}.\n` });
    expect(await checkCredentials(file, "ana@bait.mx", PASSWORD)).toMatchObject({ role: "publisher" });

    // A new password.
    expect((await run(["ana@bait.mx", "publisher"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: `${PASSWORD} nueva` })).status).toBe(0);
    expect(await checkCredentials(file, "ana@bait.mx", PASSWORD)).toBeNull();
    expect(await checkCredentials(file, "ana@bait.mx", `${PASSWORD} nueva`)).toMatchObject({ role: "publisher" });

    const removed = await run(["ana@bait.mx", "--remove"], { STUDIO_USERS_FILE: file });
    expect(removed).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Cuenta ana@bait\.mx eliminada de /) });
    expect(await findAccount(file, "ana@bait.mx")).toBeNull();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses a short password, a new account without one, an unknown role, a bad email, and removing nobody, changing nothing", async () => {
    const file = path.join(folder, "rechazos");
    // Independent of each other (none writes anything): run side by side.
    const [short, empty, noTerminal, role, email, nothing, nobody] = await Promise.all([
      run(["eva@bait.mx", "editor"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: "corta123456" }),
      run(["eva@bait.mx", "editor"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: "" }),
      run(["eva@bait.mx", "editor"], { STUDIO_USERS_FILE: file }),
      run(["eva@bait.mx", "jefa"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: PASSWORD }),
      run(["eva", "editor"], { STUDIO_USERS_FILE: file, STUDIO_PASSWORD: PASSWORD }),
      run([], { STUDIO_USERS_FILE: file }),
      run(["eva@bait.mx", "--remove"], { STUDIO_USERS_FILE: file }),
    ]);
    expect(short).toMatchObject({ status: 1, stdout: "", stderr: "La contraseña debe tener al menos 12 caracteres; no se cambió nada.\n" });
    expect(empty.stderr).toBe("La contraseña debe tener al menos 12 caracteres; no se cambió nada.\n");
    expect(noTerminal.stderr).toBe("Sin terminal para preguntar la contraseña: pásala en la variable STUDIO_PASSWORD.\n");
    expect(role.stderr).toMatch(/^"jefa" no es un rol: usa editor o publisher\.\nUso: npm run studio:user/);
    expect(email.stderr).toMatch(/^"eva" no es un correo válido\./);
    expect(nothing.stderr).toMatch(/^Falta el correo\./);
    expect(nobody.stderr).toBe(`No hay ninguna cuenta eva@bait.mx en ${file}.\n`);
    for (const refused of [short, empty, noTerminal, role, email, nothing, nobody]) expect(refused.status).toBe(1);
    expect(() => statSync(file)).toThrow();
  });

  it("writes DATA_DIR/studio-users when STUDIO_USERS_FILE is not set, as the site reads it", async () => {
    const dataDir = path.join(folder, "datos");
    expect((await run(["luis@bait.mx", "editor"], { DATA_DIR: dataDir, STUDIO_PASSWORD: PASSWORD })).status).toBe(0);
    expect(await findAccount(path.join(dataDir, "studio-users"), "luis@bait.mx")).toMatchObject({ role: "editor" });
  });
});
