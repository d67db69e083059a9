import { describe, expect, it } from "vitest";
import { DEMO_KEPT_CARDS } from "../../mocks/world-sales";
import type { Customer } from "../e2e/support/session";
import { formFields, submit, textOf, type Page } from "./support/payments";
import { useSite, type Visitor } from "./support/site";

/**
 * 'Recargar de nuevo' with the kept card (docs/payment.md "Repeat with the kept card") as a browser
 * without JavaScript meets it: the page, its one button and its answers (approved, declined,
 * expired, another customer's card refused), and a repeated post that never charges twice. The
 * browser part (focus, axe, the pending button, the whole journey of a card kept and forgotten
 * without JavaScript) is in tests/e2e/repeat-recharge.spec.ts.
 */
const site = useSite();

const APPROVED = "Felicidades, se ha completado tu pago.";
const DECLINED = "Lo sentimos, se ha tenido un problema al procesar tu pago.";
const EXPIRED =
  "Lo sentimos, tu tarjeta guardada está vencida. Paga con otra tarjeta.";
const NOT_YOURS =
  "Esa tarjeta no está guardada en tu cuenta. Elige una de tus tarjetas o paga con otra.";

const customer = (number: string, name: string, email: string): Customer => ({
  name,
  email,
  number,
  userType: 1,
  isLegacy: true,
  isProfileActive: true,
  isEmailVerify: true,
});
const ana = customer("5512345678", "Ana", "demo.mbb@example.com");
const marta = customer("5556789012", "Marta", "marta.pendiente@example.com");

type Charge = {
  orderId: string;
  approved: boolean;
  amount: number;
  saleUuid: string;
  phone: string;
};
const chargesOf = async (saleUuid: string) =>
  ((await (await site.fetch("/__mocks/charges")).json()) as Charge[]).filter(
    (charge) => charge.saleUuid === saleUuid
  );

/** /home's 'Recargar de nuevo' of the newest applied `name`, followed. */
async function repeatFromHome(visitor: Visitor, name: string): Promise<Page> {
  const home = await visitor.get("/home?historial=20");
  const rows = home
    .$("li")
    .filter(
      (_, row) =>
        home.$(row).text().includes(name) &&
        home.$(row).text().includes("Aplicada")
    );
  const link = rows
    .first()
    .find("a")
    .filter(
      (_, a) =>
        home.$(a).text().replace(/\s+/g, " ").trim() ===
        `Recargar de nuevo ${name}`
    );
  expect(link.length, `'Recargar de nuevo ${name}' on /home`).toBe(1);
  return visitor.follow(link.attr("href")!);
}

const saleIdOf = (page: Page) =>
  page.$('form.repeat-form input[name="saleId"]').attr("value")!;
/** The kept card's radio whose label says `label`. */
function cardValue(page: Page, label: string): string {
  const radio = page
    .$('form.repeat-form input[name="keptCard"][type="radio"]')
    .filter((_, input) => {
      const id = page.$(input).attr("id");
      const text =
        (id ? page.$(`label[for="${id}"]`).text() : "") +
        page.$(input).parent("label").text();
      return text.replace(/\s+/g, " ").includes(label);
    });
  expect(radio.length, `the card «${label}»`).toBe(1);
  return radio.attr("value")!;
}

describe("'Recargar de nuevo' without JavaScript", () => {
  it("Ana: her recurring recharge's Visa and one button, private; paid, the receipt; the same post again is the receipt, never a second charge", async () => {
    const visitor = site.visitor();
    await visitor.signIn(ana);
    const page = await repeatFromHome(visitor, "Bait 150");
    expect(page.url).toMatch(/^\/recargar-de-nuevo\?folio=ORD-/);
    expect(page.$("h1").first().text().trim()).toBe("Recargar de nuevo");
    expect(page.$("#repeat-offer").text().replace(/\s+/g, " ").trim()).toBe(
      "Bait 150 $150.00"
    );
    // Without JavaScript the offer's heading takes the focus as the page opens.
    expect(page.$("#repeat-offer").is("[autofocus]")).toBe(true);
    expect(textOf(page)).toContain("(55) 12 34 56 78");
    expect(textOf(page)).toContain(
      "Visa •••• 1111 (la de tu recarga recurrente)"
    );
    const buttons = page
      .$("button")
      .filter((_, button) => /^Pagar \$/.test(page.$(button).text().trim()));
    expect(buttons.length).toBe(1);
    expect(buttons.text().trim()).toBe("Pagar $150.00");
    expect(
      page
        .$("form.repeat-form")
        .find(
          'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea'
        ).length
    ).toBe(0);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(
      page.$('form.repeat-form input[name="keptCard"]').first().attr("value")
    ).toBe(DEMO_KEPT_CARDS.anaVisa);

    const saleId = saleIdOf(page);
    const receipt = await submit(
      visitor,
      page,
      page.url,
      "form.repeat-form",
      {},
      "Pagar"
    );
    expect(receipt.url).toBe("/pago/completado");
    expect(textOf(receipt)).toContain(APPROVED);
    // A late repeat of the same post (a second tap, a reload of the POST): the receipt again.
    const replay = await visitor.post(
      page.url,
      formFields(page.$, "form.repeat-form", {}, "Pagar")
    );
    expect([replay.status, replay.location]).toEqual([303, "/pago/completado"]);
    const charges = await chargesOf(saleId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      approved: true,
      amount: 15000,
      phone: "5512345678",
    });
  });

  it("Marta: her Visa ending 0002 is declined and her expired Mastercard refused, each in the provider's words, with another card at hand", async () => {
    const visitor = site.visitor();
    await visitor.signIn(marta);
    const page = await repeatFromHome(visitor, "Bait 100");
    expect(page.$("#repeat-offer").text().replace(/\s+/g, " ").trim()).toBe(
      "Bait 100 $100.00"
    );
    expect(page.$('[role="alert"]').text()).toContain(
      "Aún tienes una recarga en proceso sin aplicarse."
    );
    expect(
      page.$('form.repeat-form input[name="keptCard"][type="radio"]').length
    ).toBe(2);
    expect(
      page
        .$(
          `form.repeat-form input[name="keptCard"][value="${cardValue(
            page,
            "Visa •••• 0002"
          )}"]`
        )
        .is("[checked]")
    ).toBe(true);
    const saleId = saleIdOf(page);

    const declined = await submit(
      visitor,
      page,
      page.url,
      "form.repeat-form",
      {},
      "Pagar"
    );
    const said = textOf(declined, ".repeat-answer");
    expect(said).toContain(DECLINED);
    expect(said).toContain(
      "Te quedan 2 intentos antes de que el pago se reinicie."
    );
    // The answer, not the offer's heading, takes the focus.
    expect(declined.$(".repeat-answer").is("[autofocus]")).toBe(true);
    expect(declined.$("[autofocus]").length).toBe(1);
    const other = declined
      .$(".repeat-answer a")
      .filter(
        (_, a) => declined.$(a).text().trim() === "Pagar con otra tarjeta"
      );
    expect(other.attr("href")).toBe(
      "/recargas?recarga=BAIT100&numero=5556789012"
    );

    const expired = await submit(
      visitor,
      declined,
      declined.url,
      "form.repeat-form",
      { keptCard: cardValue(declined, "Mastercard •••• 4444") },
      "Pagar"
    );
    expect(textOf(expired, ".repeat-answer")).toContain(EXPIRED);
    expect(textOf(expired, ".repeat-answer")).toContain(
      "Te queda 1 intento antes de que el pago se reinicie."
    );
    expect((await chargesOf(saleId)).map((charge) => charge.approved)).toEqual([
      false,
      false,
    ]);
  });

  it("another customer's card: Ana's token posted from Marta's page is refused in Spanish before any charge", async () => {
    const visitor = site.visitor();
    await visitor.signIn(marta);
    const page = await repeatFromHome(visitor, "Bait 100");
    const saleId = saleIdOf(page);
    const refused = await submit(
      visitor,
      page,
      page.url,
      "form.repeat-form",
      { keptCard: DEMO_KEPT_CARDS.anaVisa },
      "Pagar"
    );
    expect(textOf(refused, ".repeat-answer")).toContain(NOT_YOURS);
    expect(await chargesOf(saleId)).toEqual([]);
  });
});
