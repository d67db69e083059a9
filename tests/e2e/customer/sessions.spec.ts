import { expect, test } from "@playwright/test";
import { acceptCookies } from "../support/cookies";
import { BASE_URL } from "../support/env";
import { waitForHydration } from "../support/hydration";
import { loginAs, luis } from "../support/session";
import { PASSWORD } from "./support";

/**
 * The step-up (docs/accounts.md "Step-up") with JavaScript: the changes to the line ask for the
 * password again after 10 minutes, and the form takes the customer back. What the server answers
 * (the replayed cookie after a logout, the private answers, the step-up's redirects and refusals,
 * the area-code change's post) is proved at the HTTP level: tests/http/sessions.test.ts.
 */

// Luis: no other test of this project's world changes his password (the recovery journey changes
// Ana's, with JavaScript, and puts it back), so his password is the demo's whenever this runs.
test.describe("the step-up", () => {
  test("a sign-in older than 10 minutes asks for the password before 'Actualizar Datos', then goes back to the page", async ({ page, context }) => {
    await acceptCookies(context, BASE_URL);
    await loginAs(context, luis, { minutesAgo: 11 });
    await page.goto("/editar-perfil");
    await expect(page).toHaveURL((url) => url.pathname === "/confirmar-identidad" && url.searchParams.get("volver") === "/editar-perfil");
    await expect(page.getByRole("heading", { name: "Confirma que eres tú" })).toBeVisible();
    await waitForHydration(page);

    await page.getByLabel("Contraseña", { exact: true }).fill("NoEsLaMia2024!");
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page.getByText("La contraseña no es correcta. Revísala e inténtalo de nuevo.")).toBeVisible();

    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/editar-perfil");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(luis.email);
    // Confirmed: the other changes to the line do not ask again for 10 minutes.
    await page.goto("/reposicion-sim");
    await expect(page).toHaveURL((url) => url.pathname === "/reposicion-sim");
  });

  test("the SIM replacement asks too; 'volver' goes only to the pages that ask", async ({ page, context }) => {
    await acceptCookies(context, BASE_URL);
    await loginAs(context, luis, { minutesAgo: 11 });
    await page.goto("/reposicion-sim");
    await expect(page).toHaveURL((url) => url.pathname === "/confirmar-identidad" && url.searchParams.get("volver") === "/reposicion-sim");

    await page.goto(`/confirmar-identidad?volver=${encodeURIComponent("https://example.com/robar")}`);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Confirmar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.origin === BASE_URL && url.pathname === "/home");
  });
});
