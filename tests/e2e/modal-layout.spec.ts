import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, MOBILE } from "./support/chrome";
import { footerPdfs } from "./support/chrome-config";
import { waitForHydration } from "./support/hydration";
import { pageScrollY } from "./support/page-scroll";
import { ana, loginAs } from "./support/session";

/**
 * Every modal of the spec (§2: the recharge, SIM, eSIM and contact modals, the recurring recharge
 * payment modal, the cookie policy and settings, the PDF viewer, the widget, the alert dialog) at
 * 375 × 812 and 1280 × 800, with JavaScript and without: its box is inside the screen, its action
 * row (the primary action and 'Cancelar') is in sight at once and stays there while its body
 * scrolls, and the page behind does not scroll. With JavaScript, focus goes to its heading when it
 * opens and back to the link that opened it on Esc and on the close button; without it, the close
 * link lands on the page's main (docs/config.md "Modals"); these two at 375 px only, as neither
 * depends on the screen's width.
 */

type Modal = {
  what: string;
  url: string;
  name: string;
  role?: "dialog" | "alertdialog";
  /** The primary action of its action row, when it has one. */
  primary?: RegExp;
  /** Signed-in pages. */
  signedIn?: boolean;
  /** The page and the link that opens it, for the focus tests. */
  opener?: { page: string; link: (page: Page) => Locator };
};

const pdf = footerPdfs[0]!;

const MODALS: Modal[] = [
  {
    what: "recharge",
    url: "/recargas?recarga=BAIT50",
    name: "Bait 50",
    primary: /^Siguiente$/,
    opener: { page: "/recargas", link: (page) => page.locator('main a[href$="recarga=BAIT50"]').first() },
  },
  {
    what: "SIM",
    url: "/cambiate-a-bait?chip=SIM200",
    name: "Compra tu chip Bait",
    primary: /^Siguiente$/,
    opener: { page: "/cambiate-a-bait", link: (page) => page.locator('main a[href$="chip=SIM200"]').first() },
  },
  {
    what: "eSIM",
    url: "/e-sim?oferta=ESIM100",
    name: "E-SIM",
    primary: /^Pagar$/,
    opener: { page: "/e-sim", link: (page) => page.locator('main a[href$="oferta=ESIM100"]').first() },
  },
  { what: "eSIM (portability)", url: "/e-sim?oferta=ESIM100&flujo=portabilidad", name: "E-SIM", primary: /^Pagar$/ },
  {
    what: "contact",
    url: "/promociones?contacto=whatsapp",
    name: "Cámbiate a Bait vía Whatsapp",
    primary: /^ENVIAR DATOS$/,
    opener: { page: "/promociones", link: (page) => page.locator('main a[href$="contacto=whatsapp"]').first() },
  },
  {
    what: "cookie settings",
    url: "/?cookies=opciones",
    name: "Configuración de cookies",
    primary: /^Aceptar cookies$/,
    opener: { page: "/", link: (page) => page.getByRole("region", { name: "Aviso de cookies" }).getByRole("link", { name: "Opciones", exact: true }) },
  },
  {
    what: "cookie policy",
    url: "/?modal=politica-de-cookies",
    name: "Política de cookies",
    opener: { page: "/", link: (page) => page.locator("footer").getByRole("link", { name: "Política de cookies", exact: true }) },
  },
  { what: "PDF viewer", url: `/?pdf=${pdf.url}`, name: pdf.label },
  { what: "discovery widget", url: "/?widget=beneficios", name: "Descubre Bait" },
  { what: "recurring recharge", url: "/recurrente?recarga=BAIT100", name: "Bait 100", primary: /^Continuar al pago$/, signedIn: true },
  { what: "alert dialog", url: "/editar-perfil?confirmar=whatsapp", name: "Avisos por WhatsApp", role: "alertdialog", primary: /^Sí, quiero recibirlos$/, signedIn: true },
];

const dialogOf = (page: Page, modal: Modal) => page.getByRole(modal.role ?? "dialog", { name: modal.name, exact: true });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

function expectInside(inner: Box, outer: Box, what: string) {
  const slack = 0.5;
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - slack);
  expect(inner.y, `${what}: top edge`).toBeGreaterThanOrEqual(outer.y - slack);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + slack);
  expect(inner.y + inner.height, `${what}: bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + slack);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    for (const modal of MODALS) {
      test(`${modal.what}: inside the screen, its action row in sight while its body scrolls, the page behind still @no-js`, async ({ page, context }) => {
        if (modal.signedIn) await loginAs(context, ana);
        await page.goto(modal.url);
        const dialog = dialogOf(page, modal);
        await expect(dialog).toBeVisible();
        await waitForHydration(page);
        const cancel = dialog.getByRole("link", { name: modal.primary ? /^(Cancelar|Volver)$/ : /^Cerrar$/ }).last();
        const primary = modal.primary ? dialog.getByRole("button", { name: modal.primary }) : null;
        // The contact form loads on demand: measure once its controls are there.
        for (const control of [primary, cancel]) if (control) await expect(control).toBeVisible();
        const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
        const before = await boxOf(dialog);
        expectInside(before, screen, "the dialog");
        for (const [what, control] of [["the primary action", primary], ["the close or cancel link", cancel]] as const) {
          if (control) expectInside(await boxOf(control), before, `${what}, in the dialog`);
        }

        // One scroll: the wheel over the modal moves its body, never the page behind.
        const body = dialog.locator(".modal__body, .alert__panel").first();
        const scrollable = await body.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
        const pageY = await pageScrollY(page);
        await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
        await expect
          .poll(async () => {
            await page.mouse.wheel(0, 1500);
            return body.evaluate((element) => element.scrollTop > 0);
          })
          .toBe(scrollable);
        await page.mouse.wheel(0, 3000);
        // The browser scrolls in the frames it draws: once two frames have passed after the wheel
        // (Playwright's check that the dialog is still, with or without the page's JavaScript), a
        // page that scrolls has started to move.
        await dialog.hover({ trial: true });
        expect(await pageScrollY(page), "the page behind did not scroll").toBe(pageY);
        expect(await page.evaluate(() => getComputedStyle(document.body).overflow), "the page behind is locked").toBe("hidden");

        // Scrolled to its end, the action row is where it was and the body's last line clears it.
        const after = await boxOf(dialog);
        expectInside(after, screen, "the dialog, scrolled");
        for (const control of [primary, cancel]) {
          if (!control) continue;
          expectInside(await boxOf(control), after, "the action row, scrolled");
        }
        const actions = dialog.locator(".modal__actions");
        if (modal.primary && (await actions.count()) > 0) {
          const row = await boxOf(actions);
          const lastLine = await body.evaluate((element) => {
            element.scrollTop = element.scrollHeight; // to its very end, whatever came in after the wheel
            const row = element.querySelector(".modal__actions");
            const items = [...element.querySelectorAll("p, li, label, a, h3, dd, summary, input, select")].filter((item) => !row?.contains(item) && item.checkVisibility());
            return Math.max(...items.map((item) => item.getBoundingClientRect().bottom));
          });
          expect(lastLine, "the body's last line is above the action row").toBeLessThanOrEqual(row.y + 0.5);
        }
      });
    }

    // Where focus goes and where the close link leads do not depend on the screen's width: proved
    // once, on the phone; the layout above at both widths.
    if (viewport !== MOBILE) return;

    test.describe("with JavaScript", () => {
      test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "focus handling is JavaScript");

      for (const modal of MODALS.filter((modal) => modal.opener)) {
        test(`${modal.what}: focus on its heading when it opens, Tab stays inside, Esc and the close button give it back to the opener`, async ({ page }) => {
          const { page: path, link } = modal.opener!;
          await page.goto(path);
          await waitForHydration(page);
          const opener = link(page);
          const dialog = dialogOf(page, modal);

          await opener.scrollIntoViewIfNeeded();
          await opener.click();
          await expect(dialog).toBeVisible();
          await expect(dialog.getByRole("heading", { level: 2, name: modal.name })).toBeFocused();
          for (let press = 0; press < 8; press++) {
            await page.keyboard.press("Tab");
            const inside = await dialog.evaluate((element) => !document.hasFocus() || element.contains(document.activeElement));
            expect(inside, `Tab ${press + 1} stays in the dialog`).toBe(true);
          }

          await page.keyboard.press("Escape");
          await expect(dialog).toHaveCount(0);
          await expect(opener).toBeFocused();

          await opener.click();
          await expect(dialog).toBeVisible();
          const scrolled = await pageScrollY(page);
          await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
          await expect(dialog).toHaveCount(0);
          await expect(opener).toBeFocused();
          expect(new URL(page.url()).hash, "no jump to the fragment with JavaScript").toBe("");
          expect(await pageScrollY(page), "the page stays where it was").toBe(scrolled);

          if (modal.primary) {
            await opener.click();
            await expect(dialog).toBeVisible();
            await dialog.getByRole("link", { name: "Cancelar", exact: true }).click();
            await expect(dialog).toHaveCount(0);
            await expect(opener).toBeFocused();
          }
        });
      }
    });

    test.describe("without JavaScript", () => {
      test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server-rendered close link");

      for (const modal of MODALS.filter((modal) => modal.opener)) {
        test(`${modal.what}: the close link goes back to the page, to its main @no-js`, async ({ page }) => {
          await page.goto(modal.url);
          const dialog = dialogOf(page, modal);
          await expect(dialog).toBeVisible();
          await dialog.getByRole("link", { name: "Cerrar", exact: true }).click();
          await expect(dialog).toHaveCount(0);
          const url = new URL(page.url());
          expect(url.hash).toBe("#contenido");
          expect(`${url.pathname}${url.search}`).toBe(modal.opener!.page);
          await expect(page.locator("main#contenido")).toBeInViewport();
        });
      }
    });
  });
}
