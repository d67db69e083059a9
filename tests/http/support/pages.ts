import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The site's pages, for the crawl of its links (tests/http/site-crawl.test.ts) and the browser's
 * look at each of them at 375 px (tests/e2e/site-crawl.spec.ts): the route modules of app/routes
 * and the config pages of pages-config/pages, less the technical ones and those that are, by
 * design, reached by a form or a redirect and never by a link (NOT_BY_LINK, each with its reason).
 */

const root = process.cwd();
export const slug = (JSON.parse(readFileSync(path.join(root, "pages-config/site.json"), "utf8")) as { brand?: { slug?: string } }).brand?.slug ?? "bait";

/** Not pages: the APIs, the catalogues' texts (`locales.$file`, fetched by the browser after a link), the SSO return, logging out and the catch-all. */
const isTechnical = (name: string) => name.startsWith("api.") || ["sso-callback", "logout", "$", "locales.$file"].includes(name);

/**
 * The studio (docs/studio.md): marketing's staff tool, reached by typing its address, never linked
 * from the customer site; a 404 unless STUDIO_SECRET is set, and the suite's server has none
 * (tests/e2e/studio/ runs it on servers of its own).
 */
const STUDIO = "the studio, a staff tool opened by typing its address (docs/studio.md) and never linked from the site; a 404 here, where STUDIO_SECRET is unset";

/** Pages reached by a form or a redirect, never by a link, and why. */
export const NOT_BY_LINK: Record<string, string> = {
  "/pago": "the checkout: the recharge, SIM and eSIM forms post to it",
  "/pago/completado": "the checkout's answer, after the payment",
  "/contacto": "the lead form's action",
  "/consentimiento": "the cookie banner's action",
  "/confirmar-identidad": "the step-up: a change to the line redirects there for the password",
  "/completar-registro": "the registration's last step, after the code",
  "/vista-previa": "marketing's preview of a draft config: opened by a signed link given by hand (npm run config:preview-link), and a 404 when previews are off",
  "/sso": "the SSO entry of the login page, shown only when the sso flag is on for the visitor (off for anonymous visitors in pages-config/flags.json)",
  "/r/$id": "a 'Pide tu recarga' link's page: opened by the link its maker sends (docs/request-link.md), whose token no page lists to a visitor",
  "/estudio": STUDIO,
  "/estudio/documento": STUDIO,
  "/estudio/versiones": STUDIO,
  "/estudio/versiones/$numero": STUDIO,
  "/estudio/entrar": `${STUDIO} (its sign-in)`,
  "/estudio/salir": `${STUDIO} (its sign-out, a form's action: POST only)`,
};

/** Only for anonymous visitors (a customer goes to /home), and only for customers. */
export const GUEST_ONLY = new Set(["/login", "/registro", "/recuperacion"]);
export const CUSTOMER_ONLY = new Set(["/home", "/recurrente", "/editar-perfil", "/factura", "/reposicion-sim", "/recargar-de-nuevo", `/${slug}-pospago`]);

/** `_index` → /, `estudio.versiones._index` → /estudio/versiones, `pago_.completado` → /pago/completado, `home` → /home. */
function routePath(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".").filter((segment) => segment !== "_index");
  return `/${segments.map((segment) => segment.replace(/_$/, "")).join("/")}`;
}

export const routePages = readdirSync(path.join(root, "app/routes"))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file) && !isTechnical(file.replace(/\.tsx?$/, "")))
  .map(routePath);
export const configPages = readdirSync(path.join(root, "pages-config/pages"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => (JSON.parse(readFileSync(path.join(root, "pages-config/pages", file), "utf8")) as { path: string }).path.replaceAll("{product}", slug));

/** Every page a visitor or a customer may use, each reached by links. */
export const sitePages = [...new Set([...routePages, ...configPages])].filter((page) => !(page in NOT_BY_LINK)).sort();
/** The pages an anonymous visitor may use, and those a signed-in customer may use. */
export const guestPages = sitePages.filter((pathname) => !CUSTOMER_ONLY.has(pathname));
export const customerPages = sitePages.filter((pathname) => !GUEST_ONLY.has(pathname));

type Doc = import("cheerio").CheerioAPI;
type Nodes = ReturnType<Doc>;

/** The text a screen reader reads for an element: its text, spaces collapsed (icons are aria-hidden and textless). */
export const textOf = ($: Doc, element: Parameters<Doc>[0]) => $(element).text().replace(/\s+/g, " ").trim();

/** The links under `scope` whose accessible name (their text) is `name`. */
export const linksNamed = ($: Doc, scope: Nodes, name: string) => scope.find("a").filter((_, a) => textOf($, a) === name);

/** The open dialogs named `name` (by aria-labelledby or aria-label). */
export function dialogNamed($: Doc, name: string): Nodes {
  return $("dialog[open]").filter((_, dialog) => {
    const label = $(dialog).attr("aria-label");
    if (label !== undefined) return label.trim() === name;
    const ids = ($(dialog).attr("aria-labelledby") ?? "").split(/\s+/).filter(Boolean);
    return ids.map((id) => textOf($, $(`[id="${id}"]`))).join(" ") === name;
  });
}

/**
 * What a browser without JavaScript posts for `form` as the page rendered it: its hidden fields and
 * the values the page filled in (a checkbox only when checked), then `typed` over them.
 */
export function formData($: Doc, form: Nodes, typed: Record<string, string> = {}): URLSearchParams {
  const data = new URLSearchParams();
  const id = form.attr("id");
  const fields = id ? $(`input[form="${id}"], select[form="${id}"], textarea[form="${id}"]`).add(form.find("input, select, textarea")) : form.find("input, select, textarea");
  const done = new Set<string>();
  fields.each((_, element) => {
    const field = $(element);
    const name = field.attr("name");
    if (!name || done.has(name) || name in typed) return;
    done.add(name);
    const type = field.attr("type");
    if ((type === "checkbox" || type === "radio") && field.attr("checked") === undefined) return;
    if (element.tagName === "select") data.append(name, field.find("option[selected]").attr("value") ?? field.find("option").first().attr("value") ?? "");
    else if (element.tagName === "textarea") data.append(name, field.text());
    else data.append(name, field.attr("value") ?? (type === "checkbox" ? "on" : ""));
  });
  for (const [name, value] of Object.entries(typed)) data.append(name, value);
  return data;
}
