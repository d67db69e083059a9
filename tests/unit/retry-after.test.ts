import type { AppLoadContext, HeadersFunction } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

// The studio on, with an accounts file of this test's own: set before any import reads the environment.
vi.hoisted(() => {
  process.env.STUDIO_SECRET = "secreto-de-prueba-del-estudio-0123456789";
  process.env.STUDIO_USERS_FILE = `${
    process.env.TMPDIR ?? "/tmp"
  }/bait-retry-after-${process.pid}-${Math.random().toString(36).slice(2)}/studio-users`;
});

/**
 * Every 429 carries Retry-After (app/lib/retry-after.ts): the `headers` export of every route whose
 * action or loader can answer 429 keeps the Retry-After that answer set, on a document answer (a
 * form posted without JavaScript) and a single-fetch one alike, which Remix builds from that export.
 */
const ROUTES_THAT_ANSWER_429 = [
  "login",
  "registro",
  "recuperacion",
  "confirmar-identidad",
  "reposicion-sim",
  "factura",
  "editar-perfil",
  "recurrente",
  "cambio-nir",
  "haz-tu-portabilidad",
  "contacto",
  "recargas",
  "cambiate-a-bait",
  "e-sim",
  "pide-recarga",
  "estudio.entrar",
];

const args = (
  action: Record<string, string>,
  loader: Record<string, string> = {}
) => ({
  actionHeaders: new Headers(action),
  loaderHeaders: new Headers(loader),
  parentHeaders: new Headers(),
  errorHeaders: undefined,
});

describe.each(ROUTES_THAT_ANSWER_429)("the headers of /%s", (route) => {
  const headersOf = async () => {
    const module = (await import(`../../app/routes/${route}`)) as {
      headers?: HeadersFunction;
    };
    expect(module.headers, "the route exports its headers").toBeTypeOf(
      "function"
    );
    return (action: Record<string, string>, loader?: Record<string, string>) =>
      new Headers(module.headers!(args(action, loader)));
  };

  it("keep the Retry-After of a refused attempt, and keep the page private", async () => {
    const headers = await headersOf();
    // What a refused form's answer sets (data(…, { status: 429, headers: { "Retry-After": … } })), after the page's loader.
    const refused = headers(
      { "Retry-After": "42" },
      { "Cache-Control": "private, no-store" }
    );
    expect(refused.get("Retry-After")).toBe("42");
    // Never a public page (entry.server.tsx makes a form's answer private where the route says nothing).
    expect(refused.get("Cache-Control") ?? "private").toMatch(
      /private|no-store/
    );
    expect(
      headers({}, { "Cache-Control": "private, no-store" }).get("Retry-After")
    ).toBeNull();
  });
});

const context = (ip: string) =>
  ({ clientIp: ip, cspNonce: "", visitorId: "test" } as AppLoadContext);

describe("a 429 end to end: the action's answer through its route's headers", () => {
  it("/estudio/entrar: the sixth wrong password for an account answers 429 with Retry-After, and the document keeps it", async () => {
    const { signInAction } = await import(
      "~/features/studio/auth/sign-in.server"
    );
    const route = (await import("../../app/routes/estudio.entrar")) as {
      headers: HeadersFunction;
    };
    const post = () =>
      new Request("http://localhost/estudio/entrar", {
        method: "POST",
        body: new URLSearchParams({
          email: "nadie@bait.mx",
          password: "equivocada",
        }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    let last: unknown;
    for (let attempt = 0; attempt < 6; attempt += 1)
      last = await signInAction(post(), context(`192.0.2.${attempt}`));
    const { init } = last as { init: { status: number; headers: HeadersInit } };
    expect(init.status).toBe(429);
    const seconds = new Headers(init.headers).get("Retry-After");
    expect(seconds).toMatch(/^\d+$/);
    expect(
      new Headers(
        route.headers(args(Object.fromEntries(new Headers(init.headers))))
      ).get("Retry-After")
    ).toBe(seconds);
  });

  it("the postal-code and IMEI APIs, and the forms that look them up, answer their 429 with Retry-After", async () => {
    const { rateLimiter } = await import("~/lib/rate-limit.server");
    const { postalLookupResponse } = await import(
      "~/features/address/postal.server"
    );
    const { imeiCheckResponse } = await import("~/features/esim/esim.server");
    const ip = "192.0.2.200";
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await rateLimiter.reserve({ action: "postal", ip });
      await rateLimiter.reserve({ action: "imei", ip });
    }
    const postal = await postalLookupResponse(
      new Request("http://localhost/api/codigo-postal?cp=01000"),
      context(ip)
    );
    expect(postal.status).toBe(429);
    expect(postal.headers.get("Retry-After")).toMatch(/^\d+$/);
    const imei = await imeiCheckResponse(
      new Request("http://localhost/api/imei?imei=356938035643809"),
      context(ip)
    );
    expect(imei.status).toBe(429);
    expect(imei.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
