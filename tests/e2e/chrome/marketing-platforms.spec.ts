import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { acceptCookies } from "../support/cookies";
import { ownPort } from "../support/env";
import { waitForHydration, waitForModal } from "../support/hydration";
import { startOwnServer, type OwnServer } from "../support/own-server";

/**
 * The marketing platforms (docs/esim.md "Marketing platforms", spec §1, §4 cookie acceptance):
 * Google's tag, the Meta pixel and the TikTok pixel load only after cookie consent, from the
 * ids of site.json, and receive the catalogue's events without personal data. The shipped
 * site.json configures none, so these tests run their own server on a copy of pages-config
 * with three ids; with mocks on, each platform's script is a stand-in that hands what it gets
 * to the mock collector (GET /__mocks/analitica/recibido).
 */

const OWN_PORT = ownPort(17);
const BASE = `http://localhost:${OWN_PORT}`;
const IDS = { google: "G-TEST1234", meta: "1234567890", tiktok: "CTEST1234567890" };

type Received = { platform: string; id: string; call: unknown[]; page: string };

let own: OwnServer | undefined;

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  own = await startOwnServer({
    port: OWN_PORT,
    label: "plataformas",
    prepare: (configDir) => {
      const site = JSON.parse(readFileSync(path.join(configDir, "site.json"), "utf8"));
      site.tracking.platforms = IDS;
      writeFileSync(path.join(configDir, "site.json"), JSON.stringify(site));
    },
  });
});

test.afterAll(() => own?.stop());

test.beforeEach(async () => {
  await fetch(`${BASE}/__mocks/reset`, { method: "POST", headers: { Connection: "close" } });
});

/**
 * What the collector holds. Read with a fresh connection, and asked once more if the server
 * resets it: a polled keep-alive socket the server closes just as it is reused resets.
 */
async function received(): Promise<Received[]> {
  const read = () => fetch(`${BASE}/__mocks/analitica/recibido`, { headers: { Connection: "close" } }).then((response) => response.json() as Promise<Received[]>);
  return read().catch(read);
}
const calls = (all: Array<Pick<Received, "platform" | "call">>, platform: string) => all.filter((entry) => entry.platform === platform).map((entry) => entry.call);

test("before consent no platform loads and nothing is received", async ({ page }) => {
  await page.goto("/cambiate-a-bait");
  // The page's mark comes after the root's effects, the consented tracking's among them: the
  // moment the platforms would have started loading has passed.
  await waitForHydration(page);
  await expect(page.locator('script[src*="/__mocks/analitica/"]')).toHaveCount(0);
  expect(await received()).toEqual([]);
});

test("'Aceptar' on /cambiate-a-bait loads the three platforms: each gets its id and the page view queued before consent", async ({ page }) => {
  await page.goto("/cambiate-a-bait");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Aceptar", exact: true }).click();
  await expect.poll(async () => new Set((await received()).map((entry) => entry.platform)).size, { timeout: 10_000 }).toBe(3);
  await expect.poll(async () => calls(await received(), "meta")).toContainEqual(["track", "PageView"]);
  const all = await received();
  expect(calls(all, "google")).toContainEqual(["config", IDS.google, { send_page_view: false }]);
  expect(calls(all, "google")).toContainEqual(["event", "page_view", { page_path: "/cambiate-a-bait" }]);
  expect(calls(all, "meta")).toContainEqual(["init", IDS.meta]);
  await expect.poll(async () => calls(await received(), "tiktok")).toContainEqual(["page"]);
  for (const entry of all) expect(entry.id).toBe(IDS[entry.platform as keyof typeof IDS]);
});

test("with consent from an earlier visit, the eSIM modal's steps reach every platform, and nothing personal does", async ({ page, context }) => {
  await acceptCookies(context, BASE);
  await page.goto("/e-sim?oferta=ESIM100");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "E-SIM", exact: true });
  // The modal's code is its own chunk: the IMEI check runs on what is typed once it is in, which the
  // dialog shows by becoming a true modal (as tests/e2e/esim/support.ts's openModal waits for).
  await waitForModal(dialog);
  await dialog.getByLabel("Número de teléfono de contacto", { exact: true }).fill("5512345678");
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill("privada@example.com");
  await dialog.getByLabel("IMEI de tu equipo", { exact: true }).fill("356938035643809");
  await expect(dialog.locator(".device-check")).toContainText("¡Felicidades!", { timeout: 15_000 });

  // Each platform's calls reach the collector by their own requests, in no set order.
  const patiently = { timeout: 15_000 };
  await expect.poll(async () => calls(await received(), "google"), patiently).toContainEqual(["event", "esim_imei_check", { verdict: "esim" }]);
  await expect.poll(async () => calls(await received(), "meta"), patiently).toContainEqual(["trackCustom", "esim_imei_check", { verdict: "esim" }]);
  await expect.poll(async () => calls(await received(), "tiktok"), patiently).toContainEqual(["track", "esim_imei_check", { verdict: "esim" }]);
  await expect.poll(async () => calls(await received(), "google"), patiently).toContainEqual(["event", "GoToDetail", { offerId: "ESIM100", type: 7 }]);
  await expect.poll(async () => calls(await received(), "google"), patiently).toContainEqual(["event", "ChangeOnForm", { offerId: "ESIM100", field: "email" }]);
  const all = await received();
  expect(JSON.stringify(all)).not.toMatch(/5512345678|privada@example\.com|356938035643809/);
});

test("on a page outside the pixel flows the ad pixels count no page view; Google does", async ({ page, context }) => {
  await acceptCookies(context, BASE);
  // Every call the page hands the collector, in the order it sends them.
  const sent: Array<Pick<Received, "platform" | "call">> = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/__mocks/analitica/recibido") sent.push(request.postDataJSON());
  });
  await page.goto("/recargas");
  await waitForHydration(page);
  await expect.poll(async () => calls(await received(), "google")).toContainEqual(["event", "page_view", { page_path: "/recargas" }]);
  // An event after the page view goes to every platform: once each ad pixel has sent it, each has
  // sent what it was handed before, a page view among it had there been one.
  await page.getByRole("banner").getByRole("link", { name: "Descubre Bait", exact: true }).click();
  await expect.poll(() => sent.filter((entry) => entry.platform !== "google" && entry.call[1] === "web_widget_btn").map((entry) => entry.platform).sort()).toEqual(["meta", "tiktok"]);
  expect(calls(sent, "meta")).not.toContainEqual(["track", "PageView"]);
  expect(calls(sent, "tiktok")).not.toContainEqual(["page"]);
  const all = await received();
  expect(calls(all, "meta")).not.toContainEqual(["track", "PageView"]);
  expect(calls(all, "tiktok")).not.toContainEqual(["page"]);
});
