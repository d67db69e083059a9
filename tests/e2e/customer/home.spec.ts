import { expect } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { bendLine, jsOn, logIn } from "./support";

/**
 * /home (docs/customer.md): each profile's balance (used / total / available, a meter per item),
 * next recharge, data sharing, unlimited flag, active offerings, the history with its length
 * and status in words, the 'Recargar' shortcut; each section failing alone.
 */
test.describe.configure({ timeout: 60_000 });

const item = (page: import("@playwright/test").Page, name: string) => page.locator(".balance-list__item").filter({ has: page.locator(".balance-list__name", { hasText: new RegExp(`^${name}$`) }) });

test("mbb 5512345678 (Ana): data, minutes and SMS with used, total and available, her offerings and recharges", async ({ auditedPage: page }) => {
  await logIn(page, "mbb", "5512345678");
  await expect(item(page, "Minutos")).toContainText("4863 min disponibles");
  await expect(item(page, "Minutos")).toContainText("Usado: 137 min · Total: 5000 min");
  await expect(item(page, "SMS")).toContainText("958 SMS disponibles");
  await expect(item(page, "Datos de uso internacional")).toContainText("1 GB disponibles");
  await expect(page.getByRole("meter", { name: "Minutos: 4863 min disponibles de 5000 min" })).toBeVisible();
  await expect(page.getByText("Puedes compartir tus datos con otros dispositivos.")).toBeVisible();
  await expect(page.getByText("Plan ilimitado: no")).toBeVisible();
  await expect(page.getByText(/^Tu próxima recarga: \d+ de [a-z]+ de \d{4}$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ofertas activas" })).toBeVisible();
  // Her newest recharges: the payment journeys of the suite add theirs to her line as it runs, so
  // the seed's own rows (ORD-1000-1…3, amounts ÷ 100: unit-tested) may have scrolled out; every
  // row still has its folio, its amount in MXN and its status in words.
  const rows = page.getByRole("table").getByRole("row").filter({ hasText: /ORD-/ });
  await expect(rows.first()).toBeVisible();
  // The default length is 10 (`?historial=` chooses 5, 10 or 20).
  expect(await rows.count()).toBeLessThanOrEqual(10);
  for (const row of await rows.all()) await expect(row).toContainText(/\$\d[\d,]*\.\d{2}[\s\S]*(Aplicada|En proceso|No aplicada|Cancelada|Fallida|Pendiente)/);
  await expectNoAxeViolations(page, "/home (mbb)");
});

test("hbb 5598765432: unlimited home internet, 50 GB with 18 GB used, no minutes", async ({ auditedPage: page }) => {
  await logIn(page, "hbb", "5598765432");
  await expect(item(page, "Datos")).toContainText("32 GB disponibles");
  await expect(item(page, "Datos")).toContainText("Usado: 18 GB · Total: 50 GB");
  await expect(page.getByRole("meter", { name: "Datos: 32 GB disponibles de 50 GB" })).toBeVisible();
  await expect(page.getByText("Plan ilimitado: sí")).toBeVisible();
  await expect(page.getByText("Tu plan no permite compartir datos.")).toBeVisible();
  await expect(item(page, "Minutos")).toHaveCount(0);
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);
});

test("mifi 5576543210: 10 GB with 4 GB used; the history shows 5 rows or fewer when asked, and 'Recargar' opens the modal with the line", async ({ auditedPage: page }) => {
  await logIn(page, "mifi", "5576543210");
  await expect(item(page, "Datos")).toContainText("6 GB disponibles");
  await expect(item(page, "Datos")).toContainText("Usado: 4 GB · Total: 10 GB");
  await page.getByLabel("Mostrar").selectOption("5");
  await page.getByRole("button", { name: "Ver", exact: true }).click();
  await expect(page).toHaveURL(/historial=5/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: "Bait 150" })).toContainText("Aplicada");
  await rows.filter({ hasText: "Bait 150" }).getByRole("link", { name: "Recargar Bait 150 de nuevo" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/recargas" && url.searchParams.get("numero") === "5576543210");
  const dialog = page.getByRole("dialog", { name: "Bait 150", exact: true });
  await expect(dialog.getByLabel("Número Bait a recargar", { exact: true })).toHaveValue("5576543210");
  await expectNoAxeViolations(page, "recharge modal prefilled from /home");
});

test("each section fails on its own and the rest of the page still shows", async ({ auditedPage: page, request }) => {
  // A line of each project's own: the switches bend only its calls.
  const line = jsOn() ? "5581112222" : "5566666666";
  const profile = jsOn() ? "hbb" : "mbb";
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
