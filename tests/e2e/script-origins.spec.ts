import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ownPort } from "./support/env";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * Issue 39, row 1, in the browser: the editor's chat script ran because the CSP's
 * 'strict-dynamic' trusted whatever the page's own scripts inserted. Now script-src names the
 * origins developers allow: a chat on an allowed origin (SCRIPT_ORIGINS) still loads, and a
 * script it inserts from any other origin is blocked by the browser. A server of its own whose
 * site.json names the chat; both scripts are answered by the test (nothing leaves the machine).
 * Scripts: the js project only.
 */

const CHAT = "https://chat.terceros.example/widget.js";
const FOREIGN = "https://evil.example/pwn.js";

let own: OwnServer | undefined;

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "scripts: nothing runs without JavaScript");

test.beforeAll(async ({ javaScriptEnabled }) => {
  if (javaScriptEnabled === false) return;
  own = await startOwnServer({
    port: ownPort(53),
    label: "origenes-de-scripts",
    env: { SCRIPT_ORIGINS: new URL(CHAT).origin },
    prepare: (configDir) => {
      const site = JSON.parse(readFileSync(path.join(configDir, "site.json"), "utf8"));
      site.chat = { scriptUrl: CHAT };
      writeFileSync(path.join(configDir, "site.json"), JSON.stringify(site));
    },
  });
});

test.afterAll(() => own?.stop());

test("the allowed chat loads; a script it inserts from another origin is refused by the CSP and never runs", async ({ page, context }) => {
  await context.route(CHAT, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `window.chatRan = true; const s = document.createElement("script"); s.src = ${JSON.stringify(FOREIGN)}; document.head.append(s);`,
    }),
  );
  await context.route(FOREIGN, (route) => route.fulfill({ contentType: "text/javascript", body: "window.foreignRan = true;" }));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const seen = ((window as unknown as { refused?: string[] }).refused ??= []);
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });

  await page.goto(`${own!.base}/`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { chatRan?: boolean }).chatRan ?? false), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.evaluate(() => (window as unknown as { refused?: string[] }).refused ?? []), { timeout: 20_000 }).toContain(`script-src-elem ${FOREIGN}`);
  expect(await page.evaluate(() => (window as unknown as { foreignRan?: boolean }).foreignRan ?? false)).toBe(false);
});
