import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "../support/hold";
import { waitForHydration } from "../support/hydration";

/**
 * Consent given by 'Aceptar' survives a reload that follows at once (docs/config.md "Cookie
 * consent"): the background post to /consentimiento is held back here, so the reload happens
 * before the server has answered; the browser wrote the consent cookie itself at the click.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript 'Aceptar' is a form post that answers with the cookie");

const cookieBanner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies", exact: true });

for (const round of [1, 2, 3]) {
  test(`'Aceptar' then an immediate reload keeps the consent (round ${round})`, async ({ page, context }) => {
    test.setTimeout(45_000);
    const release = await holdRequests(page, /\/consentimiento/, (request) => request.method() === "POST");
    await page.goto(round === 2 ? "/recargas" : "/");
    await waitForHydration(page);
    await expect(cookieBanner(page)).toBeVisible({ timeout: 8_000 });
    await cookieBanner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
    await page.reload();
    release();
    await expect(cookieBanner(page)).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === "bait_cookies")?.value).toBe(encodeURIComponent(Buffer.from(JSON.stringify("aceptadas")).toString("base64")));
    // The server, asked directly with this browser's cookies, renders no notice either.
    const html = await (await page.request.get(round === 2 ? "/recargas" : "/")).text();
    expect(html).not.toContain('aria-label="Aviso de cookies"');
  });
}
