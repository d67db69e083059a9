import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, footer, MOBILE, tabUntilFocused } from "../support/chrome";
import { hydrate, stopClock } from "../support/clock";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";

/**
 * Holds every data request of a navigation until `release()`: the navigation stays pending as long
 * as the test needs, whatever the machine's speed. `held()`: how many it held.
 */
async function holdData(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      held++;
      await released;
      await route.continue();
    },
  );
  return { release, held: () => held };
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
      const data = await holdData(page);
      await footer(page).getByRole("link", { name: "Cobertura", exact: true }).click();
      await expect(progress).toBeVisible();
      await expect.poll(data.held, "the navigation waits on its held .data request").toBeGreaterThan(0);
      await expect(progress, "still there while the answer is held").toBeVisible();
      data.release();
      await expectPath(page, "/cobertura");
      await expect(progress).toHaveCount(0);
    });

    test("JS: the bar is in the first frame after the click, and while the answer is held the page stays usable", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "client navigations are JavaScript");
      await page.goto("/");
      await waitForHydration(page);
      const data = await holdData(page);
      // The click itself sets the bar (app/components/progress-bar.tsx), before the router's
      // transition reaches React: it is in the page when the browser draws its next frame. How
      // soon that frame comes on a slow phone is a measure, not this test's.
      const inFirstFrame = page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            (Array.from(document.querySelectorAll("footer a")).find((link) => link.textContent?.trim() === "Cobertura") as HTMLAnchorElement).click();
            requestAnimationFrame(() => resolve(document.querySelector("[role=progressbar]") !== null));
          }),
      );
      expect(await inFirstFrame, "the bar is drawn in the first frame after the click").toBe(true);
      // While the answer is on its way the page is the old one, whole and scrollable, with the bar on top.
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.mouse.wheel(0, 400);
      await expect(page.getByRole("progressbar", { name: "Cargando la página", exact: true })).toBeVisible();
      await expect.poll(data.held, "the navigation waits on its held .data request").toBeGreaterThan(0);
      data.release();
      await expectPath(page, "/cobertura");
      await expect(page.getByRole("progressbar")).toHaveCount(0);
    });

    test("JS: a form sent to a slow server says 'Enviando…' on its button until the answer", async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the pending state of a form sent by the page's script");
      await page.goto("/login");
      await waitForHydration(page);
      // The post is held until the test has seen the pending state, then answered.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/login"),
        async (route) => {
          if (route.request().method() === "POST") await released;
          await route.continue();
        },
      );
      await page.getByLabel("Número Bait", { exact: true }).fill("5512345678");
      await page.getByLabel("Contraseña", { exact: true }).fill("no-es-la-clave-1");
      await page.getByRole("button", { name: "Ingresar", exact: true }).click();
      const sending = page.getByRole("button", { name: "Enviando…", exact: true });
      await expect(sending).toBeVisible();
      await expect(page.getByRole("progressbar")).toBeVisible();
      release();
      await expect(sending).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByLabel("Número Bait", { exact: true })).toHaveValue("5512345678");
    });
  });

  test.describe("skip links", () => {
    skipLinkTests("");
  });

  test.describe("layout shift", () => {
    clsTest();
  });
});

test.describe("mobile (375 px)", () => {
  test.use({ viewport: MOBILE });

  // Without JavaScript too (@no-js): a phone's header then has the 'Abrir menú' link instead of the
  // burger; the skip links themselves are the same at both widths.
  test.describe("skip links", () => {
    skipLinkTests(" @no-js");
  });

  test.describe("layout shift", () => {
    clsTest();
  });
});

/** `tag`: " @no-js" to run them without JavaScript too. */
function skipLinkTests(tag: string) {
  test(`the first Tab focuses 'Ir al menú', which shows when focused${tag}`, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const skip = page.getByRole("link", { name: "Ir al menú", exact: true });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
  });

  test(`'Ir al contenido principal' moves focus to #contenido${tag}`, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await tabUntilFocused(page, page.getByRole("link", { name: "Ir al contenido principal", exact: true }), 2);
    await expect(page.getByRole("link", { name: "Ir al contenido principal", exact: true })).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenido")).toBeFocused();
  });

  test(`'Ir al pie de página' moves focus to #pie-de-pagina${tag}`, async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await tabUntilFocused(page, page.getByRole("link", { name: "Ir al pie de página", exact: true }), 3);
    await page.keyboard.press("Enter");
    await expect(page.locator("#pie-de-pagina")).toBeFocused();
    await expect(page.locator("#pie-de-pagina")).toBeInViewport();
  });

  test(`after 'Ir al menú' the next Tab lands in the menu (or on the control that opens it)${tag}`, async ({ page }) => {
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
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> };
      const state = { cls: 0, sources: [] as string[], take: () => {} };
      (window as unknown as { __cls: typeof state }).__cls = state;
      const count = (entries: Shift[]) => {
        for (const entry of entries) {
          if (entry.hadRecentInput) continue;
          state.cls += entry.value;
          const nodes = (entry.sources ?? []).map((source) => {
            const node = source.node as Element | undefined;
            return node && "tagName" in node ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : "?";
          });
          state.sources.push(`${entry.value.toFixed(4)} @${Math.round(entry.startTime)}ms ${nodes.join(", ")}`);
        }
      };
      const observer = new PerformanceObserver((list) => count(list.getEntries() as Shift[]));
      observer.observe({ type: "layout-shift", buffered: true });
      // The shifts recorded and not yet handed to the observer's callback, counted when the test reads.
      state.take = () => count(observer.takeRecords() as Shift[]);
    });
    // The page's clock is the test's: once the network is quiet it moves a second on, and what the
    // page does by its timers in that second is part of the load measured.
    await stopClock(page);
    await page.goto("/", { waitUntil: "load" });
    await hydrate(page);
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(1_000);
    const { cls, sources } = await page.evaluate(() => {
      const state = (window as unknown as { __cls: { cls: number; sources: string[]; take: () => void } }).__cls;
      state.take();
      return { cls: state.cls, sources: state.sources };
    });
    test.info().annotations.push({ type: "CLS", description: `${cls.toFixed(4)} (${sources.length} shifts)` });
    expect(cls, `layout shifts:\n${sources.join("\n")}`).toBeLessThan(0.1);
  });
}
