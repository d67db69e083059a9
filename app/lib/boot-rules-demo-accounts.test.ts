import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/features/studio/auth/accounts.server";
import { DEMO_STUDIO_ACCOUNTS, DEMO_STUDIO_PASSWORD, studioAccountProblems, UPSTREAM_URL_VARIABLES } from "./boot-rules.mjs";

/**
 * The demo's studio accounts never reach production (docs/studio.md "Demo accounts"): with mocks
 * off and the studio on, an accounts file that holds one of them, or an account with the demo
 * password, stops the start like a demo secret does.
 */
const dir = mkdtempSync(path.join(tmpdir(), "bait-cuentas-demo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const real: Record<string, string> = {
  NODE_ENV: "production",
  ...Object.fromEntries(UPSTREAM_URL_VARIABLES.map((name) => [name, `http://127.0.0.1:3999/${name.toLowerCase()}`])),
  DATA_DIR: dir,
  SESSION_SECRET: "e2e-only-session-secret-0123456789abcdef",
  REQUEST_LINK_SECRET: "e2e-only-request-link-secret-fedcba9876543210",
  STUDIO_SECRET: "9f2c4e7a1b3d5f6081a2c3e4d5f60718",
  PREVIEW_ORIGIN: "https://vista-previa.bait.mx",
};
let files = 0;
const accountsFile = (lines: string[]) => {
  const file = path.join(dir, `cuentas-${++files}`);
  writeFileSync(file, `# cuentas del estudio\n${lines.join("\n")}\n`);
  return file;
};

describe("studioAccountProblems", () => {
  it("refuses a start with mocks off whose accounts file holds a demo account, or an account with the demo password, one Spanish line each", async () => {
    const file = accountsFile([
      `ana@bait.mx:publisher:${await hashPassword("una contraseña propia y larga")}`,
      `Editor@bait.mx:editor:${await hashPassword("otra contraseña cualquiera")}`,
      `luis@bait.mx:editor:${await hashPassword(DEMO_STUDIO_PASSWORD)}`,
    ]);
    expect(await studioAccountProblems({ ...real, STUDIO_USERS_FILE: file })).toEqual([
      "STUDIO_USERS_FILE: la línea 3 es la cuenta de demostración editor@bait.mx, que sólo vale con MOCKS=true; quítala con npm run studio:user -- editor@bait.mx --remove",
      "STUDIO_USERS_FILE: la cuenta de la línea 4 (luis@bait.mx) tiene la contraseña de demostración, que sólo vale con MOCKS=true; cámbiala con npm run studio:user -- luis@bait.mx <rol>",
    ]);
  });

  it("lets a start go on with production accounts, with no file, with the studio off, and in the demo", async () => {
    const own = accountsFile([`ana@bait.mx:publisher:${await hashPassword("una contraseña propia y larga")}`, "una línea que el sitio no lee"]);
    expect(await studioAccountProblems({ ...real, STUDIO_USERS_FILE: own })).toEqual([]);
    expect(await studioAccountProblems({ ...real, STUDIO_USERS_FILE: path.join(dir, "no-existe") })).toEqual([]);
    const demo = accountsFile(DEMO_STUDIO_ACCOUNTS.map(({ email, role }) => `${email}:${role}:scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5aw`));
    expect(await studioAccountProblems({ ...real, STUDIO_USERS_FILE: demo, STUDIO_SECRET: "" })).toEqual([]);
    expect(await studioAccountProblems({ ...real, STUDIO_USERS_FILE: demo, MOCKS: "true" })).toEqual([]);
    // The file's default place: DATA_DIR/studio-users.
    writeFileSync(path.join(dir, "studio-users"), `publicador@bait.mx:publisher:x\n`);
    expect(await studioAccountProblems(real)).toEqual([expect.stringMatching(/^STUDIO_USERS_FILE: la línea 1 es la cuenta de demostración publicador@bait\.mx/)]);
  });

  it("stops server/index.ts before anything listens: exit 1, the line on stderr, no stack trace", () => {
    const file = accountsFile([`publicador@bait.mx:publisher:x`]);
    const root = path.resolve(__dirname, "../..");
    const started = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: root,
      encoding: "utf8",
      env: { PATH: process.env.PATH, ...real, NODE_ENV: "production", PORT: "0", STUDIO_USERS_FILE: file },
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toBe("STUDIO_USERS_FILE: la línea 2 es la cuenta de demostración publicador@bait.mx, que sólo vale con MOCKS=true; quítala con npm run studio:user -- publicador@bait.mx --remove\n");
  });
});
