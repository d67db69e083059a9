import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_REQUEST_LINK_SECRET } from "../../app/lib/boot-rules.mjs";
import { signLinkToken } from "../../app/features/request-link/token.server";
import { confirmAndPay, fillCardForm } from "./support/card";
import { auditedTest, expectNoAxeViolations } from "./support/axe";
import { acceptCookies } from "./support/cookies";
import { waitForHydration } from "./support/hydration";
import { ana, loginAs, type Customer } from "./support/session";

/**
 * 'Pide tu recarga' (docs/request-link.md), with JavaScript and without, at 1280 and 375 px: a
 * customer makes a link from /home, anyone makes one from the number-first answer (with the code sent
 * to the line: the mock's 1234, DEMO-DATA.md); someone with no
 * account opens it in a browser of their own, pays through the checkout and gets the receipt; the
 * maker's history says 'Te recargaron …'. Expired, tampered and cancelled links and an 11th open
 * link are refused in Spanish; the page's preview (Open Graph) and its privacy headers are there.
 *
 * Without JavaScript here (tagged @no-js): the two journeys (one at 1280 px, one at 375) and the refused links;
 * what the server answers (the preview and its headers, sharing without the share sheet, a line
 * that may not be recharged, an 11th link) is proved in tests/http/request-link.test.ts.
 *
 * The links live in the server's shared state, not in the mock world: each test cancels what it
 * leaves open, and the tests that run side by side use lines of their own where they count links.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
/**
 * Each journey at one width, the two widths between them: a customer's from /home on a computer, a
 * visitor's from the number-first answer on a phone (the narrower screen, for the code step too).
 */
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 375, height: 812 } as const;
/** A visitor asks for this line from the number-first answer (DEMO-DATA.md: mbb, suspended, may be recharged). */
const VISITOR_LINE = { number: "5545678901", masked: "(55) •• •• 89 01" };
const TOKEN = /\/r\/[A-Za-z0-9_-]{12}\.[0-9a-z]+\.[A-Za-z0-9_-]{16}$/;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** Nothing wider than a 375 px phone. */
async function expectNoOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} wider than the screen`).toBeLessThanOrEqual(width);
}

/**
 * /pide-recarga's form, filled and sent; the link made, as the read-only field shows it, once its
 * heading has the focus. A visitor's goes through the code sent to the line first (`code`).
 */
async function makeLink(page: Page, { offer, message, showName = false, code }: { offer?: string; message?: string; showName?: boolean; code?: string } = {}) {
  await waitForHydration(page);
  const form = page.locator("form#pide-recarga");
  if (offer) await form.getByLabel("¿Qué recarga pides?").selectOption(offer);
  if (message) await form.getByLabel("Tu mensaje (opcional)").fill(message);
  if (showName) await form.getByLabel(/^Mostrar mi nombre/).check();
  if (code) {
    await form.getByRole("button", { name: "Enviar código a la línea" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pide-recarga" && /^[A-Za-z0-9_-]{12}$/.test(url.searchParams.get("confirmar") ?? ""));
    // The code step takes the focus, on the screen.
    const step = page.getByRole("heading", { level: 3, name: "Confirma con el código" });
    await expect(step).toBeFocused();
    await expect(step).toBeInViewport();
    await waitForHydration(page);
    await page.getByLabel("Código de verificación", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Confirmar y crear enlace" }).click();
  } else {
    await form.getByRole("button", { name: "Crear enlace" }).click();
  }
  await expect(page).toHaveURL(/\/pide-recarga\?enlace=/);
  // The new step takes the focus, on the screen.
  await expect(page.getByRole("heading", { level: 2, name: "Tu enlace está listo" })).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "Tu enlace está listo" })).toBeInViewport();
  const url = await page.getByLabel("Tu enlace", { exact: true }).inputValue();
  expect(url).toMatch(TOKEN);
  return url;
}

/** Someone else's browser: no account, no cookies but the consent, the same JavaScript setting and screen. */
async function strangerPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: jsOn(), locale: "es-MX", timezoneId: "America/Mexico_City" });
  await acceptCookies(context, baseURL);
  return context.newPage();
}

/** Cancels a link the test made (as its maker, signed in), so no test leaves a line's places taken. */
async function cancel(page: Page, url: string) {
  const id = url.split("/r/")[1]!.split(".")[0]!;
  await page.request.post("/pide-recarga", { form: { intent: "cancelar", id } });
}

/** On /pago after the payer's 'Continuar al pago': the demo card, both consents, 'Pagar', the receipt. */
async function payWithDemoCard(payer: Page) {
  await expect(payer).toHaveURL((url) => url.pathname === "/pago");
  await waitForHydration(payer);
  await fillCardForm(payer, "4111111111111111", { holder: "Pepe" });
  await confirmAndPay(payer);
  await expect(payer).toHaveURL((url) => url.pathname === "/pago/completado");
  await expect(payer.getByRole("heading", { level: 1, name: "¡Pago completado!" })).toBeVisible();
}

test.describe("at 1280 px", () => {
  const viewport = DESKTOP;
  test.use({ viewport });

  test("from /home: Ana asks with her name and words; a stranger with no account pays it; her history says 'Te recargaron …' and the link is gone", { tag: "@no-js" }, async ({ page, context, browser, baseURL }) => {
    // Each run asks for an offer of its own, so its history row is its own.
    const offer = jsOn() ? { id: "BAIT200", name: "Bait 200" } : { id: "BAIT250", name: "Bait 250" };
    const words = "¿Me ayudas con mi recarga? ¡Gracias!";
    await loginAs(context, ana);
    await page.goto("/home");
    const section = page.getByRole("region", { name: "Pide tu recarga" });
    await expect(section).toContainText("Comparte un enlace para que alguien más pague tu recarga");
    await waitForHydration(page);
    await section.getByRole("link", { name: "Crear un enlace" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pide-recarga");
    await expect(page.getByRole("heading", { level: 1, name: "Pide tu recarga" })).toBeVisible();
    await expect(page.getByText("Línea Bait (55) 12 34 56 78")).toBeVisible();
    await expectNoOverflow(page);

    const url = await makeLink(page, { offer: offer.id, message: words, showName: true });
    expect(url).not.toContain("5512345678");
    await expect(page.getByText(`Pides: ${offer.name}`)).toBeVisible();
    const text = `${words} Puedes pagar mi recarga Bait aquí: ${url}`;
    await expect(page.getByRole("link", { name: "Enviar por WhatsApp" })).toHaveAttribute("href", `https://wa.me/?text=${encodeURIComponent(text)}`);
    await expect(page.getByRole("link", { name: "Enviar por SMS" })).toHaveAttribute("href", `sms:?&body=${encodeURIComponent(text)}`);
    await expectNoOverflow(page);

    const payer = await strangerPage(browser, baseURL, viewport);
    await payer.goto(url);
    await expect(payer.getByRole("heading", { level: 1, name: "Ana te pide una recarga" })).toBeVisible();
    await expect(payer.getByText(`«${words}»`)).toBeVisible();
    await expect(payer.getByText("Para la línea Bait (55) •• •• 56 78")).toBeVisible();
    expect(await payer.locator("main").innerText()).not.toMatch(/5512345678|12 34 56 78/);
    // The offer asked for comes first, chosen.
    const first = payer.getByRole("radio").first();
    await expect(first).toHaveAccessibleName(new RegExp(`^${offer.name} `));
    await expect(first).toBeChecked();
    await expect(payer.getByText("La que te pidieron")).toBeVisible();
    await expectNoOverflow(payer);
    await waitForHydration(payer);
    await payer.getByLabel("Tu correo electrónico").fill(`pepe.${jsOn() ? "js" : "nojs"}.${viewport.width}@example.com`);
    await payer.getByRole("button", { name: "Continuar al pago" }).click();
    await payWithDemoCard(payer);
    await payer.context().close();

    await page.goto("/home?historial=20");
    await expect(page.locator(".history-list__what").filter({ hasText: `Te recargaron ${offer.name}` }).first()).toBeVisible();
    // Paid: the link closed, and says so to whoever opens it again.
    await expect(page.getByRole("region", { name: "Pide tu recarga" })).not.toContainText(url);
    const again = await strangerPage(browser, baseURL, viewport);
    expect((await again.goto(url))?.status()).toBe(410);
    await expect(again.getByRole("heading", { level: 1, name: "Esta recarga ya se pagó" })).toBeVisible();
    await again.context().close();
  });
});

test.describe("at 375 px", () => {
  const viewport = PHONE;
  test.use({ viewport });

  test("from the number-first answer: anyone asks for a line, nameless; the payer must choose the offer, then pays", { tag: "@no-js" }, async ({ page, browser, baseURL }) => {
    await page.goto(`/recargas?numero=${VISITOR_LINE.number}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Pide tu recarga con un enlace" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/pide-recarga" && url.searchParams.get("numero") === VISITOR_LINE.number);
    await expect(page.getByText(/Como no iniciaste sesión, te enviaremos un código por SMS a la línea .* no podrás ver ni cancelar el enlace/)).toBeVisible();
    await expect(page.getByLabel(/^Mostrar mi nombre/)).toHaveCount(0);
    await expectNoOverflow(page);
    const url = await makeLink(page, { code: "1234" });
    await expect(page.getByText("Guarda o comparte este enlace ahora: como no iniciaste sesión, no podrás verlo después.")).toBeVisible();
    await expect(page.getByText("Pides una recarga; quien pague elige cuál.")).toBeVisible();
    // The link to share (its field, WhatsApp, SMS) on the phone's screen.
    await expectNoOverflow(page);

    const payer = await strangerPage(browser, baseURL, viewport);
    await payer.goto(url);
    await expect(payer.getByRole("heading", { level: 1, name: "Te piden una recarga" })).toBeVisible();
    await expect(payer.getByText(`Para la línea Bait ${VISITOR_LINE.masked}`)).toBeVisible();
    await expect(payer.getByRole("radio", { checked: true })).toHaveCount(0);
    await waitForHydration(payer);
    await payer.getByLabel("Tu correo electrónico").fill("pepe@");
    await payer.getByRole("button", { name: "Continuar al pago" }).click();
    // The server's answer, with or without JavaScript: the summary first (focused once JavaScript runs), then each field.
    const summary = payer.getByRole("alert").filter({ hasText: "Elige la recarga que quieres pagar." });
    await expect(summary).toBeVisible();
    if (jsOn()) await expect(summary).toBeFocused();
    await expect(summary).toContainText("Revisa tu correo: debe verse como nombre@ejemplo.com.");
    await expectNoOverflow(payer);
    await payer.getByRole("radio", { name: /^Bait 50 / }).check();
    await payer.getByLabel("Tu correo electrónico").fill("pepe.visitante@example.com");
    await payer.getByRole("button", { name: "Continuar al pago" }).click();
    await payWithDemoCard(payer);
    // Paid (the line's history carries the sale): the link is closed, and frees its place.
    expect((await payer.goto(url))?.status()).toBe(410);
    await expect(payer.getByRole("heading", { level: 1, name: "Esta recarga ya se pagó" })).toBeVisible();
    await payer.context().close();
  });
});

test.describe("refused links", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("expired, tampered and cancelled links say so, each with a way to a normal recharge", { tag: "@no-js" }, async ({ page, context, browser, baseURL }) => {
    await loginAs(context, ana);
    await page.goto("/pide-recarga");
    const url = await makeLink(page, { offer: "BAIT50" });
    const token = url.split("/r/")[1]!;
    const stranger = await strangerPage(browser, baseURL, { width: 375, height: 812 });

    // Expired: the same request, its expiry signed in the past (1 January 2024; the suite's server signs with the demo secret).
    const expired = signLinkToken(DEMO_REQUEST_LINK_SECRET, token.split(".")[0]!, Date.UTC(2024, 0, 1));
    expect((await stranger.goto(`/r/${expired}`))?.status()).toBe(410);
    await expect(stranger.getByRole("heading", { level: 1, name: "Este enlace ya venció" })).toBeVisible();
    await expect(stranger.getByText("Los enlaces para pedir una recarga duran 7 días. Pide a quien te lo envió uno nuevo.")).toBeVisible();
    await expect(stranger.getByRole("link", { name: "Ir a Recargas" })).toHaveAttribute("href", "/recargas");

    // Tampered: one character of the signature changed.
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await stranger.goto(`/r/${tampered}`))?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1, name: "Este enlace no es válido" })).toBeVisible();
    await expectNoOverflow(stranger);

    // Cancelled on /home: the notice takes the focus, the link leaves the list, and its page says so.
    await page.goto("/home");
    await waitForHydration(page);
    const item = page.getByRole("listitem").filter({ hasText: url });
    await item.getByRole("button", { name: /^Cancelar enlace/ }).click();
    await expect(page).toHaveURL((address) => address.pathname === "/home" && address.searchParams.get("cancelado") === "1");
    const notice = page.locator(".request-focus").filter({ hasText: "Cancelaste el enlace. Quien lo abra verá que ya no está activo." });
    await expect(notice).toBeFocused();
    await expect(page.getByRole("region", { name: "Pide tu recarga" })).not.toContainText(url);
    expect((await stranger.goto(url))?.status()).toBe(410);
    await expect(stranger.getByRole("heading", { level: 1, name: "Este enlace ya no está activo" })).toBeVisible();
    await stranger.getByRole("link", { name: "Ir a Recargas" }).click();
    await expect(stranger).toHaveURL((address) => address.pathname === "/recargas");
    await stranger.context().close();
  });

  test("a line that may not be recharged gets the spec's message, beside the number", async ({ page }) => {
    await page.goto("/pide-recarga?numero=5534567890");
    await expect(page.getByLabel("¿Para qué número pides la recarga?")).toHaveAccessibleDescription(/Tu línea no está activa en este momento, por eso no es posible recargarla/);
    await expect(page.locator("form#pide-recarga")).toHaveCount(0);
  });

  test("an 11th open link for a line is refused in Spanish", async ({ page, context }) => {
    // A line per project: the two projects run side by side.
    const maker: Customer = { ...ana, name: jsOn() ? "Marta" : "Jorge", number: jsOn() ? "5556789012" : "5566666666", email: "pide.limite@example.com" };
    await loginAs(context, maker);
    const openIds = async () => [...(await (await page.request.get("/pide-recarga")).text()).matchAll(/name="id" value="([A-Za-z0-9_-]{12})"/g)].map((match) => match[1]!);
    const cancelAll = async () => {
      for (const id of await openIds()) await page.request.post("/pide-recarga", { form: { intent: "cancelar", id } });
    };
    await cancelAll();
    for (let index = 0; index < 10; index += 1) expect((await page.request.post("/pide-recarga", { form: { intent: "crear" } })).ok()).toBe(true);
    expect(await openIds()).toHaveLength(10);

    await page.goto("/pide-recarga");
    await expect(page.getByText("Enlaces abiertos para esta línea: 10 de 10.")).toBeVisible();
    await waitForHydration(page);
    await page.locator("form#pide-recarga").getByRole("button", { name: "Crear enlace" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ya hay 10 enlaces abiertos para esta línea. Cancela uno o espera a que alguno venza (duran 7 días) para crear otro." })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/pide-recarga" && !url.searchParams.has("enlace"));
    await cancelAll();
    expect(await openIds()).toHaveLength(0);
  });
});

/**
 * axe on the page as it is now, once its stylesheets are in: on a busy machine a stylesheet of the
 * scriptless (no-js) context may fail to arrive, and axe would judge unstyled text; one reload then.
 */
async function audit(page: Page) {
  await page.waitForLoadState("load");
  const styled = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null));
  if (!(await styled())) await page.reload();
  await expectNoAxeViolations(page);
}

auditedTest("nothing axe finds on the maker's page, the link to share, the payer's page and a refusal", async ({ auditedPage: page, baseURL }) => {
  await acceptCookies(page.context(), baseURL);
  await loginAs(page.context(), ana);
  await page.goto("/pide-recarga");
  await audit(page);
  await page.locator("form#pide-recarga").getByLabel("Tu mensaje (opcional)").fill("¿Me ayudas?");
  await page.locator("form#pide-recarga").getByRole("button", { name: "Crear enlace" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Tu enlace está listo" })).toBeVisible();
  await audit(page);
  const url = await page.getByLabel("Tu enlace", { exact: true }).inputValue();
  await page.goto(url);
  await audit(page);
  await page.goto("/r/nada.que.ver");
  await audit(page);
  await page.goto(`/pide-recarga?numero=${VISITOR_LINE.number}`);
  await audit(page);
  // A number other than Ana's own: the code step.
  await page.locator("form#pide-recarga").getByRole("button", { name: "Enviar código a la línea" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Confirma con el código" })).toBeVisible();
  await audit(page);
  await cancel(page, url);
});

test.describe("the link's page and its sharing", () => {
  test("with JavaScript the share sheet opens and 'Copiar enlace' copies, beside WhatsApp, SMS and a field to copy", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // The phone's share sheet (Web Share API), which a desktop Chromium on Linux lacks: what the page asks of it is kept.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: async (data: ShareData) => void ((window as unknown as { shared: ShareData }).shared = data), configurable: true });
    });
    await loginAs(context, ana);
    await page.goto("/pide-recarga");
    const url = await makeLink(page);
    const field = page.getByLabel("Tu enlace", { exact: true });
    await expect(field).toHaveAttribute("readonly", "");
    await expect(field).toHaveValue(url);
    await expect(page.getByRole("link", { name: "Enviar por WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByRole("link", { name: "Enviar por SMS" })).toHaveAttribute("href", /^sms:\?&body=/);
    await page.getByRole("button", { name: "Compartir enlace" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.text)).toBe(`¿Me ayudas con una recarga Bait? Puedes pagarla aquí: ${url}`);
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Enlace copiado. Ya puedes pegarlo donde quieras." })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await cancel(page, url);
  });
});
