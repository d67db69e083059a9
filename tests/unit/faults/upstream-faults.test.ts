import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mockServer } from "../../../mocks/node";
import { useMockUpstream } from "../../../mocks/test-support";
import type { CheckoutSale } from "#schemas/sale";
import { postalLookupResponse } from "~/features/address/postal.server";
import { coverageLookup } from "~/features/coverage/coverage.server";
import { compatibilityLookup } from "~/features/device/imei-check.server";
import type { CheckoutAnswer, CheckoutData } from "~/features/payment/checkout-data";
import { checkoutAction, loadCheckout } from "~/features/payment/checkout.server";
import { lineCheckResponse } from "~/features/recharge/recharge.server";
import { buildRechargeSale } from "~/features/recharge/sale";
import { env, type UpstreamName } from "~/lib/env.server";
import { commitSession, getSession } from "~/lib/session.server";

/**
 * Upstream faults, proved (issue "Reliability", item 2). For each upstream call a page or an
 * action makes, four faults are injected at the upstream's host: latency beyond the timeout,
 * HTTP 500, a malformed body and a refused connection. The page or action must answer (never
 * throw, so never a 5xx page) within the timeout (and the GET's one retry), with the catalogue
 * message, and an action must hand back what was typed except the card, the CVV and the codes.
 *
 * The calls covered here, by page or action:
 * - /pago loader: payments.plugin (the checkout's plugin set-up)
 * - /pago 'Buscar colonias' and 'Continuar a la página segura de pago' (no JavaScript): addresses.colonias
 * - /api/codigo-postal: addresses.colonias
 * - /cobertura loader: asistencia.coverage
 * - /api/linea (the recharge modal's line check): core.lineProfile
 * - /compatibilidad loader: core.validateImei (a POST: never retried)
 */

const TIMEOUT_MS = 100;
useMockUpstream({ timeoutMs: TIMEOUT_MS });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The "latency" fault's answers are held until the test that injected it has its outcome: a page or
 * an action that waited for one would never answer, and its test would fail on vitest's timeout. So
 * the timeout (and the GET's one retry) is what answers, whatever the machine's speed; how long that
 * takes is no assertion here.
 */
let releaseHeld = () => {};
let held = Promise.resolve();
function holdAnswers() {
  held = new Promise<void>((resolve) => (releaseHeld = resolve));
}

type Fault = "latency" | "http500" | "malformed" | "refused";
const FAULTS: Fault[] = ["latency", "http500", "malformed", "refused"];

/** Every call to `upstream` answers with `fault`. */
function inject(upstream: UpstreamName, fault: Fault) {
  const base = env.upstreams[upstream];
  mockServer.use(
    http.all(`${base}/*`, async () => {
      if (fault === "latency") {
        await held;
        return HttpResponse.json({ success: true });
      }
      if (fault === "http500") return HttpResponse.json({ success: false, message: "Error interno" }, { status: 500 });
      if (fault === "malformed") return new HttpResponse("{ esto no es JSON", { status: 200, headers: { "Content-Type": "application/json" } });
      return HttpResponse.error();
    }),
  );
}

let ip = 0;
const context = () => ({ clientIp: `198.51.100.${++ip % 250}`, cspNonce: "", visitorId: "faults" }) as AppLoadContext;

const CARD = "4111111111111111";
const CVV = "123";

async function visitorWithSale() {
  const sale: CheckoutSale = buildRechargeSale({
    offer: { offerId: "BAIT100", type: 1, rechargeName: "Bait 100", price: 100, duration: 15, includeMessage: "Incluye minutos y SMS ilimitados" },
    form: { phone: "5512345678", serviceNumber: undefined, email: "fallas@example.com", whatsapp: false },
    uuid: randomUUID(),
    loggedIn: false,
    returnTo: "/recargas?section=traditionals",
  });
  const session = await getSession(new Request("http://localhost/"));
  session.set("sale", sale);
  return { cookie: (await commitSession(session)).split(";")[0]!, sale };
}

async function checkoutPost(fields: Record<string, string>) {
  const visitor = await visitorWithSale();
  const request = new Request("http://localhost/pago", {
    method: "POST",
    body: new URLSearchParams({ saleId: visitor.sale.uuid, paymentKey: randomUUID(), ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: visitor.cookie },
  });
  return { visitor, request };
}

const typed = { firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode: "06600", colonia: "660001", cardNumber: CARD, expiry: "12/30", cvv: CVV };

type Outcome = { status: number; text: string; initialValue?: Record<string, unknown> | null };

type Entry = {
  call: string;
  page: string;
  upstream: UpstreamName;
  /** The exact Spanish text the visitor reads, per fault. */
  message: (fault: Fault) => string;
  run: () => Promise<Outcome>;
  /** For actions: the values that must come back, and the secrets that must not. */
  keeps?: Record<string, string>;
  secrets?: string[];
};

const POSTAL_FAILED = "Hubo un error al consultar tu código postal";

/** The checkout's no-JavaScript posts that look up the postal code's colonias ('Buscar colonias', 'Siguiente'). */
function postalLookupOnCheckout(intent: "postal-code" | "card-page", page: string): Entry {
  return {
    call: "addresses.colonias",
    page,
    upstream: "addresses",
    message: () => POSTAL_FAILED,
    run: async () => {
      const { request } = await checkoutPost({ intent, ...typed });
      const out = (await checkoutAction(request, context())) as { init?: ResponseInit; data: CheckoutAnswer };
      return { status: out.init?.status ?? 200, text: out.data.result?.error?.postalCode?.[0] ?? "", initialValue: out.data.result?.initialValue };
    },
    keeps: { firstName: "Ana", lastName: "Pérez López", address: "Av. Juárez 10", postalCode: "06600" },
    secrets: [CARD, CVV, "12/30"],
  };
}

const entries: Entry[] = [
  {
    call: "payments.plugin",
    page: "/pago (loader)",
    upstream: "payments",
    message: () => "Hubo un error al obtener la información del cliente. Por favor, contacta a soporte.",
    run: async () => {
      const visitor = await visitorWithSale();
      const out = await loadCheckout(new Request("http://localhost/pago", { headers: { Cookie: visitor.cookie } }), context());
      const data = out.data as CheckoutData;
      return { status: out.init?.status ?? 200, text: data.ok ? "" : data.message };
    },
  },
  postalLookupOnCheckout("postal-code", "/pago 'Buscar colonias' (action, no JavaScript)"),
  postalLookupOnCheckout("card-page", "/pago 'Continuar a la página segura de pago' (action, no JavaScript)"),
  {
    call: "addresses.colonias",
    page: "/api/codigo-postal",
    upstream: "addresses",
    message: () => POSTAL_FAILED,
    run: async () => {
      const response = await postalLookupResponse(new Request("http://localhost/api/codigo-postal?cp=06600"), context());
      const body = (await response.json()) as { message?: string };
      return { status: response.status, text: body.message ?? "" };
    },
  },
  {
    call: "asistencia.coverage",
    page: "/cobertura (loader)",
    upstream: "asistencia",
    message: () => "No pudimos consultar la cobertura. Por favor inténtalo de nuevo más tarde.",
    run: async () => {
      const { outcome } = await coverageLookup(new URL("http://localhost/cobertura?cp=06600"));
      return { status: 200, text: outcome && outcome.kind === "error" ? outcome.message : JSON.stringify(outcome) };
    },
  },
  {
    call: "core.validateImei",
    page: "/compatibilidad (loader)",
    upstream: "core",
    message: (fault) =>
      fault === "http500" ? "Estimado usuario, ha ocurrido un error interno del servidor. Por favor, inténtalo de nuevo más tarde." : "Error al obtener la respuesta del servicio",
    run: async () => {
      const out = await compatibilityLookup(new URL("http://localhost/compatibilidad?imei=490154203237518"), context());
      return { status: 200, text: out.check?.message ?? out.refused ?? "", initialValue: out.form?.initialValue };
    },
    keeps: { imei: "490154203237518" },
  },
  {
    call: "core.lineProfile",
    page: "/api/linea",
    upstream: "core",
    message: (fault) =>
      ({
        latency: "El servicio tardó demasiado en responder. Por favor inténtalo de nuevo.",
        http500: "Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.",
        malformed: "Error al obtener la respuesta del servicio",
        refused: "No pudimos validar tu número porque no hay conexión. Revisa tu internet e inténtalo de nuevo.",
      })[fault],
    run: async () => {
      const out = await lineCheckResponse(new Request("http://localhost/api/linea?numero=5512345678&oferta=BAIT100"), context());
      const body = (await out.json()) as { message?: string };
      return { status: out.status, text: body.message ?? "" };
    },
  },
];

const cases = entries.flatMap((entry) => FAULTS.map((fault) => ({ ...entry, fault, name: `${entry.page} — ${entry.call} — ${fault}` })));

describe(`upstream faults: ${cases.length} injected`, () => {
  // Each path once before the clock runs: its first call loads and compiles code (seconds on a
  // busy machine), which is no part of how long a fault keeps the visitor waiting.
  beforeAll(async () => {
    for (const entry of entries) {
      inject(entry.upstream, "http500");
      await entry.run();
      mockServer.resetHandlers();
    }
  });

  it.each(cases)("$name", async ({ upstream, fault, run, message, keeps, secrets }) => {
    holdAnswers();
    inject(upstream, fault);
    const outcome = await run().finally(releaseHeld);
    expect(outcome.status).toBeLessThan(500);
    expect(outcome.text).toBe(message(fault));
    if (keeps) expect(outcome.initialValue).toMatchObject(keeps);
    const serialized = JSON.stringify(outcome.initialValue ?? {});
    // The card's fields are never handed back (a short value such as a CVV could be part of an id by chance: the fields are what count).
    for (const field of ["cardNumber", "cvv", "expiry"]) expect(outcome.initialValue ?? {}).not.toHaveProperty(field);
    for (const secret of secrets ?? []) if (secret.length >= 8) expect(serialized).not.toContain(secret);
  });
});
