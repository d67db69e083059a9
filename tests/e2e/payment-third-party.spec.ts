import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect as baseExpect, test } from "@playwright/test";
import { hydrate, stopClock } from "./support/clock";
import { acceptCookies } from "./support/cookies";
import { ownPort } from "./support/env";
import { waitForHydration } from "./support/hydration";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * No third-party script on the payment pages (docs/payment.md "Card data"): their CSP allows the
 * site's scripts and the response's nonce only, and with cookie consent given — the marketing
 * platforms and a consented script loaded on the page before — /pago starts in a document of its
 * own where none of them runs. A server of its own, on a copy of pages-config with the three
 * platforms' ids and one consented third-party script (served empty by the test: nothing leaves
 * the machine), whose origin the server allows (SCRIPT_ORIGINS: config alone cannot, docs/studio.md
 * "Allowing a script origin"). The platforms are scripts: runs in the js project only.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
const OWN_PORT = ownPort(39);
const BASE = `http://localhost:${OWN_PORT}`;
const THIRD_PARTY = "https://chat.terceros.example/widget.js";
/** A minute on the page's stopped clock: whatever the page would start later (a timer, an idle callback) has started. */
const A_MINUTE_MS = 60_000;

let own: OwnServer | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  own = await startOwnServer({
    port: OWN_PORT,
    label: "pago-terceros",
    env: { SCRIPT_ORIGINS: new URL(THIRD_PARTY).origin },
    prepare: (configDir) => {
      const site = JSON.parse(readFileSync(path.join(configDir, "site.json"), "utf8"));
      site.tracking.platforms = { google: "G-TEST1234", meta: "1234567890", tiktok: "CTEST1234567890" };
      site.tracking.consentScripts = [THIRD_PARTY];
      writeFileSync(path.join(configDir, "site.json"), JSON.stringify(site));
    },
  });
});

test.afterAll(() => own?.stop());

/** What the document runs now: every script element's address that is not the site's own build. */
const foreignScripts = (page: import("@playwright/test").Page) =>
  page.evaluate(() => [...document.scripts].map((script) => script.src).filter((src) => src && !new URL(src).pathname.startsWith("/build/")));

test("with consent, the scripts that ran before /pago never run on it, and its CSP names no third party", async ({ page, context }) => {
  await acceptCookies(context, BASE);
  // The consented third party answers an empty script (no network here); the test sees its requests.
  await context.route((url) => url.hostname === "chat.terceros.example", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(`${new URL(page.url()).pathname} ${request.url()}`);
  });
  const checkoutDocuments: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === "document" && url.pathname === "/pago") checkoutDocuments.push(response.headers()["content-security-policy"] ?? "");
  });

  // Before the checkout: the platforms and the consented script load, as on every page; the page's
  // script-src names the allowed origin and trusts nothing else a script inserts.
  const before = await page.goto("/recargas?recarga=BAIT50");
  const scriptSrc = (before!.headers()["content-security-policy"] ?? "").split("; ").find((directive) => directive.startsWith("script-src "))!;
  expect(scriptSrc).toContain(new URL(THIRD_PARTY).origin);
  expect(scriptSrc).not.toContain("'strict-dynamic'");
  await waitForHydration(page);
  await expect.poll(() => foreignScripts(page), { timeout: 15_000 }).toEqual(expect.arrayContaining([THIRD_PARTY, expect.stringContaining("/__mocks/analitica/google.js")]));

  const dialog = page.getByRole("dialog", { name: "Bait 50", exact: true });
  await dialog.getByLabel("Número Bait a recargar", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill("sin.terceros@example.com");
  // /pago's clock is the test's (support/clock.ts): it moves a minute on once the page is in use.
  await stopClock(page);
  await dialog.getByRole("button", { name: "Siguiente", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/pago");
  await expect(page.getByRole("heading", { level: 1, name: "Completa tu pago" })).toBeVisible();
  await hydrate(page);
  const cardNumber = page.locator("form#card").getByLabel("Número de tarjeta");
  await cardNumber.click();
  await expect(cardNumber).toBeFocused();
  await page.clock.runFor(A_MINUTE_MS);

  // /pago was a document of its own (not a client-side navigation inside the page that ran them)…
  expect(checkoutDocuments.length).toBeGreaterThanOrEqual(1);
  // …whose CSP allows only the site's scripts and this response's nonce…
  for (const policy of checkoutDocuments) {
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "))!;
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
  }
  // …and where no script but the site's own runs or was asked for.
  expect(await foreignScripts(page)).toEqual([]);
  expect(scripts.filter((entry) => entry.startsWith("/pago ") && !new URL(entry.split(" ")[1]!).pathname.startsWith("/build/"))).toEqual([]);

  // The same on a fresh load of /pago.
  scripts.length = 0;
  await page.reload();
  await hydrate(page);
  await page.clock.runFor(A_MINUTE_MS);
  expect(await foreignScripts(page)).toEqual([]);
  expect(scripts.filter((entry) => !new URL(entry.split(" ")[1]!).pathname.startsWith("/build/"))).toEqual([]);
});
