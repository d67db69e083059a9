/**
 * The postpaid site's page in the mock world (docs/profile.md › Postpaid portal): what the
 * /{product}-pospago frame shows with mocks on. It is served on another origin than the site
 * (127.0.0.1 instead of localhost, server/index.ts), like the real portal, and talks to the site the
 * way the real one does: `resize` with its height (every second), `loader` while it "works", and
 * `modal` to show a notice in the site's alert dialog.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The height it reports on load: the frame becomes this + 100 px tall. */
export const POSTPAID_MOCK_HEIGHT = 1200;

const titles: Record<string, string> = {
  "/": "Planes Bait",
  "/pagar-factura": "Paga tu Plan Bait",
};

export function postpaidPage(nonce: string, path: string, query: URLSearchParams): { status: number; html: string } {
  const title = titles[path];
  if (!title) return { status: 404, html: "<!doctype html><title>No encontrado</title><p>Página no encontrada</p>" };
  const service = query.get("typeService") === "portabilidad" ? "<p>Trámite: portabilidad con tu mismo número.</p>" : "";
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escape(title)} (demostración)</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a2e}main{min-height:${POSTPAID_MOCK_HEIGHT - 100}px}button{font:inherit;padding:.6rem 1rem;margin:.25rem;border-radius:8px;border:1px solid #1471ce;background:#fff;color:#0d4f94;cursor:pointer}</style></head>
<body><main><h1>${escape(title)}</h1>${service}<p>Portal de demostración de Planes Bait.</p>
<button type="button" id="pagar">Pagar factura</button><button type="button" id="aviso">Mostrar aviso</button></main>
<script nonce="${nonce}">
const post = (message) => parent.postMessage(message, "*");
// Like the real portal, it keeps reporting its height: the site may start listening after the frame loaded.
const report = () => post({ type: "resize", size: ${POSTPAID_MOCK_HEIGHT} });
report();
setInterval(report, 1000);
document.getElementById("pagar").addEventListener("click", () => {
  post({ type: "loader", show: true });
  setTimeout(() => { post({ type: "loader", show: false }); post({ type: "modal", alertType: "success", title: "Pago recibido", message: "Tu pago de Plan Bait quedó registrado." }); }, 1500);
});
document.getElementById("aviso").addEventListener("click", () => post({ type: "modal", alertType: "warning", message: "Tu factura vence en 3 días." }));
</script></body></html>`;
  return { status: 200, html };
}
