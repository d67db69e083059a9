import { expect } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { bendLine, logIn } from "./support";
import { pageScrollWidth } from "../support/page-scroll";

/**
 * /home (docs/customer.md): what is left and 'Vigencia' first, then the data used and left and
 * 'Recargar' for this line, inside the first screen of a phone; each profile's balance (used /
 * total / available, a meter per item), data sharing, 'Tu plan es ilimitado.' only when it is,
 * active offerings; the history, a list (no horizontal overflow at 375 px) with its length, status
 * in words, each applied recharge's invoice and 'Recargar'; each section failing alone. With
 * JavaScript; what the server answers without it (each profile's figures, the history's length,
 * status and links, the sections failing alone, the customer area's links) is proved at the HTTP
 * level: tests/http/home.test.ts.
 */
test.describe.configure({ timeout: 60_000 });

const summary = (page: Page) => page.getByRole("region", { name: "Tu saldo" });
const vigencia = (page: Page) => summary(page).locator("dd").filter({ has: page.locator("xpath=preceding-sibling::dt[1][normalize-space()='Vigencia']") });
const history = (page: Page) => page.getByRole("list", { name: "Tus últimas recargas" }).getByRole("listitem");

type Page = import("@playwright/test").Page;
const item = (page: Page, name: string) => page.locator(".balance-list__item").filter({ has: page.locator(".balance-list__name", { hasText: new RegExp(`^${name}$`) }) });

test("mbb 5512345678 (Ana): data, minutes and SMS with used, total and available, her offerings and recharges", async ({ auditedPage: page }) => {
  await logIn(page, "mbb", "5512345678");
  await expect(item(page, "Minutos")).toContainText("4863 min disponibles");
  await expect(item(page, "Minutos")).toContainText("Usado: 137 min · Total: 5000 min");
  await expect(item(page, "SMS")).toContainText("958 SMS disponibles");
  await expect(item(page, "Datos de uso internacional")).toContainText("1 GB disponibles");
  await expect(page.getByRole("meter", { name: "Minutos: 4863 min disponibles de 5000 min" })).toBeVisible();
  await expect(page.getByText("Puedes compartir tus datos con otros dispositivos.")).toBeVisible();
  // A limited plan says nothing about it; the expiry is 'Vigencia'.
  await expect(page.getByText(/ilimitado/i)).toHaveCount(0);
  await expect(vigencia(page)).toHaveText(/^\d+ de [a-z]+ de \d{4}$/);
  await expect(page.getByRole("heading", { name: "Ofertas activas" })).toBeVisible();
  // Her newest recharges: the payment journeys of the suite add theirs to her line as it runs, so
  // the seed's own rows (ORD-1000-1…3, amounts ÷ 100: unit-tested) may have scrolled out; every
  // row still has its folio, its amount in MXN and its status in words.
  const rows = history(page).filter({ hasText: /ORD-/ });
  await expect(rows.first()).toBeVisible();
  // The default length is 10 (`?historial=` chooses 5, 10 or 20).
  expect(await rows.count()).toBeLessThanOrEqual(10);
  for (const row of await rows.all()) await expect(row).toContainText(/\$\d[\d,]*\.\d{2}[\s\S]*(Aplicada|En proceso|No aplicada|Cancelada|Fallida|Pendiente)/);
  await expectNoAxeViolations(page, "/home (mbb)");
});

test("mifi 5576543210: 10 GB with 4 GB used; the history shows 5 rows or fewer when asked, and 'Recargar' opens the modal with the line", async ({ auditedPage: page }) => {
  await logIn(page, "mifi", "5576543210");
  await expect(summary(page)).toContainText("Datos disponibles6 GB");
  await expect(summary(page)).toContainText("Usaste 4 GB de 10 GB");
  await page.getByLabel("Mostrar").selectOption("5");
  await page.getByRole("button", { name: "Ver", exact: true }).click();
  await expect(page).toHaveURL(/historial=5/);
  const rows = history(page);
  await expect(rows.filter({ hasText: "Bait 150" })).toContainText("Aplicada");
  await rows.filter({ hasText: "Bait 150" }).getByRole("link", { name: "Recargar de nuevo Bait 150" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/recargas" && url.searchParams.get("numero") === "5576543210");
  const dialog = page.getByRole("dialog", { name: "Bait 150", exact: true });
  await expect(dialog.getByLabel("Número Bait a recargar", { exact: true })).toHaveValue("5576543210");
  await expectNoAxeViolations(page, "recharge modal prefilled from /home");
});

test("each section fails on its own and the rest of the page still shows", async ({ auditedPage: page, request }) => {
  // A line no other spec of the customer area bends: the switches bend only its calls.
  const line = "5581112222";
  const profile = "hbb";
  await bendLine(request, ["core.baitProfile", "conn.balance", "core.rechargeHistory"], line, { status: 500 });
  try {
    await logIn(page, profile, line);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi cuenta Bait");
    await expect(page.getByRole("alert").filter({ hasText: "No se pudo cargar la información de tu cuenta." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Hubo un problema al cargar los datos." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Ocurrió un error, inténtalo de nuevo más tarde." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Recargas recurrentes" })).toBeVisible();
    await expectNoAxeViolations(page, "/home with every section failed");
    await bendLine(request, ["core.baitProfile", "conn.balance"], line, {});
    await page.reload();
    await expect(page.getByText("Estado de la línea: Suspendida").or(page.getByText("Estado de la línea: Activa"))).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Ocurrió un error, inténtalo de nuevo más tarde." })).toBeVisible();
    await expect(page.locator(".balance-list__item").first()).toBeVisible();
  } finally {
    await bendLine(request, ["core.baitProfile", "conn.balance", "core.rechargeHistory"], line, {});
  }
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 812 } });

    test("balance, 'Vigencia', the data used and left and 'Recargar' for this line are on the first screen; nothing overflows sideways", async ({ auditedPage: page }) => {
      await logIn(page, "mbb", "5512345678");
      const bottomOf = async (locator: import("@playwright/test").Locator) => {
        const box = await locator.boundingBox();
        expect(box, "on the page").not.toBeNull();
        return box!.y + box!.height;
      };
      const balance = summary(page).getByText(/^\d+(\.\d)? [MG]B$/);
      await expect(summary(page).getByText("Datos disponibles", { exact: true })).toBeVisible();
      expect(await bottomOf(balance)).toBeLessThanOrEqual(812);
      expect(await bottomOf(vigencia(page))).toBeLessThanOrEqual(812);
      const usage = summary(page).getByText(/^Usaste \d+(\.\d)? [MG]B de \d+(\.\d)? [MG]B$/);
      expect(await bottomOf(usage)).toBeLessThanOrEqual(812);
      const recharge = summary(page).getByRole("link", { name: "Recargar este número" });
      expect(await bottomOf(recharge)).toBeLessThanOrEqual(812);
      // In that order: balance and 'Vigencia', the data used and left, then 'Recargar'.
      const y = async (locator: import("@playwright/test").Locator) => (await locator.boundingBox())!.y;
      expect(await y(vigencia(page))).toBeLessThan(await y(usage));
      expect(await y(usage)).toBeLessThan(await y(recharge));
      await expect(recharge).toHaveAttribute("href", /^\/recargas\?recarga=[^&]+&numero=5512345678$/);
      expect(await pageScrollWidth(page)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page, `/home at ${width} px`);
    });
  });
}
