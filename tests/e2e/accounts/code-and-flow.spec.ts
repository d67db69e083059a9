import { expect, test, type Page } from "@playwright/test";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/**
 * The verification-code field (docs/accounts.md, spec §4 code input) and the rule that a registration's verified
 * code is dropped as soon as the visitor leaves the registration pages (docs/accounts.md, spec §4 Registration).
 * Lines: 5576543210 (portable internet, recovery code step only) and 5534567890 (a mobile line
 * without an account that no other journey registers). With JavaScript: the field's cells and the
 * client-side navigation; the field as the server renders it and the code dropped on a plain
 * navigation are proved at the HTTP level (tests/http/registration.test.ts).
 */
const codeField = (page: Page) => page.getByLabel("Código de verificación", { exact: true });

async function recoveryCodeStep(page: Page) {
  await page.goto("/recuperacion?type=mifi");
  await waitForHydration(page);
  await page.getByLabel("Número de servicio", { exact: true }).fill("5576543210");
  await page.getByLabel("Número de teléfono", { exact: true }).fill("5533334444");
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expectPath(page, "/recuperacion", "?type=mifi&verification=2");
  await waitForHydration(page);
}

test.describe("the verification code", () => {
  test("JS: one field for the keypad and SMS autofill; a pasted code fills the cells, only digits are taken, Backspace empties the last cell", async ({ page }) => {
    await recoveryCodeStep(page);
    // Hydrated, the cells keep the one field the phone's keypad and SMS autofill fill.
    await expect(codeField(page)).toHaveAttribute("inputmode", "numeric");
    await expect(codeField(page)).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField(page)).toHaveAttribute("maxlength", "4");
    const cells = page.locator(".code-input__cell");
    await expect(cells).toHaveCount(4);

    await codeField(page).focus();
    await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData("text/plain", " 12-34 ");
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(codeField(page)).toHaveValue("1234");
    await expect(cells).toHaveText(["1", "2", "3", "4"]);

    await page.keyboard.press("Backspace");
    await expect(codeField(page)).toHaveValue("123");
    await expect(cells).toHaveText(["1", "2", "3", ""]);
    await page.keyboard.type(" a4");
    await expect(codeField(page)).toHaveValue("1234");

    await page.getByRole("button", { name: "Verificar", exact: true }).click();
    await expectPath(page, "/recuperacion", "?type=mifi&verification=3");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Teléfono verificado!");
  });
});

test.describe("leaving the registration", () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post("/__mocks/reset-lines", { data: { numbers: ["5534567890"] }, headers: FRESH_CONNECTION })).ok()).toBe(true);
  });

  test("drops the verified code: back on /completar-registro the visitor starts over at /registro", async ({ page }) => {
    await page.goto("/registro?type=mbb");
    await waitForHydration(page);
    await page.getByLabel("Número Bait", { exact: true }).fill("5534567890");
    await page.getByLabel("Confirma tu número", { exact: true }).fill("5534567890");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expectPath(page, "/registro", "?type=mbb&verification=1");
    await waitForHydration(page);
    await codeField(page).fill("1234");
    await page.getByRole("button", { name: "Verificar número", exact: true }).click();
    await expectPath(page, "/completar-registro");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Teléfono Verificado!");

    await page.getByRole("link", { name: "Recargas", exact: true }).first().click();
    await expectPath(page, "/recargas");
    await page.goto("/completar-registro");
    await expectPath(page, "/registro");
  });
});
