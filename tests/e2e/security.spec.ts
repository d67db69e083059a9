import { expect, test } from "@playwright/test";

/**
 * The page's scripts under the server's Content Security Policy, in the browser: they run (no
 * violation), rendered and answered from memory, and an inline script the policy does not name is
 * refused. The headers themselves (nonces, hashes, hardening) and the CSRF check are proved at the
 * HTTP level, in tests/http/security.test.ts.
 */

test.describe("security headers", () => {
  test("the page actually runs its scripts under the policy (no CSP violations), rendered and from memory", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    const again = await page.goto("/");
    expect(await again?.headerValue("x-page-cache")).toBe("hit");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(violations).toEqual([]);
  });

  test("an inline script a page answered from memory does not name is refused", async ({ page, request }) => {
    await request.get("/");
    // The stored answer, its policy untouched, with one script more: as an injection would add it.
    await page.route("**/", async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-page-cache"]).toBe("hit");
      const body = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
      await route.fulfill({ response, body });
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
  });
});
