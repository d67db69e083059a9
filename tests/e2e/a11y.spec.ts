import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { publicPaths } from "./support/config";
import { waitForHydration } from "./support/hydration";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * axe runs inside the page, which a context without JavaScript does not allow. In the no-js
 * project the page is therefore opened with scripting on but every page script refused by the
 * Content-Security-Policy: the browser shows exactly the server-rendered, never-hydrated page
 * a visitor without JavaScript gets, and axe (injected by the driver, outside the CSP) can audit it.
 */
const test = base.extend<{ auditedPage: Page }>({
  auditedPage: async ({ page, browser, javaScriptEnabled, viewport, locale, baseURL }, use) => {
    if (javaScriptEnabled) {
      await use(page);
      return;
    }
    const context = await browser.newContext({ javaScriptEnabled: true, viewport, locale, baseURL });
    await context.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const policy = response.headers()["content-security-policy"] ?? "";
      const withoutScripts = [...policy.split(";").filter((directive) => !/^\s*script-src\b/.test(directive)), " script-src 'none'"].join(";");
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": withoutScripts } });
    });
    const scriptless = await context.newPage();
    await use(scriptless);
    // The audit is only worth something if the page really ran no script of its own.
    await expect(scriptless.locator("html")).not.toHaveClass(/\bjs\b/);
    await context.close();
  },
});

/** One block per rule, one line per failing node: what to fix and where. */
function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `axe ${violation.id} (${violation.impact ?? "?"}): ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
}

async function expectNoViolations(page: Page) {
  await waitForHydration(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((violation) => violation.id), `axe on ${page.url()}:\n${describe(violations)}`).toEqual([]);
}

test.describe("accessibility (WCAG 2.2 AA, axe-core)", () => {
  for (const pathname of publicPaths) {
    test(`${pathname} has no axe violations`, async ({ auditedPage: page }) => {
      await page.goto(pathname);
      await expectNoViolations(page);
    });
  }

  test("/login has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/login");
    await expectNoViolations(page);
  });

  test("the 404 page has no axe violations", async ({ auditedPage: page }) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expectNoViolations(page);
  });

  test("the home page with the cookie-policy modal open has no axe violations", async ({ auditedPage: page }) => {
    await page.goto("/?modal=politica-de-cookies");
    await expect(page.getByRole("dialog", { name: "Política de cookies" })).toBeVisible();
    await expectNoViolations(page);
  });
});
