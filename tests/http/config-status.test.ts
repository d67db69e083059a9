import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { textOf } from "./support/pages";
import { useSite, type Answer } from "./support/site";

/**
 * Edits never fail silently (docs/config.md "When an edit is refused", "Status page", "Remote
 * banners and widget"): a broken edit of a file of pages-config shows on the operators' status
 * page and in /readyz while the site keeps serving the last good copy; with the banners CDN on,
 * a remote banner shows on its page, and an invalid remote document gives way to the local
 * banners and shows as a refusal. A site of this file's own: a copy of pages-config that the tests
 * break, the CDNs on, no page cache so a CDN change shows on the next request. Everything here is
 * what the server answers; no browser is needed (the site without a token: config-status-off.test.ts).
 */

const TOKEN = "estado-e2e-0123456789abcdef";
const configDir = mkdtempSync(path.join(tmpdir(), "bait-estado-config-"));
cpSync("pages-config", configDir, { recursive: true });
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

const site = useSite({ CONFIG_DIR: configDir, CONFIG_STATUS_TOKEN: TOKEN, REMOTE_BANNERS: "true", REMOTE_WIDGET: "true", REMOTE_CONFIG_TTL_MS: "0", PAGE_CACHE: "false" });

async function post(pathname: string, body: unknown) {
  const response = await site.fetch(pathname, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(204);
}
beforeEach(() => post("/__mocks/reset", {}));

type Readyz = { ready: boolean; degraded: boolean; refusals: Array<{ file: string; path: string; reason: string }> };
const readyz = async () => {
  const response = await site.fetch("/readyz");
  return { status: response.status, body: (await response.json()) as Readyz };
};
const statusPage = () => site.visitor().get(`/estado-config?token=${TOKEN}`);
/** The rows of the table whose caption matches `caption`, each as its cells' texts. */
const rowsOf = (answer: Answer, caption: RegExp) =>
  answer.$("table")
    .filter((_, table) => caption.test(textOf(answer.$, answer.$(table).find("caption"))))
    .find("tr")
    .map((_, row) => [answer.$(row).find("th, td").map((__, cell) => textOf(answer.$, cell)).get()])
    .get() as string[][];
const bannerTitles = (answer: Answer) => answer.$('[aria-label="Promociones destacadas"] .banner__title').map((_, title) => textOf(answer.$, title)).get();

const localInicio = () => JSON.parse(readFileSync("pages-config/banners/inicio.json", "utf8")).banners as Array<Record<string, unknown> & { alt: string }>;
const localRecargas = () => JSON.parse(readFileSync("pages-config/banners/recargas.json", "utf8")).banners as Array<{ alt: string }>;
const remoteBanner = { ...localInicio()[0], alt: "Solo en el CDN de banners", name: "solo-cdn" };

describe("the config status page", () => {
  it("needs its token, is never cached and is not indexed", async () => {
    expect((await site.fetch("/estado-config")).status).toBe(401);
    expect((await site.fetch("/estado-config", { headers: { Authorization: "Bearer otro-token-0123456789" } })).status).toBe(401);
    const bearer = await site.fetch("/estado-config", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get("cache-control")).toBe("no-store");
    expect(bearer.headers.get("x-robots-tag")).toContain("noindex");

    const page = await statusPage();
    expect(textOf(page.$, page.$("h1"))).toBe("Estado de la configuración");
    expect(rowsOf(page, /Cada archivo/).some((cells) => cells[0] === "pages-config/site.json")).toBe(true);
  });

  it("a broken edit shows on the status page and in /readyz while the site keeps its last good copy", { timeout: 60_000 }, async () => {
    const file = path.join(configDir, "pages/inicio.json");
    const good = readFileSync(file, "utf8");
    const title = JSON.parse(good).title as string;
    expect((await site.visitor().get("/")).$("head > title").text()).toBe(title);

    writeFileSync(file, JSON.stringify({ ...JSON.parse(good), title: "Un título que no debe verse", access: "todos" }, null, 2));
    try {
      await expect
        .poll(async () => (await readyz()).body.refusals.filter((refusal) => refusal.file === "pages-config/pages/inicio.json"), { timeout: 10_000 })
        // zod's own message, in Spanish in the build as in the source (schemas/config/zod-locale.ts).
        .toEqual([{ file: "pages-config/pages/inicio.json", path: "access", reason: 'Opción inválida: se esperaba una de "public"|"guest"|"customer"', since: expect.any(String) }]);
      const ready = await readyz();
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual(expect.objectContaining({ ready: true, degraded: true }));

      const page = await statusPage();
      const refused = rowsOf(page, /por qué se rechazó/).find((cells) => cells.some((cell) => cell.includes("pages-config/pages/inicio.json")));
      expect(refused?.join(" ")).toContain("access");
      const fileRow = rowsOf(page, /Cada archivo/).find((cells) => cells.some((cell) => cell.includes("pages-config/pages/inicio.json")));
      expect(fileRow?.join(" ")).toContain("Rechazado: se usa la última copia válida");

      expect((await site.visitor().get("/")).$("head > title").text()).toBe(title);
    } finally {
      writeFileSync(file, good);
    }
    await expect.poll(async () => (await readyz()).body.refusals.some((refusal) => refusal.file === "pages-config/pages/inicio.json"), { timeout: 10_000 }).toBe(false);
  });
});

describe("remote banners", () => {
  it("a banner the banners CDN sends shows on its page", async () => {
    await post("/__mocks/switches", { "banners.list:recargas": { body: { data: [remoteBanner] } } });
    const titles = bannerTitles(await site.visitor().get("/recargas"));
    expect(titles.filter((title) => title.includes(remoteBanner.alt))).toHaveLength(1);
    for (const banner of localRecargas()) expect(titles.some((title) => title.includes(banner.alt)), banner.alt).toBe(false);
  });

  it("an invalid remote banner gives way to the local banners and shows as a refusal", async () => {
    const url = "https://banners.upstream.mock/resources/banners/inicio/banners.json";
    await post("/__mocks/switches", { "banners.list:inicio": { body: { data: [remoteBanner, { ...remoteBanner, action: "volar" }] } } });
    const titles = bannerTitles(await site.visitor().get("/"));
    for (const banner of localInicio()) expect(titles.filter((title) => title.includes(banner.alt)), banner.alt).toHaveLength(1);
    expect(titles.some((title) => title.includes(remoteBanner.alt))).toBe(false);

    const refusal = { file: url, path: "data[1].action", reason: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore" };
    expect((await readyz()).body.refusals).toContainEqual(expect.objectContaining(refusal));
    const row = rowsOf(await statusPage(), /por qué se rechazó/).find((cells) => cells.some((cell) => cell.includes(url)));
    expect(row?.join(" ")).toContain("data[1].action");
    expect(row?.join(" ")).toContain(refusal.reason);

    // A good document again clears it.
    await post("/__mocks/reset", {});
    await site.visitor().get("/");
    expect((await readyz()).body.refusals.some((entry) => entry.file === url)).toBe(false);
  });
});
