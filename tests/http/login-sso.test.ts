import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { h1, hrefOf, mainText } from "./support/accounts";
import { useSite } from "./support/site";

/**
 * The login page's SSO entry without JavaScript (docs/accounts.md "Single sign-on"): when the `sso`
 * flag covers the visitor (enabled without per-user conditions) /login links to /sso, which sends
 * the browser to the SSO server; when the flag is off, or covers listed lines only (the shipped
 * flags.json), the entry is not there. The site runs on a copy of pages-config whose flags.json the
 * tests edit (the config's watcher applies an edit on the next request). The entry followed with
 * JavaScript is in tests/e2e/accounts/login-sso.spec.ts.
 */
const ENTRY = "Ingresar con Cuenta Bait";
type Flag = { description: string; enabled: boolean; conditions?: unknown };

const configDir = mkdtempSync(path.join(tmpdir(), "bait-http-sso-"));
cpSync("pages-config", configDir, { recursive: true });
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

const site = useSite({ CONFIG_DIR: configDir });

/** The config's version the site serves (a hash of the files it has read). */
const configVersion = async () => ((await (await site.fetch("/healthz")).json()) as { configVersion: string }).configVersion;

/** Writes the sso flag and waits until the site has read it (its config's version changes). */
async function setSso(flag: (shipped: Flag) => Flag) {
  const shipped = JSON.parse(readFileSync("pages-config/flags.json", "utf8")) as Record<string, Flag>;
  const file = path.join(configDir, "flags.json");
  const next = JSON.stringify({ ...shipped, sso: flag(shipped.sso!) }, null, 2);
  if (readFileSync(file, "utf8") === next) return;
  const before = await configVersion();
  writeFileSync(file, next);
  await expect.poll(configVersion, { timeout: 30_000, interval: 100 }).not.toBe(before);
}

it("sso enabled without conditions: /login shows the Cuenta Bait entry and it leads to the SSO server", { timeout: 40_000 }, async () => {
  await setSso(({ description }) => ({ description, enabled: true }));
  const visitor = site.visitor();
  const login = await visitor.get("/login");
  expect(hrefOf(login, ENTRY)).toBe("/sso");
  expect(mainText(login)).toContain("¿Ya tienes Cuenta Bait? Entra con tu inicio de sesión único.");
  const sso = await visitor.follow("/sso");
  expect(sso.url).toMatch(/^\/__mocks\/sso\/authorize\?/);
  expect(h1(sso)).not.toBe("");
});

it.each([
  ["off", ({ description }: Flag) => ({ description, enabled: false })],
  ["on for listed lines only (shipped)", (shipped: Flag) => shipped],
])("sso %s: /login shows no SSO entry", { timeout: 40_000 }, async (_, flag) => {
  await setSso(flag);
  const login = await site.visitor().get("/login");
  expect(h1(login)).toBe("Inicio de sesión");
  expect(hrefOf(login, ENTRY)).toBeUndefined();
  expect(login.$('a[href^="/sso"]').length).toBe(0);
});
