import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { acceptCookies } from "../support/cookies";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/**
 * The customer area's journeys (docs/customer.md): logged in through the form; a journey that
 * also runs without JavaScript (@no-js) takes a line of its own per project (js, no-js) so the
 * two runs never share a line's state. What the server answers without JavaScript is proved at
 * the HTTP level (tests/http/home.test.ts, tests/http/recurrence.test.ts).
 */
export const PASSWORD = "Bait2024!";
export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Logs in through the form (the cookie notice accepted first, so it covers nothing). */
export async function logIn(page: Page, profile: "mbb" | "hbb" | "mifi", number: string) {
  await acceptCookies(page.context(), test.info().project.use.baseURL);
  await page.goto(`/login?type=${profile}`);
  await waitForHydration(page);
  await page.getByLabel(profile === "mbb" ? "Número Bait" : "Número de servicio", { exact: true }).fill(number);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/home" || url.pathname === "/recurrente");
}

export const resetLines = (request: APIRequestContext, numbers: string[]) => request.post("/__mocks/reset-lines", { data: { numbers }, headers: FRESH_CONNECTION });

/** Bends one line's call (mocks/switches.ts "<call>:<line>"); `{}` puts it back. */
export const bendLine = (request: APIRequestContext, calls: string[], line: string, value: { status?: number }) =>
  request.post("/__mocks/switches", { data: Object.fromEntries(calls.map((call) => [`${call}:${line}`, value])), headers: FRESH_CONNECTION });
