import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { waitForHydration } from "../support/hydration";
import { DEVICES, expect } from "./support";

/**
 * /compatibilidad (docs/esim.md "The device check"): a GET form after the page's hero, answered by
 * the server with the eSIM modal's texts; here with JavaScript (the answer within the page) and its
 * accessibility. The server's answer without JavaScript (every demo IMEI, the refusals, the page's
 * texts) is proved in tests/http/esim.test.ts.
 */

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

const tool = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "Revisa tu equipo", exact: true });

async function check(page: import("@playwright/test").Page, imei: string) {
  await page.goto("/compatibilidad");
  await waitForHydration(page);
  await tool(page).getByLabel("IMEI de tu equipo", { exact: true }).fill(imei);
  await tool(page).getByRole("button", { name: "Revisar mi equipo", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/compatibilidad" && url.searchParams.get("imei") === imei);
}

for (const [kind, device] of Object.entries(DEVICES)) {
  test(`${device.imei} (${kind}): '${device.text.slice(0, 40)}…'`, async ({ page }) => {
    await check(page, device.imei);
    await expect(tool(page).getByRole("heading", { name: `Resultado para el IMEI ${device.imei}`, exact: true })).toBeVisible();
    await expect(tool(page).getByText(device.text, { exact: true })).toBeVisible();
    if (kind === "esim") await expect(tool(page).getByRole("link", { name: "Comprar E-SIM", exact: true })).toHaveAttribute("href", "/e-sim");
    if (kind === "networkOnly") await expect(tool(page).getByRole("link", { name: "Comprar chip con envío a domicilio", exact: true })).toHaveAttribute("href", "/cambiate-a-bait?section=sim");
    // The answer is a link, and the field keeps the IMEI.
    await expect(tool(page).getByLabel("IMEI de tu equipo", { exact: true })).toHaveValue(device.imei);
  });
}

test("a short IMEI says 'El formato del IMEI es inválido' and an empty one 'El IMEI es obligatorio'", async ({ page }) => {
  await page.goto("/compatibilidad?imei=12345");
  await expect(tool(page).getByText("El formato del IMEI es inválido", { exact: true }).first()).toBeVisible();
  await page.goto("/compatibilidad");
  await waitForHydration(page);
  await tool(page).getByRole("button", { name: "Revisar mi equipo", exact: true }).click();
  await expect(tool(page).getByText("El IMEI es obligatorio", { exact: true }).first()).toBeVisible();
});

test("no axe violations empty, with an error and with each kind of answer", async ({ auditedPage: page }) => {
  test.setTimeout(120_000);
  for (const path of ["/compatibilidad", "/compatibilidad?imei=12", ...Object.values(DEVICES).map((device) => `/compatibilidad?imei=${device.imei}`)]) {
    await page.goto(path);
    await expect(tool(page)).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
});
