import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { expectPath } from "../support/expect-path";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/** The customer area's journeys (docs/profile.md) against the mock world's demo lines. */
export const PASSWORD = "Bait2024!";

/** Restores these lines of the mock world (their account, codes, SIM), leaving the rest alone. */
export async function resetLines(request: APIRequestContext, numbers: string[]) {
  const response = await request.post("/__mocks/reset-lines", { data: { numbers }, headers: FRESH_CONNECTION });
  expect(response.status()).toBe(204);
}

/** Logs a mobile line in through the form, as a customer does, and lands on /home. */
export async function logIn(page: Page, number: string, password = PASSWORD) {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Número Bait", { exact: true }).fill(number);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expectPath(page, "/home");
}

/** A new login: the session cookie goes, and the customer signs in again. */
export async function logInAgain(page: Page, number: string, password = PASSWORD) {
  await page.context().clearCookies();
  await logIn(page, number, password);
}
