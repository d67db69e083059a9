import { afterEach, describe, expect, it } from "vitest";
import { refusals } from "~/lib/config/refusals.server";
import type { VersionStore } from "~/lib/config/versions.server";
import { quietLog } from "~/lib/log.test-helpers";
import { configStatusResponse, statusAccess } from "./status.server";

const TOKEN = "estado-0123456789abcdef";
const request = (init: { query?: string; authorization?: string } = {}) =>
  new Request(`http://localhost/estado-config${init.query ?? ""}`, { headers: init.authorization ? { Authorization: init.authorization } : {} });

describe("the status page's access", () => {
  it("does not exist without a configured token, whatever is sent", () => {
    expect(statusAccess(request(), undefined)).toBe("notFound");
    expect(statusAccess(request({ authorization: `Bearer ${TOKEN}` }), undefined)).toBe("notFound");
    expect(statusAccess(request({ query: "?token=" }), "")).toBe("notFound");
  });

  it("opens with the token as a bearer or in ?token=", () => {
    expect(statusAccess(request({ authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe("open");
    expect(statusAccess(request({ authorization: `bearer ${TOKEN}` }), TOKEN)).toBe("open");
    expect(statusAccess(request({ query: `?token=${TOKEN}` }), TOKEN)).toBe("open");
  });

  it("refuses no token, a wrong one, a prefix of it, one longer, or another scheme", () => {
    expect(statusAccess(request(), TOKEN)).toBe("unauthorized");
    expect(statusAccess(request({ authorization: "Bearer otro-token-cualquiera-123" }), TOKEN)).toBe("unauthorized");
    expect(statusAccess(request({ query: `?token=${TOKEN.slice(0, -1)}` }), TOKEN)).toBe("unauthorized");
    expect(statusAccess(request({ query: `?token=${TOKEN}x` }), TOKEN)).toBe("unauthorized");
    expect(statusAccess(request({ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` }), TOKEN)).toBe("unauthorized");
  });

  it("is no page without a token configured (the site's 404 answers), and 401 in Spanish with a wrong one, never cached", async () => {
    expect(configStatusResponse(request({ query: `?token=${TOKEN}` }), "n", undefined)).toBeNull();

    const refused = configStatusResponse(request({ query: "?token=malo-malo-malo-malo" }), "n", TOKEN)!;
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(refused.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await refused.text()).toContain("Necesitas el token de estado");
  });
});

describe("the status page", () => {
  afterEach(() => refusals.reset());

  it("lists every config file and the refusals with file, path and reason, escaped, not indexed, not cached", async () => {
    refusals.refuse("https://cdn.example/resources/banners/inicio/banners.json", "remoto", [{ path: "data[1].action", message: "la acción debe ser <navigate>" }]);
    const response = configStatusResponse(request({ authorization: `Bearer ${TOKEN}` }), "abc", TOKEN)!;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    const html = await response.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<style nonce="abc">');
    expect(html).toContain("<code>pages-config/site.json</code>");
    expect(html).toContain("<code>pages-config/banners/inicio.json</code>");
    expect(html).toContain("<code>https://cdn.example/resources/banners/inicio/banners.json</code> (remoto)");
    expect(html).toContain("<code>data[1].action</code>");
    expect(html).toContain("la acción debe ser &lt;navigate&gt;");
  });

  it("says plainly when nothing is refused", async () => {
    const html = await configStatusResponse(request({ query: `?token=${TOKEN}` }), "", TOKEN)!.text();
    expect(html).toContain("No hay cambios rechazados");
  });
});

describe("the status page with the studio on", () => {
  const summary = { number: 3, author: "publica@bait.mx", publishedAt: "2026-11-28T18:30:00.000Z", note: "Campaña <invierno>", restoredFrom: 1, changed: ["banners/inicio.json"] };
  const draft = { file: "banners/inicio.json", value: {}, revision: 2, base: 3, author: "edita@bait.mx", savedAt: "2026-11-28T19:00:00.000Z" };
  const versions = (history: unknown[], drafts: unknown[]) => ({ history: async () => history, drafts: async () => drafts }) as unknown as VersionStore;

  it("shows the version published (number, author, date, note), the one this instance serves, and the drafts waiting", async () => {
    const html = await configStatusResponse(request({ query: `?token=${TOKEN}` }), "", TOKEN, versions([summary], [draft]))!.text();
    expect(html).toContain("Versión publicada desde el estudio");
    expect(html).toContain("<td>3</td><td>publica@bait.mx</td>");
    expect(html).toContain("28 nov 2026");
    expect(html).toContain("Campaña &lt;invierno&gt; Restaura la versión 1.");
    expect(html).toContain("Esta instancia sirve pages-config/ tal como se desplegó.");
    expect(html).toContain("Borradores en espera");
    expect(html).toContain("<code>pages-config/banners/inicio.json</code></th><td>edita@bait.mx</td>");
    expect(html).toContain("<td>2</td></tr>");
  });

  it("says when nothing is published and no draft waits, and when the shared state does not answer", async () => {
    const html = await configStatusResponse(request({ query: `?token=${TOKEN}` }), "", TOKEN, versions([], []))!.text();
    expect(html).toContain("Todavía no se ha publicado ninguna versión desde el estudio");
    expect(html).toContain("No hay borradores en espera de publicarse.");
    const quiet = quietLog();
    const failing = { history: async () => Promise.reject(new Error("redis: no responde")), drafts: async () => [] } as unknown as VersionStore;
    const down = await configStatusResponse(request({ query: `?token=${TOKEN}` }), "", TOKEN, failing)!.text();
    expect(down).toContain("No se pudo leer el estado compartido del estudio");
    expect(down).toContain("Cambios rechazados");
    quiet.mockRestore();
  });
});
