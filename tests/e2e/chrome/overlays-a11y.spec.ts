import { expect } from "@playwright/test";
import { auditedTest, expectNoAxeViolations } from "../support/axe";
import { burger, cookieSettings, DESKTOP, groupOf, MOBILE, summaryOf, widgetDialog } from "../support/chrome";
import { footerPdfs, menuGroupsFor, widgetItems } from "../support/chrome-config";
import { waitForHydration } from "../support/hydration";

/**
 * axe-core (WCAG 2.2 AA) over the page with each of the chrome's overlays open, at both widths, with
 * JavaScript. Without it the overlays are the same server-rendered markup, but the phone's menu,
 * opened by a link to it (#menu-principal): that one is audited without JavaScript too (@no-js).
 */

for (const [label, viewport] of [
  ["1280 px", DESKTOP],
  ["375 px", MOBILE],
] as const) {
  auditedTest.describe(`accessibility with the chrome's overlays open (${label}, WCAG 2.2 AA, axe-core)`, () => {
    auditedTest.use({ viewport });
    const phone = viewport.width < 1024;

    auditedTest("the menu open has no axe violations", { tag: phone ? ["@no-js"] : [] }, async ({ auditedPage: page, javaScriptEnabled }) => {
      await page.goto("/");
      await waitForHydration(page);
      const [group] = menuGroupsFor(null);
      if (phone) {
        // Without JavaScript the phone's menu opens by a link to it (#menu-principal).
        if (javaScriptEnabled) await burger(page, "Abrir menú").click();
        else await page.locator("header").getByRole("link", { name: "Abrir menú", exact: true }).click();
        await expect(page.locator("#menu-principal")).toBeVisible();
      }
      await summaryOf(page, group!.label).click();
      await expect(groupOf(page, group!.label)).toHaveJSProperty("open", true);
      await expect(groupOf(page, group!.label).getByRole("link").first()).toBeVisible();
      await expectNoAxeViolations(page, `/ with «${group!.label}» open`);
    });

    auditedTest("the cookie settings modal has no axe violations", async ({ auditedPage: page }) => {
      await page.goto("/?cookies=opciones");
      await expect(cookieSettings(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    const [, secondService] = widgetItems("beneficios");
    const [, secondStore] = widgetItems("tiendas");
    for (const [state, query, heading] of [
      ["Beneficios", "?widget=beneficios", widgetItems("beneficios")[0]!.title],
      ["a chosen store", `?widget=tiendas&elemento=${secondStore!.id}`, secondStore!.title],
      ["a chosen benefit", `?widget=beneficios&elemento=${secondService!.id}`, secondService!.title],
    ] as const) {
      auditedTest(`the discovery widget on ${state} has no axe violations`, async ({ auditedPage: page }) => {
        await page.goto(`/${query}`);
        await expect(widgetDialog(page)).toBeVisible();
        if (!phone || query.includes("elemento")) await expect(widgetDialog(page).getByRole("heading", { name: heading, exact: true })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    auditedTest("the PDF viewer has no axe violations", async ({ auditedPage: page }) => {
      const document = footerPdfs[0]!;
      await page.goto(`/?pdf=${document.url}`);
      await expect(page.getByRole("dialog", { name: document.label, exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
