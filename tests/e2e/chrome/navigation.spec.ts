import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, footer, MOBILE, tabUntilFocused } from "../support/chrome";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/** Answers every data request of a navigation `ms` late; gives how many it delayed. */
async function slowData(page: Page, ms: number): Promise<() => number> {
  let delayed = 0;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
  return () => delayed;
}

/** Getting around the page at both widths: skip links, the progress bar of a slow navigation, and layout shift. */

test.describe("desktop (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test.describe("progress bar", () => {
    test("JS: a slow client navigation shows role=progressbar until it lands", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "client navigations are JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const progress = page.getByRole("progressbar", { name: "Cargando la página", exact: true });
      await expect(progress).toHaveCount(0);
      const delayed = await slowData(page, 1000);
      await footer(page).getByRole("link", { name: "Cobertura", exact: true }).click();
      await expect(progress).toBeVisible({ timeout: 900 });
      await expectPath(page, "/cobertura");
      await expect(progress).toHaveCount(0);
      expect(delayed(), "the navigation went through the delayed .data request").toBeGreaterThan(0);
    });

    test("JS: the bar shows within 100 ms of the click, and a slow answer (3 s) keeps the page usable", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "client navigations are JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      await slowData(page, 3000);
      // From the click to the moment the bar is in the page, timed in the page; it is drawn from its first frame (opacity 0.4 and up).
      const shownAfter = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const clicked = performance.now();
            new MutationObserver((_records, observer) => {
              if (!document.querySelector("[role=progressbar]")) return;
              observer.disconnect();
              resolve(performance.now() - clicked);
            }).observe(document.body, { childList: true, subtree: true });
            (Array.from(document.querySelectorAll("footer a")).find((link) => link.textContent?.trim() === "Cobertura") as HTMLAnchorElement).click();
          }),
      );
      expect(await shownAfter).toBeLessThan(100);
      // While the answer is on its way the page is the old one, whole and scrollable, with the bar on top.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.mouse.wheel(0, 400);
      await expect(page.getByRole("progressbar", { name: "Cargando la página", exact: true })).toBeVisible();
      await expectPath(page, "/cobertura");
      await expect(page.getByRole("progressbar")).toHaveCount(0);
    });

    test("JS: a form sent to a slow server says 'Enviando…' on its button until the answer", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the pending state of a form sent by the page's script");
      await page.goto("/login");
      await waitForHydration(page);
      await page.route(
        (url) => url.pathname.startsWith("/login"),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 3000));
          await route.continue();
        },
      );
      await page.getByLabel("Número Bait", { exact: true }).fill("5512345678");
      await page.getByLabel("Contraseña", { exact: true }).fill("no-es-la-clave-1");
      await page.getByRole("button", { name: "Ingresar", exact: true }).click();
      const sending = page.getByRole("button", { name: "Enviando…", exact: true });
      await expect(sending).toBeVisible({ timeout: 500 });
      await expect(page.getByRole("progressbar")).toBeVisible();
      await expect(sending).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByLabel("Número Bait", { exact: true })).toHaveValue("5512345678");
    });
  });

  test.describe("skip links", () => {
    skipLinkTests();
  });

  test.describe("layout shift", () => {
    clsTest();
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  test.describe("skip links", () => {
    skipLinkTests();
  });

  test.describe("layout shift", () => {
    clsTest();
  });
});

function skipLinkTests() {
  test("the first Tab focuses 'Ir al menú', which shows when focused", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const skip = page.getByRole("link", { name: "Ir al menú", exact: true });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
  });

  test("'Ir al contenido principal' moves focus to #contenido", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await tabUntilFocused(page, page.getByRole("link", { name: "Ir al contenido principal", exact: true }), 2);
    await expect(page.getByRole("link", { name: "Ir al contenido principal", exact: true })).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenido")).toBeFocused();
  });

  test("'Ir al pie de página' moves focus to #pie-de-pagina", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await tabUntilFocused(page, page.getByRole("link", { name: "Ir al pie de página", exact: true }), 3);
    await page.keyboard.press("Enter");
    await expect(page.locator("#pie-de-pagina")).toBeFocused();
    await expect(page.locator("#pie-de-pagina")).toBeInViewport();
  });

  test("after 'Ir al menú' the next Tab lands in the menu (or on the control that opens it)", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      // The opener: the burger with JavaScript, the 'Abrir menú' link to #menu-principal without it on phones.
      const inMenu = Boolean(active && (document.getElementById("menu-principal")?.contains(active) || active.matches(".site-header__burger, a[href='#menu-principal']")));
      return { inMenu, what: `${active?.tagName} «${active?.textContent?.trim().slice(0, 40)}»` };
    });
    expect(where.inMenu, `focus after 'Ir al menú' + Tab: ${where.what}`).toBe(true);
  });
}

function clsTest() {
  test("JS: the home page's cumulative layout shift over load is below 0.1", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "measured with a PerformanceObserver");
    await page.addInitScript(() => {
      const state = { cls: 0, sources: [] as string[] };
      (window as unknown as { __cls: typeof state }).__cls = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
          if (entry.hadRecentInput) continue;
          state.cls += entry.value;
          const nodes = (entry.sources ?? []).map((source) => {
            const node = source.node as Element | undefined;
            return node && "tagName" in node ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : "?";
          });
          state.sources.push(`${entry.value.toFixed(4)} @${Math.round(entry.startTime)}ms ${nodes.join(", ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/", { waitUntil: "load" });
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    const { cls, sources } = await page.evaluate(() => (window as unknown as { __cls: { cls: number; sources: string[] } }).__cls);
    test.info().annotations.push({ type: "CLS", description: `${cls.toFixed(4)} (${sources.length} shifts)` });
    expect(cls, `layout shifts:\n${sources.join("\n")}`).toBeLessThan(0.1);
  });
}
