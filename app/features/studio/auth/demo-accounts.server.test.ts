import { afterAll, describe, expect, it, vi } from "vitest";

// The studio on in the demo (vitest runs with MOCKS=true), with an accounts file that does not exist yet.
vi.hoisted(() => {
  process.env.STUDIO_SECRET = "secreto-de-prueba-del-estudio-0123456789";
  process.env.STUDIO_USERS_FILE = `${process.env.TMPDIR ?? "/tmp"}/bait-estudio-demo-${process.pid}-${Date.now()}/studio-users`;
});

import { rmSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { checkCredentials, saveAccount } from "./accounts.server";
import { studioUser } from "./access.server";
import { findStudioAccount, studioAccounts } from "./demo-accounts.server";
import { signInAction } from "./sign-in.server";

/** The demo's studio accounts (docs/studio.md "Demo accounts", ../shared/DEMO-DATA.md). */
const file = env.studio.usersFile;
const DEMO_PASSWORD = "Estudio2024!";
afterAll(() => rmSync(path.dirname(file), { recursive: true, force: true }));

const signIn = (email: string, password: string) =>
  signInAction(
    new Request("http://localhost/estudio/entrar", {
      method: "POST",
      body: new URLSearchParams({ email, password, volver: "/estudio/versiones" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    { clientIp: "198.51.100.77" } as AppLoadContext,
  );
/** The status of what the action answered: a Response, or remix's data() with its init. */
const statusOf = (answer: unknown) => (answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200));

describe("the demo's studio accounts", () => {
  it("sign in to the demo while the accounts file is absent: publicador@bait.mx a publisher, editor@bait.mx an editor", async () => {
    expect(env.mocks).toBe(true);
    const answer = (await signIn("publicador@bait.mx", DEMO_PASSWORD)) as Response;
    expect(answer.status).toBe(303);
    const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
    const user = await studioUser(new Request("http://localhost/estudio", { headers: { Cookie: cookie } }));
    expect(user).toMatchObject({ email: "publicador@bait.mx", role: "publisher" });
    expect(await checkCredentials(await studioAccounts(file, true), "EDITOR@bait.mx", DEMO_PASSWORD)).toMatchObject({ email: "editor@bait.mx", role: "editor" });
    expect(await checkCredentials(await studioAccounts(file, true), "editor@bait.mx", "Estudio2025!")).toBeNull();
  });

  it("do not exist with mocks off", async () => {
    expect((await studioAccounts(file, false)).accounts.size).toBe(0);
    expect(await findStudioAccount("editor@bait.mx", file, false)).toBeNull();
  });

  it("give way to the file's accounts: the first account npm run studio:user makes replaces them", async () => {
    await saveAccount(file, { email: "ana@bait.mx", role: "editor", password: "contraseña de prueba larga" });
    expect([...(await studioAccounts(file, true)).accounts.keys()]).toEqual(["ana@bait.mx"]);
    expect(statusOf(await signIn("editor@bait.mx", DEMO_PASSWORD))).toBe(400);
  });
});
