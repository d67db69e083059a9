import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/** WCAG 2.2 AA, for every axe audit of the suite. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * The auditedPage fixture: in the no-js project the page runs with scripting
 * on but every page script refused by the Content-Security-Policy, so axe (injected by the
 * driver) audits exactly the server-rendered page a visitor without JavaScript gets.
 */
export const auditedTest = base.extend<{ auditedPage: Page }>({
  auditedPage: async ({ page, browser, javaScriptEnabled, viewport, locale, baseURL }, use) => {
    if (javaScriptEnabled) {
      await use(page);
      return;
    }
    const context = await browser.newContext({ javaScriptEnabled: true, viewport, locale, baseURL });
    await context.route("**/*", async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      // A kept-alive socket the server closes just as it is reused resets: ask once more.
      const response = await route.fetch({ maxRedirects: 0 }).catch((error: Error) => {
        if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
        return route.fetch({ maxRedirects: 0 });
      });
      // A redirect answered to a fulfilled request is not routed again, so its target would
      // arrive with scripts allowed: turn it into a refresh, which is a new (routed) request.
      const location = response.headers()["location"];
      if (response.status() >= 300 && response.status() < 400 && location) {
        const target = new URL(location, route.request().url()).href.replace(/"/g, "&quot;");
        return route.fulfill({ status: 200, contentType: "text/html", body: `<meta http-equiv="refresh" content="0;url=${target}">` });
      }
      const policy = response.headers()["content-security-policy"] ?? "";
      const withoutScripts = [...policy.split(";").filter((directive) => !/^\s*script-src\b/.test(directive)), " script-src 'none'"].join(";");
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": withoutScripts } });
    });
    const scriptless = await context.newPage();
    await use(scriptless);
    await expect(scriptless.locator("html")).not.toHaveClass(/\bjs\b/);
    await context.close();
  },
});

/** One block per rule, one line per failing node: what to fix and where. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
        .join("\n");
      return `axe ${violation.id} (${violation.impact ?? "?"}): ${violation.help} (${violation.helpUrl})\n${nodes}`;
    })
    .join("\n\n");
}

/** Audits the page as it is now (after hydration with JavaScript): zero violations expected. */
export async function expectNoAxeViolations(page: Page, what = page.url()): Promise<void> {
  // An audit is seconds of the browser's CPU, many more on a busy machine: each one gives its test
  // that time on top of its own, so a test with two audits is not judged by the machine's load.
  if (test.info().timeout > 0) test.info().setTimeout(test.info().timeout + 15_000);
  // A page whose text is in but whose stylesheet is still on its way has no layout yet to audit
  // (every target measures as unstyled text): wait for the load event. The no-js context routes
  // every request, which turns the browser's cache off, so the stylesheet comes again each time.
  await page.waitForLoadState("load");
  await waitForHydration(page);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(violations.map((violation) => violation.id), `axe on ${what}:\n${describeViolations(violations)}`).toEqual([]);
}
