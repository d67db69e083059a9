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

/**
 * Whether the page shows a frame of another origin (the card provider's fields, the postpaid
 * portal). axe's default run audits each frame apart and puts the parts together in a blank page
 * of its own: a second page, axe loaded into it and every frame's results sent across, about 0.8 s
 * of CPU more per audit than one run over the page (on /recargas, 3.1–3.3 s against 2.4–2.8 s, and
 * 2.0–2.4 s with only the violations asked for). One run (`setLegacyMode`) audits the page and its
 * frames of the same origin alike, so a page without a frame of another origin gets it; one with
 * such a frame keeps the default run, which audits that frame too. (Checked on a page with an image
 * without alt, low contrast and a same-origin frame holding an unlabelled field: both runs report
 * the same four violations.)
 */
function hasFrameOfAnotherOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
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
  // A page the router is still leaving is not the state the test means to audit (the progress bar
  // shows from a link's click until the next page is in).
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  // The default run is left as it was, with all its results: asked for the violations only, it
  // reported the postpaid portal's page's `main` as a landmark that is not unique, which it does not
  // with all of them. `options` replaces every option set before it, the tags included, so the tags come last.
  const audit = hasFrameOfAnotherOrigin(page) ? new AxeBuilder({ page }) : new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const { violations } = await audit.withTags(AXE_TAGS).analyze();
  expect(violations.map((violation) => violation.id), `axe on ${what}:\n${describeViolations(violations)}`).toEqual([]);
}
