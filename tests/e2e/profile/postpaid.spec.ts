import { expect } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { logIn } from "./support";

/**
 * The postpaid portal /bait-pospago (docs/profile.md): the pospaid flag is on for Ana only; the
 * frame shows the mock postpaid page (another origin, 127.0.0.1), which reports its height
 * (1200 → a 1300 px frame), a loader and a notice; messages from any other origin are ignored.
 * Who the page lets in (Ana, not Luis nor a visitor) is proved in tests/http/routing.test.ts.
 */
const ANA = "5512345678";

test("Ana reaches the portal from 'Cámbiate a Plan Bait' and 'Paga tu Plan Bait', each with its path @no-js", async ({ auditedPage: page }) => {
  await logIn(page, ANA);
  const topBar = page.getByRole("navigation", { name: "Accesos rápidos", exact: true });
  await expect(topBar.getByRole("link", { name: "Paga tu Plan Bait", exact: true })).toHaveAttribute("href", "/bait-pospago?billPay=pagar-factura");
  await topBar.getByRole("link", { name: "Cámbiate a Plan Bait", exact: true }).click();
  await expectPath(page, "/bait-pospago", "?typeService=portabilidad");
  const frame = page.getByTitle("Portal de Planes Bait");
  await expect(frame).toHaveAttribute("src", /^http:\/\/127\.0\.0\.1:\d+\/__mocks\/pospago\/\?typeService=portabilidad$/);
  await expectNoAxeViolations(page, "/bait-pospago?typeService=portabilidad");

  await page.goto("/bait-pospago?billPay=pagar-factura");
  await expect(frame).toHaveAttribute("src", /\/__mocks\/pospago\/pagar-factura$/);
  await expect(page.frameLocator('iframe[title="Portal de Planes Bait"]').getByRole("heading", { name: "Paga tu Plan Bait" })).toBeVisible();
});

test("the mock page resizes the frame (size + 100), shows the loader and a notice; another origin is ignored", async ({ page }) => {
  await logIn(page, ANA);
  await page.goto("/bait-pospago");
  await waitForHydration(page);
  const frame = page.getByTitle("Portal de Planes Bait");
  await expect(frame).toHaveAttribute("height", "1300");

  // The site's own origin (localhost) is not the portal's: its messages change nothing.
  await page.evaluate(() => {
    window.postMessage({ type: "resize", size: 5000 }, "*");
    window.postMessage({ type: "modal", message: "Aviso falso" }, "*");
    window.postMessage({ type: "loader", show: true }, "*");
  });
  // Then the portal's own loader message, from its frame: messages arrive in the order they were
  // sent, so once its loader shows the page has handled the three before it.
  const portalFrame = page.frames().find((candidate) => new URL(candidate.url()).pathname.startsWith("/__mocks/pospago"));
  expect(portalFrame, "the portal's frame").toBeDefined();
  await portalFrame!.evaluate(() => window.parent.postMessage({ type: "loader", show: true }, "*"));
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(frame).toHaveAttribute("height", "1300");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await portalFrame!.evaluate(() => window.parent.postMessage({ type: "loader", show: false }, "*"));
  await expect(page.getByRole("progressbar")).toHaveCount(0);

  const portal = page.frameLocator('iframe[title="Portal de Planes Bait"]');
  await portal.getByRole("button", { name: "Pagar factura" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  const dialog = page.getByRole("alertdialog", { name: "Pago recibido" });
  await expect(dialog).toContainText("Tu pago de Plan Bait quedó registrado.");
  await expect(page.locator(".embed .progress-bar")).toHaveCount(0);
  await expectNoAxeViolations(page, "/bait-pospago with the portal's notice");
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});
