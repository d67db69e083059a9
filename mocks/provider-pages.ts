import { randomBytes } from "node:crypto";
import * as z from "zod";
import { formatMoney } from "~/lib/format";
import { hostedFields, type HostedFieldsOptions } from "./hosted-fields.browser";
import { sales } from "./world-sales";

/**
 * The payment providers' browser pages, for the mock world only (server/app.ts serves them when
 * MOCKS=true, on the app's own origin, so the checkout runs without leaving this machine):
 *
 * - Provider type 2, hosted card fields: GET /__mocks/proveedor/campos is the page the checkout
 *   frames (`proveedor.api` of the plugin); POST /__mocks/proveedor/tokens turns the card typed
 *   there into a token (`tok_…`) that /cobrar accepts as `meta.token`.
 * - The hosted payment page: GET /__mocks/proveedor/pago?ref=…&retorno=/pago&monto=… is the page
 *   where the card is typed without JavaScript (a plain form posting to itself); it sends the
 *   browser back to `retorno` with `?ref=…&token=tok_…&ultimos=1234`, a token /cobrar accepts.
 * - Provider type 3, PayPal: GET /__mocks/paypal/aprobar?orden=ID is the buyer's review of an
 *   order made with POST …/3/orden; its form approves or cancels and sends the browser back to
 *   the order's `retorno` (with `?paypal=ID`) or `cancelacion`.
 *
 * The hosted fields talk to the page that frames them with postMessage, same origin only:
 *
 *   to the parent   { source: "bait-proveedor", type: "ready" }                 on load
 *                   { source: "bait-proveedor", type: "resize", height }        on load and whenever its height changes
 *                   { source: "bait-proveedor", type: "loading" }               before asking for a token
 *                   { source: "bait-proveedor", type: "token", token, card }    card: { last4, brand, holder, expiry }
 *                   { source: "bait-proveedor", type: "error", field, message } field: "cardholder" | "number" | "expiry" | "cvv" | null;
 *                                                                               that field was cleared and has the focus
 *   from the parent { source: "bait-checkout", type: "submit" }                 submits the fields as 'Continuar' does
 *
 * (their browser code, type-checked with the DOM's types, is hosted-fields.browser.ts).
 *
 * Every function here is pure apart from the mock state (world-sales.ts), and the card number is
 * never logged.
 */
export type MockPage = { status: number; html?: string; location?: string };
export type MockJson = { status: number; body: unknown };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A path on this site: starts with one "/" (not "//" nor "/\", which browsers read as another
 * host), no control characters, and resolves to the same origin. The only places the mock PayPal
 * sends a browser back to.
 */
export function isSameOriginPath(value: string): boolean {
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, "http://mock.local").origin === "http://mock.local";
  } catch {
    return false;
  }
}

/** Both pages' stylesheet (the CSP allows no inline styles): served at /__mocks/proveedor/estilos.css. */
export const providerStyles = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;line-height:1.4;color:#14213d;background:#fff}
:focus-visible{outline:3px solid #0b2a5b;outline-offset:2px}
.campos{padding:.75rem}
.campos form{display:grid;gap:.75rem;max-width:32rem}
.fila{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.campo{display:grid;gap:.25rem}
label{font-weight:600;font-size:.95rem}
input{width:100%;min-height:44px;padding:.5rem .75rem;font:inherit;color:inherit;background:#fff;border:1px solid #6b7280;border-radius:8px}
input[aria-invalid=true]{border:2px solid #b3261e}
.error{margin:0;color:#b3261e;font-size:.9rem;font-weight:600}
.error:empty{display:none}
.campos button{min-height:44px;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#1471CE;color:#fff;font:inherit;font-weight:700;cursor:pointer}
.campos button[aria-disabled=true]{opacity:.6;cursor:progress}
.seguro{margin:0;color:#4a5672;font-size:.85rem}
form.campos{display:grid;gap:.75rem;padding:0;margin:0 0 1rem}
.paypal{background:#f5f7fa;min-height:100vh;display:grid;place-items:start center;padding:2rem 1rem}
.paypal main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:1.5rem;width:min(440px,100%)}
.marca{margin:0 0 1rem;font-weight:800;font-size:1.4rem;color:#003087}
.marca span{color:#0070e0}
.paypal h1{font-size:1.25rem;margin:0 0 1rem}
.paypal dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
.paypal dt{font-weight:600;color:#4a5672}
.paypal dd{margin:0}
.total{font-size:1.25rem;font-weight:800}
.acciones{display:grid;gap:.75rem}
.pagar,.cancelar,.volver{display:block;width:100%;min-height:44px;padding:.6rem 1rem;border-radius:999px;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.pagar{border:0;background:#ffc439;color:#111}
.cancelar,.volver{border:2px solid #003087;background:#fff;color:#003087}`;

// ——— Provider type 2: hosted card fields ———

const GENERIC_CARD_ERROR = "Lo sentimos, no pudimos validar tu tarjeta. Inténtalo de nuevo.";
export const MISSING_CARD_DATA = "Falta información de la tarjeta.";

export const cardFieldMessages = {
  cardholder: "Lo sentimos, el nombre del titular solo puede contener letras.",
  number: "Lo sentimos, el número de tarjeta no es válido. Aceptamos tarjetas Visa, Mastercard y American Express.",
  expiry: "Lo sentimos, la fecha de vencimiento de tu tarjeta no es válida.",
  cvv: "Lo sentimos, el código de seguridad debe tener 3 dígitos, o 4 en tarjetas American Express.",
} as const;
export type CardField = keyof typeof cardFieldMessages;

/**
 * The inline script of the hosted fields: their browser code (hosted-fields.browser.ts) from its
 * own source, called with its options. tsx compiles that module with esbuild's keepNames, which
 * wraps the named inner functions in `__name(fn, "name")` calls to a helper of the module, not
 * of the function: the script hands it a no-op of its own.
 */
const hostedFieldsScript = `(function (__name) {
  (${hostedFields.toString()})(${JSON.stringify({ genericError: GENERIC_CARD_ERROR } satisfies HostedFieldsOptions)});
})(function (target) { return target; });`;

/** No `name` on the inputs: the card goes only through the script's fetch, never in a form submission. */
function field(id: string, label: string, attributes: string): string {
  return `<div class="campo"><label for="${id}">${label}</label><input id="${id}" ${attributes} required aria-describedby="${id}-error"><p class="error" id="${id}-error" role="alert"></p></div>`;
}

/**
 * The hosted card fields, meant for an iframe. `?detalle=1` (the plugin's details step) is
 * accepted and changes nothing: the details are the checkout's business. Without JavaScript the
 * fields cannot hand a token to the checkout, so 'Continuar' posts the (nameless, so empty) form
 * back here and gets a notice: the card never travels in a URL or a form body.
 */
export function hostedCardFieldsPage(method: string, nonce: string, _query: URLSearchParams): MockPage {
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return { status: 405, html: "" };
  const withoutScript = method === "POST";
  const html = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datos de la tarjeta · Proveedor de pagos (demostración)</title><link rel="stylesheet" href="/__mocks/proveedor/estilos.css"></head>
<body class="campos">
<form id="campos" method="post" action="/__mocks/proveedor/campos" novalidate>
<p class="error" id="aviso" role="alert">${withoutScript ? "Para pagar con tarjeta aquí necesitas activar JavaScript en tu navegador." : ""}</p>
${field("holder", "Nombre del titular", 'autocomplete="cc-name" autocapitalize="words" spellcheck="false"')}
${field("number", "Número de tarjeta", 'autocomplete="cc-number" inputmode="numeric" maxlength="23"')}
<div class="fila">
${field("expiry", "Vencimiento (MM/AA)", 'autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/AA"')}
${field("cvv", "CVV", 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"')}
</div>
<p class="seguro">Tus datos viajan cifrados al proveedor de pagos; Bait no los guarda.</p>
<div><button type="submit" id="continuar">Continuar</button></div>
</form>
<script nonce="${escape(nonce)}">${hostedFieldsScript}</script>
</body></html>`;
  return { status: 200, html };
}

export type CardBrand = "visa" | "mastercard" | "amex";

/** The brand a number's prefix and length belong to (Visa 13/16, Mastercard 51–55 and 2221–2720, Amex 34/37), or null. */
export function cardBrandOf(number: string): CardBrand | null {
  if (/^4(\d{12}|\d{15})$/.test(number)) return "visa";
  if (/^3[47]\d{13}$/.test(number)) return "amex";
  if (/^\d{16}$/.test(number)) {
    const two = Number(number.slice(0, 2));
    const four = Number(number.slice(0, 4));
    if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  }
  return null;
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** MM/AA, this month or later and at most 15 years ahead (no card is issued for longer). */
export function expiryOf(value: string, now = new Date()): { month: string; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const months = year * 12 + month;
  const current = now.getFullYear() * 12 + now.getMonth() + 1;
  return months >= current && months <= current + 15 * 12 ? { month: match[1]!, year } : null;
}

const tokenRequest = z.object({ holder: z.string(), number: z.string(), expiry: z.string(), cvv: z.string() });
const holderPattern = /^\p{L}+(?:[ '’.-]\p{L}+)*\.?$/u;

const fieldError = (field: CardField): MockJson => ({ status: 422, body: { error: { field, message_to_purchaser: cardFieldMessages[field] } } });

/**
 * POST /__mocks/proveedor/tokens with `{ holder, number, expiry, cvv }` (the raw body: express
 * does not parse it, so a malformed body never ends up in a log). 201 `{ token, card }`, or 422
 * with the first wrong field in the form's order, or C003 when something is missing. The token
 * only vouches for the card's format; /cobrar decides with the demo cards (mocks/fixtures/demo.ts).
 */
export function issueCardToken(rawBody: string, now = new Date()): MockJson {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    json = undefined;
  }
  const parsed = tokenRequest.safeParse(json);
  const values = parsed.success
    ? {
        holder: parsed.data.holder.trim(),
        number: parsed.data.number.replace(/[\s-]/g, ""),
        // "1229" is read as "12/29": people often skip the slash.
        expiry: parsed.data.expiry.replace(/\s/g, "").replace(/^(\d{2})(\d{2})$/, "$1/$2"),
        cvv: parsed.data.cvv.trim(),
      }
    : null;
  if (!values || Object.values(values).some((value) => value === "")) {
    return { status: 422, body: { error: { field: null, code: "C003", message_to_purchaser: MISSING_CARD_DATA } } };
  }
  if (!holderPattern.test(values.holder) || values.holder.length > 60) return fieldError("cardholder");
  const brand = cardBrandOf(values.number);
  if (!brand || !passesLuhn(values.number)) return fieldError("number");
  const expiry = expiryOf(values.expiry, now);
  if (!expiry) return fieldError("expiry");
  if (!new RegExp(`^\\d{${brand === "amex" ? 4 : 3}}$`).test(values.cvv)) return fieldError("cvv");

  const token = `tok_${randomBytes(12).toString("hex")}`;
  sales.cardTokens.set(token, {
    card: { numero: values.number, mes: expiry.month, anio: String(expiry.year), clave: values.cvv },
    holder: values.holder,
    used: false,
  });
  return { status: 201, body: { token, card: { last4: values.number.slice(-4), brand, holder: values.holder, expiry: values.expiry } } };
}

// ——— The hosted payment page: the card typed on the provider's own page, without JavaScript ———

export const HOSTED_PAYMENT_PATH = "/__mocks/proveedor/pago";

type PaymentPageErrors = Partial<Record<"number" | "expiry" | "cvv", string>>;

/** The page's card fields: named (a plain form posting to the provider), never filled back in. */
function paymentField(id: string, name: string, label: string, attributes: string, error: string | undefined): string {
  const invalid = error ? ' aria-invalid="true"' : "";
  return `<div class="campo"><label for="${id}">${label}</label><input id="${id}" name="${name}" ${attributes} required${invalid} aria-describedby="${id}-error"><p class="error" id="${id}-error">${error ? escape(error) : ""}</p></div>`;
}

function paymentPageHtml(ref: string, returnTo: string, amount: string, errors: PaymentPageErrors): string {
  const total = amount ? formatMoney(Number(amount)) : "";
  const summary = Object.keys(errors).length ? `<p class="error" role="alert">Revisa los datos de tu tarjeta.</p>` : "";
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago con tarjeta · Proveedor de pagos (demostración)</title><link rel="stylesheet" href="/__mocks/proveedor/estilos.css"></head>
<body class="paypal"><main><p class="marca">Proveedor de pagos (demostración)</p><h1>Datos de tu tarjeta</h1>
<dl><dt>Comercio</dt><dd>Bait</dd>${total ? `<dt>Total</dt><dd class="total">${escape(total)} MXN</dd>` : ""}</dl>
${summary}
<form class="campos" method="post" action="${HOSTED_PAYMENT_PATH}" novalidate>
<input type="hidden" name="ref" value="${escape(ref)}"><input type="hidden" name="retorno" value="${escape(returnTo)}"><input type="hidden" name="monto" value="${escape(amount)}">
${paymentField("numero", "numero", "Número de tarjeta", 'autocomplete="cc-number" inputmode="numeric" maxlength="23"', errors.number)}
<div class="fila">
${paymentField("vencimiento", "vencimiento", "Vencimiento (MM/AA)", 'autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/AA"', errors.expiry)}
${paymentField("cvv", "cvv", "CVV", 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"', errors.cvv)}
</div>
<p class="seguro">Tus datos van directo al proveedor de pagos; Bait no los recibe.</p>
<div><button type="submit">Continuar</button></div>
</form>
${backLink(returnTo, "Cancelar y volver a Bait")}</main></body></html>`;
}

/**
 * The provider's hosted payment page (the checkout's card path without JavaScript): GET
 * `?ref=…&retorno=/pago&monto=50.00` shows a plain form for the number, the expiry and the CVV
 * (no script: it works without JavaScript); its POST checks them like the tokens endpoint, keeps
 * the card in the mock world as a single-use token and sends the browser back to `retorno` with
 * `?ref=…&token=tok_…&ultimos=1234`. A wrong card comes back to this page with the messages and
 * the fields empty. The card is never logged, echoed, nor put in a URL.
 */
export function hostedPaymentPage(method: string, query: URLSearchParams, form: URLSearchParams, now = new Date()): MockPage {
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return { status: 405, html: "" };
  const source = method === "POST" ? form : query;
  const ref = source.get("ref") ?? "";
  const returnTo = source.get("retorno") ?? "";
  const amount = /^\d{1,7}(\.\d{2})?$/.test(source.get("monto") ?? "") ? source.get("monto")! : "";
  if (!/^[A-Za-z0-9-]{8,80}$/.test(ref) || !isSameOriginPath(returnTo)) {
    return { status: 400, html: paypalPage("Solicitud inválida", `<p>Vuelve a la tienda y empieza el pago de nuevo.</p>${backLink("/", "Volver a Bait")}`) };
  }
  if (method !== "POST") return { status: 200, html: paymentPageHtml(ref, returnTo, amount, {}) };

  const number = (form.get("numero") ?? "").replace(/[\s-]/g, "");
  const expiryText = (form.get("vencimiento") ?? "").replace(/\s/g, "").replace(/^(\d{2})(\d{2})$/, "$1/$2");
  const cvv = (form.get("cvv") ?? "").trim();
  const brand = cardBrandOf(number);
  const expiry = expiryOf(expiryText, now);
  const errors: PaymentPageErrors = {};
  if (!brand || !passesLuhn(number)) errors.number = cardFieldMessages.number;
  if (!expiry) errors.expiry = cardFieldMessages.expiry;
  if (!new RegExp(`^\\d{${brand === "amex" ? 4 : 3}}$`).test(cvv)) errors.cvv = cardFieldMessages.cvv;
  if (!brand || !expiry || Object.keys(errors).length) return { status: 422, html: paymentPageHtml(ref, returnTo, amount, errors) };

  const token = `tok_${randomBytes(12).toString("hex")}`;
  sales.cardTokens.set(token, { card: { numero: number, mes: expiry.month, anio: String(expiry.year), clave: cvv }, holder: "", used: false });
  const back = new URL(returnTo, "http://mock.local");
  back.searchParams.set("ref", ref);
  back.searchParams.set("token", token);
  back.searchParams.set("ultimos", number.slice(-4));
  return { status: 303, location: `${back.pathname}${back.search}` };
}

// ——— Provider type 3: PayPal ———

export const PAYPAL_APPROVAL_PATH = "/__mocks/paypal/aprobar";

function paypalPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · PayPal (demostración)</title><link rel="stylesheet" href="/__mocks/proveedor/estilos.css"></head>
<body class="paypal"><main><p class="marca">Pay<span>Pal</span> (demostración)</p><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

const withPaypalParam = (path: string, orderId: string) => {
  const url = new URL(path, "http://mock.local");
  url.searchParams.set("paypal", orderId);
  return `${url.pathname}${url.search}${url.hash}`;
};

const backLink = (href: string, text: string) => `<p><a class="volver" href="${escape(href)}">${escape(text)}</a></p>`;
const notFound = (): MockPage => ({ status: 404, html: paypalPage("No encontramos este pago", `<p>La orden no existe o ya expiró.</p>${backLink("/", "Volver a Bait")}`) });

/**
 * The PayPal review page (GET) and its answer (POST, a plain form: `orden`, `accion` =
 * "aprobar" | "cancelar"). Approving an approved order again is a repeat (same redirect);
 * a captured order can no longer be approved nor cancelled.
 */
export function paypalApprovalPage(method: string, query: URLSearchParams, form: URLSearchParams): MockPage {
  if (method !== "GET" && method !== "HEAD" && method !== "POST") return { status: 405, html: "" };
  const id = (method === "POST" ? form.get("orden") : null) ?? query.get("orden") ?? "";
  const order = sales.paypalOrders.get(id);
  if (!order) return notFound();
  // Checked when the order was made, and again here: this page never sends a browser elsewhere.
  if (!isSameOriginPath(order.returnUrl) || !isSameOriginPath(order.cancelUrl)) {
    return { status: 400, html: paypalPage("Solicitud inválida", `<p>La dirección de regreso no es de este sitio.</p>${backLink("/", "Volver a Bait")}`) };
  }

  if (method === "POST") {
    const action = form.get("accion");
    if (action === "aprobar" && (order.state === "created" || order.state === "approved")) {
      order.state = "approved";
      return { status: 303, location: withPaypalParam(order.returnUrl, order.id) };
    }
    if (action === "cancelar" && order.state !== "captured") {
      order.state = "cancelled";
      return { status: 303, location: order.cancelUrl };
    }
    if (action !== "aprobar" && action !== "cancelar") return { status: 400, html: paypalPage("Solicitud inválida", `<p>Elige pagar o cancelar.</p>${backLink(PAYPAL_APPROVAL_PATH + "?orden=" + encodeURIComponent(order.id), "Volver al pago")}`) };
    return { status: 409, html: stateNotice(order.state, order.id, order.returnUrl, order.cancelUrl) };
  }

  if (order.state !== "created") return { status: 200, html: stateNotice(order.state, order.id, order.returnUrl, order.cancelUrl) };
  return {
    status: 200,
    html: paypalPage(
      "Revisa tu pago",
      `<dl><dt>Comercio</dt><dd>Bait</dd><dt>Concepto</dt><dd>${escape(order.description)}</dd><dt>Total</dt><dd class="total">${escape(formatMoney(order.amount))} MXN</dd></dl>
<form method="post" action="${PAYPAL_APPROVAL_PATH}" class="acciones"><input type="hidden" name="orden" value="${escape(order.id)}">
<button type="submit" name="accion" value="aprobar" class="pagar">Pagar con PayPal</button>
<button type="submit" name="accion" value="cancelar" class="cancelar">Cancelar y volver a Bait</button></form>`,
    ),
  };
}

function stateNotice(state: string, id: string, returnUrl: string, cancelUrl: string): string {
  if (state === "approved") return paypalPage("Ya aprobaste este pago", `<p>Bait terminará de cobrarlo.</p>${backLink(withPaypalParam(returnUrl, id), "Volver a Bait")}`);
  if (state === "cancelled") return paypalPage("Cancelaste este pago", `<p>No se hizo ningún cargo.</p>${backLink(cancelUrl, "Volver a Bait")}`);
  return paypalPage("Este pago ya se completó", `<p>No hace falta aprobarlo de nuevo.</p>${backLink("/", "Volver a Bait")}`);
}
