import { request as httpRequest } from "node:http";
import type { CheerioAPI } from "cheerio";
import type { Answer, Visitor } from "./site";

/**
 * A form of a page as a browser without JavaScript sends it: its fields as the page wrote them (text
 * fields' values, checked boxes and radios, selected options, hidden fields), `fields` typed over
 * them, and the pressed button's name and value; posted (or, for GET forms, asked) at its action,
 * redirects followed.
 */
export function formFields($: CheerioAPI, selector: string, fields: Record<string, string | boolean> = {}, button?: string): URLSearchParams {
  const form = $(selector).first();
  if (form.length === 0) throw new Error(`no form ${selector} on the page`);
  const data = new URLSearchParams();
  form.find("input, select, textarea").each((_, element) => {
    const field = $(element);
    const name = field.attr("name");
    if (!name || field.is("[disabled]")) return;
    const type = (field.attr("type") ?? "text").toLowerCase();
    if (element.tagName === "select") {
      const chosen = field.find("option[selected]").first();
      const option = chosen.length ? chosen : field.find("option").first();
      if (option.length) data.append(name, option.attr("value") ?? option.text());
    } else if (type === "checkbox" || type === "radio") {
      if (field.is("[checked]")) data.append(name, field.attr("value") ?? "on");
    } else if (type !== "submit" && type !== "button" && type !== "image" && type !== "file") {
      data.append(name, element.tagName === "textarea" ? field.text() : (field.attr("value") ?? ""));
    }
  });
  for (const [name, value] of Object.entries(fields)) {
    data.delete(name);
    if (value === true) {
      // A box ticked: the value the page gives it.
      const box = form.find(`input[name="${name}"]`).first();
      data.append(name, box.attr("value") ?? "on");
    } else if (value !== false) data.append(name, value);
  }
  if (button !== undefined) {
    const pressed = form
      .find("button, input[type=submit]")
      .filter((_, element) => ($(element).text().trim() || $(element).attr("value") || "") === button || $(element).text().trim().startsWith(button))
      .first();
    if (pressed.length === 0) throw new Error(`no button «${button}» in ${selector}`);
    if (pressed.attr("name")) data.append(pressed.attr("name")!, pressed.attr("value") ?? "");
  }
  return data;
}

/** The action a form posts to (the page's own address when it names none), with a pressed button's formaction. */
export function formAction($: CheerioAPI, selector: string, pageUrl: string): string {
  return $(selector).first().attr("action") ?? pageUrl;
}

/** Sends `selector` from `page` (at `pageUrl`) as a browser without JavaScript, following the redirects. */
export async function submit(visitor: Visitor, page: Answer & { url?: string }, pageUrl: string, selector: string, fields: Record<string, string | boolean> = {}, button?: string) {
  const data = formFields(page.$, selector, fields, button);
  const action = formAction(page.$, selector, pageUrl);
  const method = (page.$(selector).first().attr("method") ?? "get").toLowerCase();
  if (method === "get") return visitor.follow(`${action.split("?")[0]}?${data.toString()}`);
  return visitor.follow(action, data);
}

export type Page = Answer & { url: string };

/** The recharge modal of `offerId` sent for `number` and `email`: the checkout (/pago) with that sale. */
export async function startRecharge(visitor: Visitor, email: string, { offerId = "BAIT50", number = "5512345678" } = {}): Promise<Page> {
  const modal = `/recargas?recarga=${offerId}`;
  const page = await visitor.get(modal);
  return submit(visitor, page, modal, `form#recarga-${offerId}`, { phone: number, email });
}

/** The value of the option labelled `label` of the select `name` in `selector`. */
export function optionValue(page: Answer, selector: string, name: string, label: string): string {
  const option = page.$(`${selector} select[name="${name}"] option`).filter((_, element) => page.$(element).text().trim() === label);
  if (option.length === 0) throw new Error(`no option «${label}» in ${name}`);
  return option.attr("value")!;
}

/** Step 1 without JavaScript: the holder and the address, 'Buscar colonias', the colonia chosen, then 'Continuar a la página segura de pago'. */
export async function cardStep(visitor: Visitor, page: Page, { holder = "Ana", postalCode = "06600", colonia = "Juárez" } = {}): Promise<Page> {
  const listed = await submit(visitor, page, page.url, "form#card", { firstName: holder, lastName: "Pérez López", address: "Av. Juárez 10", postalCode }, "Buscar colonias");
  return submit(visitor, listed, listed.url, "form#card", { colonia: optionValue(listed, "form#card", "colonia", colonia) }, "Continuar a la página segura de pago");
}

/** The provider's hosted payment page (a mock route): the card typed there, 'Continuar'. */
export function cardOnProviderPage(visitor: Visitor, page: Page, number: string, { expiry = "12/30", cvv = number.startsWith("3") ? "1234" : "123" } = {}): Promise<Page> {
  return submit(visitor, page, page.url, 'form[action="/__mocks/proveedor/pago"]', { numero: number, vencimiento: expiry, cvv }, "Continuar");
}

/** The summary's consents ticked, then 'Pagar'. */
export function consentAndPay(visitor: Visitor, page: Page, selector = "form#pay"): Promise<Page> {
  return submit(visitor, page, page.url, selector, { privacy: true, terms: true }, "Pagar");
}

/** A whole card payment without JavaScript, from the modal to the answer of 'Pagar'. */
export async function payByCard(visitor: Visitor, email: string, number: string, options: { offerId?: string; line?: string; holder?: string } = {}): Promise<Page> {
  const checkout = await startRecharge(visitor, email, { offerId: options.offerId, number: options.line });
  const provider = await cardStep(visitor, checkout, { holder: options.holder });
  return consentAndPay(visitor, await cardOnProviderPage(visitor, provider, number));
}

/** The page's text, its white space collapsed. */
export const textOf = (page: Answer, selector = "main") => page.$(selector).text().replace(/\s+/g, " ").trim();

/** The receipt's 'Folio de tu compra'. */
export const folioOf = (page: Answer) =>
  page
    .$("dl > div")
    .filter((_, row) => page.$(row).find("dt").text().includes("Folio de tu compra"))
    .find("dd")
    .text()
    .trim();

/** A GET whose request line is exactly `path`: fetch would normalise `/.//` before sending it. */
export function rawGet(base: string, path: string): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method: "GET" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    request.on("error", reject);
    request.end();
  });
}
