import { expect as baseExpect, test, type Page, type Response } from "@playwright/test";
import { confirmAndPay, fillCardForm } from "./support/card";
import { acceptCookies } from "./support/cookies";
import { waitForHydration } from "./support/hydration";
import { ana, loginAs } from "./support/session";

/**
 * Issue 39, row 5 (docs/request-link.md "Paying a link"): a payer who opens someone's 'Pide tu
 * recarga' link, picks an offer and goes on to /pago never learns the line. Everything the
 * payer's browser receives on the way (documents, loader data, the checkout's HTML with its hidden
 * fields, the receipt) shows the line masked, as the link's page does. With JavaScript here;
 * without it (the pages alone) in tests/http/request-link-payer.test.ts.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

const MASKED = "(55) •• •• 56 78";
/**
 * The line in full, as digits or as any page formats it. The digits alone only when no digit touches
 * them: the demo's WhatsApp support address (wa.me/525512345678) is another number that ends alike.
 */
const FULL = [new RegExp(`(?<!\\d)${ana.number}(?!\\d)`), /12 34 56 78/];

/** Every text answer the payer's browser receives (documents, loader data, scripts), read as it arrives. */
function recordAnswers(page: Page) {
  const reads: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (response: Response) => {
    reads.push(response.text().then((body) => ({ url: response.url(), body }), () => ({ url: response.url(), body: "" })));
  });
  return () => Promise.all(reads);
}

/** The full line nowhere in `text`; a failure shows where it was found, not the whole page. */
function expectNoFullLine(text: string, where: string) {
  for (const form of FULL) {
    const found = form.exec(text);
    expect(found ? text.slice(Math.max(0, found.index - 60), found.index + 60) : null, `the full line in ${where}`).toBeNull();
  }
}

test("a payer who opens a link, picks an offer and goes on to /pago sees the line masked; the full number reaches the payer's browser nowhere", async ({ page, context, browser, baseURL }) => {
  // Ana makes the link from her own line.
  await acceptCookies(context, baseURL);
  await loginAs(context, ana);
  await page.goto("/pide-recarga");
  await waitForHydration(page);
  await page.locator("form#pide-recarga").getByRole("button", { name: "Crear enlace" }).click();
  await expect(page).toHaveURL(/\/pide-recarga\?enlace=/);
  const url = await page.getByLabel("Tu enlace", { exact: true }).inputValue();

  try {
    // Someone else's browser: no account, the same JavaScript setting.
    const payerContext = await browser.newContext({ baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false, locale: "es-MX", timezoneId: "America/Mexico_City" });
    await acceptCookies(payerContext, baseURL);
    const payer = await payerContext.newPage();
    const answers = recordAnswers(payer);
    await payer.goto(url);
    await expect(payer.getByText(`Para la línea Bait ${MASKED}`)).toBeVisible();
    await waitForHydration(payer);
    await payer.getByRole("radio", { name: /^Bait 50 / }).check();
    await payer.getByLabel("Tu correo electrónico").fill("tia.rosa@example.com");
    await payer.getByRole("button", { name: "Continuar al pago" }).click();

    await expect(payer).toHaveURL((where) => where.pathname === "/pago");
    await expect(payer.getByRole("complementary").getByText(MASKED)).toBeAttached();
    // The page as the browser holds it (hidden fields, 'Cambiar datos' and every address included), and the server's HTML with its loader data.
    expectNoFullLine(await payer.content(), "/pago's page");
    const document = await payer.request.get("/pago");
    const html = await document.text();
    expect(html).toContain(MASKED);
    expectNoFullLine(html, "/pago's HTML");

    await waitForHydration(payer);
    await fillCardForm(payer, "4111111111111111", { holder: "Rosa" });
    await confirmAndPay(payer);
    await expect(payer).toHaveURL((where) => where.pathname === "/pago/completado");
    await expect(payer.getByText(`se aplicará en unos momentos a la línea ${MASKED}`)).toBeVisible();
    expectNoFullLine(await payer.content(), "the receipt's page");

    for (const answer of await answers()) expectNoFullLine(answer.body, answer.url);
    await payerContext.close();
  } finally {
    // The link's place on Ana's line is given back, paid or not.
    await page.request.post("/pide-recarga", { form: { intent: "cancelar", id: url.split("/r/")[1]!.split(".")[0]! } });
  }
});
