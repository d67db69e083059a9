import { world } from "./world";

/**
 * The single-sign-on server's browser pages, for the mock world only (server/app.ts serves them at
 * /__mocks/sso/* when MOCKS=true): the authorize page where a customer types their number and
 * password, and placeholders for the account pages the app links to. A right password sends the
 * browser back to the app's redirect_uri with `code=mock-code-<number>` and the same `state`,
 * which the sso handlers exchange for a session.
 */
export type SsoPage = { status: number; html?: string; location?: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Cuenta Bait (demostración)</title><link rel="stylesheet" href="/__mocks/sso/styles.css"></head>
<body><main><p class="brand">Cuenta Bait · servidor de demostración</p><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export const styles = `body{margin:0;font-family:system-ui,sans-serif;background:#0b2a5b;color:#14213d;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:14px;padding:2rem;width:min(420px,calc(100vw - 2rem))}
.brand{margin:0;color:#4a5672;font-weight:600}h1{color:#0b2a5b;margin:.25rem 0 1rem}
label{display:block;font-weight:700;margin:1rem 0 .3rem}input{width:100%;box-sizing:border-box;min-height:44px;font:inherit;padding:.5rem;border:2px solid #4a5672;border-radius:8px}
button,.button{display:inline-block;margin-top:1.5rem;min-height:44px;padding:.6rem 1.4rem;border:0;border-radius:999px;background:#1471ce;color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.error{color:#b3261e;font-weight:700}`;

function authorizeForm(query: URLSearchParams, error?: string): string {
  const hidden = ["state", "redirect_uri", "client_id"].map((name) => `<input type="hidden" name="${name}" value="${escape(query.get(name) ?? "")}">`).join("");
  return page(
    "Inicia sesión",
    `${error ? `<p class="error" role="alert">${escape(error)}</p>` : ""}
<form method="post" action="/__mocks/sso/authorize">${hidden}
<label for="number">Número Bait o número de servicio</label><input id="number" name="number" inputmode="numeric" autocomplete="username" value="${escape(query.get("login_hint") ?? "")}" required>
<label for="password">Contraseña</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continuar</button></form>`,
  );
}

/** A redirect_uri must be an http(s) URL ending in /sso-callback: the mock never bounces elsewhere. */
function callbackOf(value: string | null): URL | null {
  try {
    const url = new URL(value ?? "");
    return /^https?:$/.test(url.protocol) && url.pathname === "/sso-callback" ? url : null;
  } catch {
    return null;
  }
}

export function ssoServerPage(method: string, path: string, query: URLSearchParams, form: URLSearchParams): SsoPage {
  if (path === "/authorize") {
    if (method !== "POST") return callbackOf(query.get("redirect_uri")) ? { status: 200, html: authorizeForm(query) } : { status: 400, html: page("Solicitud inválida", "<p>Falta la dirección de regreso.</p>") };
    const callback = callbackOf(form.get("redirect_uri"));
    if (!callback) return { status: 400, html: page("Solicitud inválida", "<p>Falta la dirección de regreso.</p>") };
    const number = (form.get("number") ?? "").replace(/\D/g, "");
    const account = world.accounts.get(number);
    if (!account || account.password !== form.get("password")) return { status: 200, html: authorizeForm(form, "El número o la contraseña no son correctos.") };
    callback.searchParams.set("code", `mock-code-${number}`);
    callback.searchParams.set("state", form.get("state") ?? "");
    return { status: 303, location: callback.href };
  }
  const titles: Record<string, string> = {
    "/registro": "Crea tu Cuenta Bait",
    "/cuenta/contrasena": "Cambia tu contraseña",
    "/cuenta/telefono": "Actualiza tu teléfono",
    "/cuenta/eliminar": "Elimina tu cuenta",
  };
  const title = titles[path];
  if (!title) return { status: 404, html: page("Página no encontrada", "") };
  return { status: 200, html: page(title, `<p>En el servidor real de Cuenta Bait aquí continuarías este trámite.</p><a class="button" href="/">Volver a Bait</a>`) };
}
