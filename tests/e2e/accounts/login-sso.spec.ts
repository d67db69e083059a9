import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ownPort } from "../support/env";
import { startOwnServer, type OwnServer } from "../support/own-server";

/**
 * The login page's SSO entry (docs/accounts.md "Single sign-on"): when the `sso` flag covers the
 * visitor (enabled without per-user conditions) /login links to /sso, which starts the round
 * trip to the SSO server; when the flag is off, or covers listed lines only (the shipped
 * flags.json), the entry is not there. The shipped config never turns it on for a visitor, so
 * this test runs its own server on a copy of pages-config with the flag on for everyone. Here the
 * entry is followed with JavaScript; what /login answers with the flag on, off or on for listed
 * lines only, and where /sso sends a browser without JavaScript, is proved at the HTTP level:
 * tests/http/login-sso.test.ts.
 */

const OWN_PORT = ownPort(41);
const BASE = `http://localhost:${OWN_PORT}`;
const ENTRY = "Ingresar con Cuenta Bait";

let own: OwnServer | undefined;
let configDir = "";

type Flag = { description: string; enabled: boolean; conditions?: unknown };

function setSso(flag: (shipped: Flag) => Flag) {
  const file = path.join(configDir, "flags.json");
  const shipped = JSON.parse(readFileSync("pages-config/flags.json", "utf8")) as Record<string, Flag>;
  writeFileSync(file, JSON.stringify({ ...shipped, sso: flag(shipped.sso!) }, null, 2));
}

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  own = await startOwnServer({
    port: OWN_PORT,
    label: "sso",
    prepare: (dir) => {
      configDir = dir;
      setSso(({ description }) => ({ description, enabled: true }));
    },
  });
});

test.afterAll(() => own?.stop());

test("sso enabled without conditions: /login shows the Cuenta Bait entry and it leads to the SSO server", async ({ page }) => {
  await page.goto("/login");
  const entry = page.getByRole("link", { name: ENTRY, exact: true });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute("href", "/sso");
  await expect(page.getByText("¿Ya tienes Cuenta Bait? Entra con tu inicio de sesión único.")).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/__mocks\/sso\/authorize\?/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
