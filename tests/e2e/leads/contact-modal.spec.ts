import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { auditedTest as test, expectNoAxeViolations } from "../support/axe";
import { acceptCookies } from "../support/cookies";
import { topBar } from "../support/chrome";
import { holdRequests } from "../support/hold";
import { waitForHydration } from "../support/hydration";
import { FRESH_CONNECTION } from "../support/fresh-connection";

/**
 * The contact lead modal (docs/leads.md) in the browser: `?contacto=whatsapp|telefono` on any page
 * opens 'Cámbiate a Bait vía Whatsapp / vía Telefónica' as a dialog; the form posts to /contacto,
 * which keeps the lead in the outbox, answers 'Hemos guardado tus datos…' back on the page, and
 * delivers the lead to the upstream (read back from the mock world with GET /__mocks/leads). With
 * JavaScript; the WhatsApp journey and the WhatsApp form's audit with its errors (without
 * JavaScript, a page of its own) also without it (@no-js). What the server answers a browser
 * without JavaScript (each message, the values kept, the redirect, the links that open and close
 * it) is proved at the HTTP level (tests/http/contact-modal.test.ts).
 */

const expect = baseExpect.configure({ timeout: 10_000 });

const KINDS = [
  { kind: "whatsapp", title: "Cámbiate a Bait vía Whatsapp", tipo: 2, saved: "Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Whatsapp." },
  { kind: "telefono", title: "Cámbiate a Bait vía Telefónica", tipo: 1, saved: "Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Telefónica." },
] as const;

const LABEL = { name: "Nombre", phone: "Número de teléfono", confirm: "Confirma tu número de teléfono", privacy: "Acepto el aviso de privacidad (se abre en una ventana nueva)" };
const MESSAGE = {
  name: "El nombre es obligatorio",
  invalid: "Número de teléfono inválido",
  required: "Campo requerido",
  mismatch: "El número no coincide.",
  privacy: "Acepta el aviso de privacidad para que podamos contactarte.",
};
const SUBMIT = "ENVIAR DATOS";

type Lead = { nombre: string; telefono: string; tipo: number; campania: Record<string, string>; idempotencyKey?: string };

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
/** A number of its own per test run: the per-number attempt limit never carries over. */
const freshPhone = () => `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** The form, in the modal or (without JavaScript, after a post with errors) on /contacto. */
const leadForm = (page: Page, kind: string) => page.locator(`form#contacto-${kind}`);
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });
const errorOf = (form: Locator, label: string) => form.locator(".field", { has: form.page().getByLabel(label, { exact: true }) }).locator(".field__error");
/**
 * 'ENVIAR DATOS'. With JavaScript it says it is disabled while the form is invalid
 * (aria-disabled) yet still answers a click with the list of what is missing, which Playwright's
 * click would not try on a control it sees as disabled.
 */
const send = (form: Locator) => form.getByRole("button", { name: SUBMIT }).click({ force: jsOn() });
const privacyError = (form: Locator) => form.locator(".field__error", { hasText: MESSAGE.privacy });

async function openModal(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(path);
  const dialog = page.getByRole("dialog", { name: title, exact: true });
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  // The form's code arrives in its own chunk: with JavaScript it is live once 'ENVIAR DATOS' says it is disabled.
  if (jsOn()) await expect(dialog.getByRole("button", { name: SUBMIT })).toHaveAttribute("aria-disabled", "true");
  return dialog;
}

async function receivedLead(page: Page, phone: string): Promise<Lead | undefined> {
  const leads = (await (await page.request.get("/__mocks/leads", { headers: FRESH_CONNECTION })).json()) as Lead[];
  return leads.find((lead) => lead.telefono === phone);
}

/** The primary journey of the leads, without JavaScript too: the WhatsApp one. */
const noJsFor = (kind: string) => ({ tag: kind === "whatsapp" ? ["@no-js"] : [] });

for (const { kind, title, tipo, saved } of KINDS) {
  test.describe(title, () => {
    test(`every validation message, then 'ENVIAR DATOS' saves the lead: '${saved}' on the page, the modal closed, the upstream gets tipo ${tipo} with the campaign`, noJsFor(kind), async ({ page }) => {
      const phone = freshPhone();
      await openModal(page, `/promociones?utm_source=google&utm_medium=cpc&utm_campaign=portabilidad&contacto=${kind}`, title);
      let form = leadForm(page, kind);
      await expect(form.locator('input[name="tipo"]')).toHaveValue(kind);

      // Everything empty: each field says what it needs.
      await send(form);
      form = leadForm(page, kind);
      if (!jsOn()) await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(errorOf(form, LABEL.name)).toHaveText(MESSAGE.name);
      await expect(errorOf(form, LABEL.phone)).toHaveText(MESSAGE.required);
      await expect(errorOf(form, LABEL.confirm)).toHaveText(MESSAGE.required);
      await expect(privacyError(form)).toBeVisible();

      // Too few digits.
      await field(form, LABEL.name).fill("Rosa Martínez");
      await field(form, LABEL.phone).fill("55123");
      await field(form, LABEL.confirm).fill("55123");
      await field(form, LABEL.privacy).check();
      if (jsOn()) await expect(form.getByRole("button", { name: SUBMIT })).toHaveAttribute("aria-disabled", "true");
      await send(form);
      form = leadForm(page, kind);
      await expect(errorOf(form, LABEL.phone)).toHaveText(MESSAGE.invalid);
      await expect(errorOf(form, LABEL.name)).toHaveCount(0);

      // Two different numbers.
      await field(form, LABEL.phone).fill(phone);
      await field(form, LABEL.confirm).fill("5500000001");
      await send(form);
      form = leadForm(page, kind);
      await expect(errorOf(form, LABEL.confirm)).toHaveText(MESSAGE.mismatch);
      await expect(errorOf(form, LABEL.phone)).toHaveCount(0);

      // Without JavaScript the page after a refused post keeps what was typed but the consent.
      await expect(field(form, LABEL.name)).toHaveValue("Rosa Martínez");
      await field(form, LABEL.confirm).fill(phone);
      await field(form, LABEL.privacy).check();
      if (jsOn()) await expect(form.getByRole("button", { name: SUBMIT })).not.toHaveAttribute("aria-disabled", "true");
      await send(form);

      const notice = page.getByRole("dialog", { name: "¡Listo!", exact: true });
      await expect(notice).toContainText(saved);
      await expect(page.getByRole("dialog", { name: title })).toHaveCount(0);
      await expect(page).toHaveURL((url) => url.pathname === "/promociones" && !url.searchParams.has("contacto"));

      await expect.poll(() => receivedLead(page, phone)).toMatchObject({ nombre: "Rosa Martínez", telefono: phone, tipo, campania: { source: "google", medium: "cpc", campaign: "portabilidad" } });
      expect((await receivedLead(page, phone))?.idempotencyKey).toMatch(/\S/);

      // The notice is shown once: closing it leaves the page without it, and a new modal starts empty.
      await notice.getByRole("link", { name: "Cerrar" }).click();
      await expect(notice).toHaveCount(0);
      const again = await openModal(page, `/promociones?contacto=${kind}`, title);
      await expect(field(again, LABEL.name)).toHaveValue("");
    });
  });
}

test.describe("opening and closing", () => {
  test("'Cámbiate a Bait' in the top bar opens the WhatsApp modal over /cambiate-a-bait; its page's 'Te llamamos' the phone one", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await topBar(page).getByRole("link", { name: "Cámbiate a Bait", exact: true }).click();
    await expect(page.getByRole("dialog", { name: KINDS[0].title })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/cambiate-a-bait" && url.searchParams.get("contacto") === "whatsapp");

    await page.goto("/cambiate-a-bait");
    await page.getByRole("link", { name: "Te llamamos", exact: true }).click();
    await expect(page.getByRole("dialog", { name: KINDS[1].title })).toBeVisible();
  });

  test("'Cámbiate a Bait' on /promociones opens the modal over the page", async ({ page }) => {
    await page.goto("/promociones");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Cámbiate a Bait", exact: true }).click();
    await expect(page.getByRole("dialog", { name: KINDS[0].title })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/promociones" && url.searchParams.get("contacto") === "whatsapp");
  });

  test("the close link drops ?contacto= and keeps the page", async ({ page }) => {
    const dialog = await openModal(page, "/paquetes?contacto=telefono", KINDS[1].title);
    await dialog.getByRole("link", { name: "Cerrar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/paquetes" && !url.searchParams.has("contacto"));
  });

  test("JS: Esc closes it, as a true modal", async ({ page }) => {
    test.skip(!jsOn(), "Esc needs JavaScript");
    const dialog = await openModal(page, "/paquetes?contacto=whatsapp", KINDS[0].title);
    await expect(dialog).toHaveJSProperty("open", true);
    await field(dialog, LABEL.name).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === "/paquetes" && !url.searchParams.has("contacto"));
  });
});

test.describe("typing before the form's code arrives", () => {
  test("JS: what the visitor typed while the form's code was on its way stays, and the form sends it", async ({ page }) => {
    test.skip(!jsOn(), "without JavaScript nothing replaces the server's form");
    // The form's code is a chunk the page asks for only once it hydrates: hold every script the
    // HTML does not name until the visitor has typed, as a slow phone network would.
    const html = await (await page.request.get("/promociones?contacto=telefono")).text();
    const named = new Set([...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1]));
    const release = await holdRequests(page, "**/build/**/*.js", (request) => !named.has(new URL(request.url()).pathname));

    await page.goto("/promociones?contacto=telefono");
    await waitForHydration(page, { onDemand: false });
    const form = leadForm(page, "telefono");
    const phone = freshPhone();
    await field(form, LABEL.name).fill("Rosa Martínez");
    await field(form, LABEL.phone).fill(phone);
    await field(form, LABEL.confirm).fill(phone);
    await field(form, LABEL.privacy).check();
    release();

    // The page's own update at hydration must not throw the server's fields away (React error 421).
    await expect(form.getByRole("button", { name: SUBMIT })).not.toHaveAttribute("aria-disabled", "true");
    await expect(field(form, LABEL.name)).toHaveValue("Rosa Martínez");
    await expect(field(form, LABEL.phone)).toHaveValue(phone);
    await expect(field(form, LABEL.confirm)).toHaveValue(phone);
    await expect(field(form, LABEL.privacy)).toBeChecked();
    await send(form);
    await expect(page.getByRole("dialog", { name: "¡Listo!" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const { kind, title } of KINDS) {
    // Without JavaScript the form with its errors is a page of its own (/contacto): audited there too.
    test(`axe finds nothing on the ${kind} modal, empty and with its errors`, noJsFor(kind), async ({ auditedPage: page }) => {
      await page.goto(`/promociones?contacto=${kind}`);
      await expect(page.getByRole("dialog", { name: title })).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page);
      await send(leadForm(page, kind));
      await expect(leadForm(page, kind).locator(".field__error").first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("axe finds nothing on the saved notice", async ({ auditedPage: page }) => {
    await page.goto("/promociones?contacto=whatsapp");
    const form = leadForm(page, "whatsapp");
    await waitForHydration(page);
    const phone = freshPhone();
    await field(form, LABEL.name).fill("Rosa");
    await field(form, LABEL.phone).fill(phone);
    await field(form, LABEL.confirm).fill(phone);
    await field(form, LABEL.privacy).check();
    await send(form);
    await expect(page.getByRole("dialog", { name: "¡Listo!" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
