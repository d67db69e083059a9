import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { env } from "~/lib/env.server";
import { useMockUpstream } from "../../mocks/test-support";
import { catalogue } from "./support/catalogue";

/**
 * Bad input, proved: every form action and API route of the site gets thousands of generated
 * bodies (missing and repeated fields, huge values, wrong types, control characters, unicode
 * digits, injected HTML and URLs, malformed encodings, empty bodies), as the express guards let
 * them through (a form type within the size limit; other types and sizes are the guards' own,
 * tests/e2e/request-guards.spec.ts). Each answer must be:
 *   - never a 5xx, and nothing thrown but a Response;
 *   - a redirect on this site, or an answer carrying a Spanish message of the catalogues when it
 *     refuses (4xx), with no error text of the machine (a stack, "TypeError", "[object Object]");
 *   - without a secret sent back (password, card, CVV, code, NIP) and without unescaped HTML;
 *   - and no upstream call may carry what validation should have stopped: markup, a script URL,
 *     control characters, non-ASCII digits, or a phone that is not 10 digits.
 * fast-check prints the seed and the shrunk body of a failure; FUZZ_SEED replays one.
 */

useMockUpstream({ timeoutMs: 300 });

const RUNS_PER_TARGET = Number(process.env.FUZZ_RUNS ?? 300);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// ---- What is generated -----------------------------------------------------------------------

const FIELD_NAMES = [
  "number", "numero", "password", "passwordConfirmation", "currentPassword", "confirmation", "confirmarNumero", "serviceNumber", "telefono", "phone",
  "contactNumber", "whatsapp", "email", "correo", "emailconfirmar", "name", "nombre", "firstName", "lastName", "contactName", "contactLastName",
  "code", "pin", "nip", "nir", "iccid", "imei", "offerId", "intent", "tipo", "destino", "privacy", "privacidad", "promotions", "terms", "isBait",
  "postalCode", "cp", "colony", "colonia", "address", "direccion", "estado", "exteriorNumber", "interiorNumber", "cardNumber", "cvv", "expiry",
  "holder", "card", "sealed", "token", "paymentKey", "saleId", "paymentMethod", "paymentForm", "redirectTo", "respuesta", "campo", "valor",
  "id", "q", "reason", "nextDate", "when", "businessName", "cfdiUse", "taxRegime", "rfc", "message", "captchaToken", "user", "__proto__", "constructor",
];
const INTENTS = ["start", "verify", "resend", "details", "pay", "card", "paypal", "paypal-confirm", "hosted-pay", "token", "modify", "password", "postal-code", "whatsapp", "continue", "cancelar", "modificar", "tarjeta", "code", "data", "json", "on"];

/** Values that must be stopped (markers the upstream check looks for) and values that pass some checks, to go deeper. */
const HOSTILE_VALUES = [
  "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "https://evil.example/robar", "//evil.example", "\\\\evil.example",
  "' OR 1=1 --", "{{7*7}}", "${7*7}", "../../etc/passwd", "\u0000", "55\u000012345678", "\u202e5512345678", "５５１２３４５６７８", "٥٥١٢٣٤٥٦٧٨", "5512345678\n",
  "551234567", "55123456789", "-1", "1e9", "NaN", "Infinity", "true", "null", "[]", "{}", "", " ", "\t", "🙂🙂🙂",
];
const PLAUSIBLE_VALUES = ["5512345678", "5598765432", "5523456789", "Bait2024!", "ana@bait.mx", "Ana", "López", "BAIT50", "HBB349", "SIM150", "01000", "03100", "on", "1", "1234", "8952140061234567890", "356938035643809", "4111111111111111", "123", "12/30"];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_VALUES) },
  { weight: 2, arbitrary: fc.constantFrom(...INTENTS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{0,20}$/) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.constantFrom(3_000, 20_000).chain((size) => fc.constantFrom("9", "a", "<", "é").map((char) => char.repeat(size))) },
);
const fieldName = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
/** Fields in order, names repeated or missing at will. */
const fields = fc.array(fc.tuple(fieldName, value), { maxLength: 14 });

type Body = { kind: "urlencoded"; entries: Array<[string, string]> } | { kind: "multipart"; entries: Array<[string, string]>; asFile: boolean } | { kind: "raw"; contentType: string; text: string };

const rawBody = fc.constantFrom<Body>(
  { kind: "raw", contentType: "application/x-www-form-urlencoded", text: "" },
  { kind: "raw", contentType: "application/x-www-form-urlencoded", text: "%zz=%&number=%E0%A4%A&&&===" },
  { kind: "raw", contentType: "application/x-www-form-urlencoded", text: "number[]=1&number[]=2&password[a]=b" },
  { kind: "raw", contentType: "application/x-www-form-urlencoded", text: '{"number":"5512345678"}' },
  { kind: "raw", contentType: "multipart/form-data; boundary=xyz", text: "esto no es multipart" },
  { kind: "raw", contentType: "multipart/form-data", text: "--x\r\nContent-Disposition: form-data; name=\"number\"\r\n\r\n5512345678\r\n--x--" },
  { kind: "raw", contentType: "multipart/form-data; boundary=x", text: "--x\r\nContent-Disposition: form-data; name=\"number\"\r\n\r\n5512345678" },
  { kind: "raw", contentType: "multipart/form-data; boundary=x", text: "" },
);
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: fields.map((entries) => ({ kind: "urlencoded" as const, entries })) },
  { weight: 3, arbitrary: fc.tuple(fields, fc.boolean()).map(([entries, asFile]) => ({ kind: "multipart" as const, entries, asFile })) },
  { weight: 1, arbitrary: rawBody },
);

function encode(generated: Body): { body: BodyInit; contentType?: string } {
  if (generated.kind === "raw") return { body: generated.text, contentType: generated.contentType };
  if (generated.kind === "urlencoded") return { body: new URLSearchParams(generated.entries).toString(), contentType: "application/x-www-form-urlencoded" };
  const form = new FormData();
  // A file where a text is expected: what a hand-made multipart can send.
  generated.entries.forEach(([name, text], index) => (generated.asFile && index % 2 === 0 ? form.append(name, new Blob([text]), "archivo.txt") : form.append(name, text)));
  return { body: form };
}

/**
 * A valid form of a target with one thing spoiled: a value swapped for a hostile one, a field
 * dropped or sent twice, an unknown one added. Random bodies seldom pass the first check; these
 * reach the upstream calls, where nothing spoiled may arrive.
 */
type Seed = { url: string; fields: Record<string, string> };
const spoiled = (seed: Seed) =>
  fc
    .tuple(fc.nat(), fc.constantFrom("swap", "swap", "drop", "twice", "extra"), fc.constantFrom(...HOSTILE_VALUES), fieldName, fc.boolean())
    .map(([pick, how, hostile, extraName, multipart]): [string, Body] => {
      const entries = Object.entries(seed.fields);
      const index = pick % entries.length;
      const [name] = entries[index]!;
      if (how === "swap") entries[index] = [name, hostile];
      if (how === "drop") entries.splice(index, 1);
      if (how === "twice") entries.push([name, hostile]);
      if (how === "extra") entries.push([extraName, hostile]);
      return [seed.url, multipart ? { kind: "multipart", entries, asFile: false } : { kind: "urlencoded", entries }];
    });

// ---- The targets: every action, with the query strings that open its steps ---------------------

type Action = (args: ActionFunctionArgs) => unknown;
type Target = { route: string; load: () => Promise<{ action: Action }>; urls: string[]; customer?: boolean; seeds?: Seed[] };

const TARGETS: Target[] = [
  { route: "login", load: () => import("~/routes/login"), urls: ["/login?type=mbb", "/login?type=hbb", "/login?type=mifi", "/login?type=%3Cx%3E", "/login"], seeds: [{ url: "/login?type=mbb", fields: { number: "5512345678", password: "Bait2024!" } }, { url: "/login?type=hbb", fields: { number: "5598765432", password: "Bait2024!" } }] },
  { route: "registro", load: () => import("~/routes/registro"), urls: ["/registro?type=mbb", "/registro?type=hbb&verification=1", "/registro?type=mifi", "/registro"] },
  { route: "recuperacion", load: () => import("~/routes/recuperacion"), urls: ["/recuperacion?type=mbb", "/recuperacion?type=hbb&verification=1", "/recuperacion?verification=2", "/recuperacion?verification=x"], seeds: [{ url: "/recuperacion?type=mbb", fields: { number: "5512345678" } }] },
  { route: "completar-registro", load: () => import("~/routes/completar-registro"), urls: ["/completar-registro"] },
  { route: "recargas", load: () => import("~/routes/recargas"), urls: ["/recargas?recarga=BAIT50", "/recargas?recarga=HBB349", "/recargas?recarga=NOEXISTE", "/recargas?oferta=ESIM150", "/recargas"], seeds: [{ url: "/recargas?recarga=BAIT50", fields: { offerId: "BAIT50", phone: "5512345678", email: "ana@bait.mx" } }] },
  { route: "e-sim", load: () => import("~/routes/e-sim"), urls: ["/e-sim?oferta=ESIM150", "/e-sim?oferta=x", "/e-sim"] },
  { route: "cambiate-a-bait", load: () => import("~/routes/cambiate-a-bait"), urls: ["/cambiate-a-bait?chip=SIM150", "/cambiate-a-bait?chip=SIM200", "/cambiate-a-bait?oferta=ESIM150", "/cambiate-a-bait"] },
  { route: "pago", load: () => import("~/routes/pago"), urls: ["/pago", "/pago?metodo=tarjeta", "/pago?paypal=1"] },
  { route: "contacto", load: () => import("~/routes/contacto"), urls: ["/contacto?contacto=telefono", "/contacto?contacto=whatsapp", "/contacto"], seeds: [{ url: "/contacto?contacto=telefono", fields: { tipo: "telefono", nombre: "Rosa Martínez", telefono: "5561234567", confirmarNumero: "5561234567", privacidad: "on" } }] },
  { route: "consentimiento", load: () => import("~/routes/consentimiento"), urls: ["/consentimiento"] },
  { route: "cambio-nir", load: () => import("~/routes/cambio-nir"), urls: ["/cambio-nir"], seeds: [{ url: "/cambio-nir", fields: { numero: "5512345678", nir: "33" } }] },
  { route: "haz-tu-portabilidad", load: () => import("~/routes/haz-tu-portabilidad"), urls: ["/haz-tu-portabilidad"], seeds: [{ url: "/haz-tu-portabilidad", fields: { numero: "5523456789", nip: "1234", iccid: "8952140061234", nombre: "Rosa Martínez", correo: "rosa@correo.mx", telefono: "5561234567" } }] },
  { route: "logout", load: () => import("~/routes/logout"), urls: ["/logout"] },
  { route: "api/esim/paso", load: () => import("~/routes/api.esim.paso"), urls: ["/api/esim/paso"] },
  { route: "editar-perfil", load: () => import("~/routes/editar-perfil"), urls: ["/editar-perfil", "/editar-perfil?accion=correo"], customer: true },
  { route: "recurrente", load: () => import("~/routes/recurrente"), urls: ["/recurrente", "/recurrente?accion=modificar&id=1", "/recurrente?accion=cancelar&id=x"], customer: true },
  { route: "reposicion-sim", load: () => import("~/routes/reposicion-sim"), urls: ["/reposicion-sim"], customer: true },
  { route: "factura", load: () => import("~/routes/factura"), urls: ["/factura"], customer: true },
  { route: "confirmar-identidad", load: () => import("~/routes/confirmar-identidad"), urls: ["/confirmar-identidad?volver=%2Feditar-perfil", "/confirmar-identidad?volver=https%3A%2F%2Fejemplo.com", "/confirmar-identidad"], customer: true },
];

// ---- What is watched --------------------------------------------------------------------------

type UpstreamCall = { method: string; url: string; body: Promise<string> };
let upstreamCalls: UpstreamCall[] = [];
beforeAll(() => {
  mockServer.events.on("request:start", ({ request }) => {
    upstreamCalls.push({ method: request.method, url: request.url, body: request.clone().text().catch(() => "") });
  });
});

/** What validation should have stopped before any upstream call. */
function badUpstreamValue(key: string, text: string): string | null {
  // A password goes to the upstream as typed: any character may be part of it.
  if (/^(pass|psd|contrasena)$|password/i.test(key)) return null;
  if (/[<>]/.test(text)) return "markup";
  if (/javascript:/i.test(text)) return "a script URL";
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202e]/.test(text)) return "a control character";
  if (/\p{Nd}/u.test(text.replace(/[0-9]/g, ""))) return "non-ASCII digits";
  if (/^(msisdn|dn|numero|number|telefono|phone|celular|contactNumber|whatsapp)$/i.test(key) && /^\d+$/.test(text) && text.length !== 10) return "a phone that is not 10 digits";
  return null;
}

function* leaves(node: unknown, key = ""): Generator<[string, string]> {
  if (typeof node === "string" || typeof node === "number") yield [key, String(node)];
  else if (Array.isArray(node)) for (const item of node) yield* leaves(item, key);
  else if (node && typeof node === "object") for (const [name, inner] of Object.entries(node)) yield* leaves(inner, name);
}

async function upstreamViolations(calls: UpstreamCall[]) {
  const found: string[] = [];
  for (const call of calls) {
    const url = new URL(call.url);
    const values: Array<[string, string]> = [...url.searchParams.entries(), ...decodeURIComponent(url.pathname).split("/").map((part): [string, string] => ["", part])];
    const text = await call.body;
    if (text) {
      try {
        values.push(...leaves(JSON.parse(text)));
      } catch {
        values.push(...new URLSearchParams(text).entries());
      }
    }
    for (const [key, item] of values) {
      const why = badUpstreamValue(key, item);
      if (why) found.push(`${call.method} ${url.host}${url.pathname}: ${key || "(path)"}=${JSON.stringify(item.slice(0, 60))} carries ${why}`);
    }
  }
  return found;
}

const SECRET_FIELDS = /^(password|passwordConfirmation|currentPassword|code|nip|cardNumber|cvv)$/;
const MACHINE_TEXT = /TypeError|ReferenceError|SyntaxError|ZodError|\[object Object\]|\n\s+at |Unexpected Server Error|undefined is not|Cannot read properties/;

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${(ipCount++ % 250) + 1}`, cspNonce: "", visitorId: `fuzz-${ipCount}` }) as unknown as AppLoadContext;

/**
 * A customer signed in through the login form: a demo line of DEMO-DATA.md that no generated body
 * names (PLAUSIBLE_VALUES), so the wrong passwords the /login target sends its lines never use up
 * this one's attempts (10 per number: after them its sign-in is a 429, whatever the password).
 */
async function customerCookie() {
  const { action } = await import("~/routes/login");
  const request = new Request("http://localhost/login?type=mifi", {
    method: "POST",
    body: new URLSearchParams({ number: "5576543210", password: "Bait2024!" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  // The sign-in is the set-up, not what is checked: it gets the app's own upstream timeout, so a
  // busy machine never turns it into a timeout (the generated bodies keep the short one).
  const timeout = env.upstreamTimeoutMs;
  env.upstreamTimeoutMs = 8_000;
  const answer = await action({ request, context: context(), params: {} }).finally(() => {
    env.upstreamTimeoutMs = timeout;
  });
  const cookie = answer instanceof Response ? answer.headers.get("Set-Cookie") : null;
  if (!(answer instanceof Response) || answer.status !== 303 || !cookie) throw new Error(`the demo customer could not sign in: ${JSON.stringify(answer)}`);
  return cookie.split(";")[0]!;
}

type Outcome = { status: number; location: string | null; payload: string; contentType: string };

async function answerOf(result: unknown): Promise<Outcome> {
  if (result instanceof Response) {
    const contentType = result.headers.get("Content-Type") ?? "";
    return { status: result.status, location: result.headers.get("Location"), payload: await result.text(), contentType };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, location: new Headers(init?.headers).get("Location"), payload: JSON.stringify(data ?? null), contentType: "application/json" };
  }
  return { status: 200, location: null, payload: JSON.stringify(result ?? null), contentType: "application/json" };
}

function check(outcome: Outcome, generated: Body) {
  const problems: string[] = [];
  if (outcome.status >= 500) problems.push(`status ${outcome.status}`);
  if (outcome.status >= 300 && outcome.status < 400) {
    if (!outcome.location || !/^\/(?![/\\])/.test(outcome.location)) problems.push(`a redirect off the site: ${outcome.location}`);
  } else if (outcome.status >= 400 && outcome.status !== 405 && outcome.status !== 404) {
    if (!catalogue.carriesMessage(outcome.payload)) problems.push(`a ${outcome.status} without a Spanish message: ${outcome.payload.slice(0, 200)}`);
  }
  if (MACHINE_TEXT.test(outcome.payload)) problems.push(`the machine's error text: ${outcome.payload.match(MACHINE_TEXT)?.[0]}`);
  if (/html/.test(outcome.contentType) && /<script>alert|<img src=x onerror|href="javascript:/i.test(outcome.payload)) problems.push("unescaped markup sent back");
  const entries = generated.kind === "raw" ? [] : generated.entries;
  for (const [name, text] of entries) {
    // A secret's value, whole, as a JSON string; not one that another field also carried or that names a
    // field sent (an answer keys its values and errors by field: a password "__proto__" beside a
    // field "__proto__"), nor one the page may show anyway.
    const alsoElsewhere = entries.some(([other, otherText]) => (other !== name && otherText === text) || other === text);
    if (SECRET_FIELDS.test(name) && text.length >= 4 && !alsoElsewhere && !PLAUSIBLE_VALUES.includes(text) && !INTENTS.includes(text) && outcome.payload.includes(JSON.stringify(text))) {
      problems.push(`the secret field ${name} sent back`);
    }
  }
  return problems;
}

/** The seed to replay (FUZZ_SEED) and the body, its long values cut: a 20 000-character field would bury the reason. */
function failureReport(run: fc.RunDetails<[[string, Body], boolean]>) {
  const short = (text: string) => (text.length > 60 ? `${JSON.stringify(text.slice(0, 40))}… (${text.length} characters)` : JSON.stringify(text));
  const [[path, generated], withCookie] = run.counterexample ?? [["?", { kind: "raw", contentType: "", text: "" } as Body], false];
  const described = generated.kind === "raw" ? `${generated.contentType}: ${short(generated.text)}` : `${generated.kind}: ${generated.entries.map(([name, text]) => `${name}=${short(text)}`).join(", ")}`;
  const reason = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
  return `FUZZ_SEED=${run.seed} (after ${run.numRuns} runs)\nPOST ${path}${withCookie ? " as a customer" : ""}, ${described}\n${reason}`;
}

const cases = (target: Target): fc.Arbitrary<[string, Body]> => {
  const random = fc.tuple(fc.constantFrom(...target.urls), body);
  return target.seeds ? fc.oneof(random, fc.constantFrom(...target.seeds).chain(spoiled)) : random;
};

let total = 0;
/** What the bodies reached: answers by status, and upstream calls made (all of them checked). */
const statuses = new Map<number, number>();
let upstreamTotal = 0;

describe("every form action and API route, under generated bodies", () => {
  for (const target of TARGETS) {
    it(`${target.route}: never a 5xx, a Spanish message or a redirect, nothing echoed, nothing invalid upstream`, { timeout: 120_000 }, async () => {
      const { action } = await target.load();
      const cookie = target.customer ? await customerCookie() : "";
      const run = await fc.check(
        fc.asyncProperty(cases(target), fc.boolean(), async ([path, generated], withCookie) => {
          total += 1;
          const encoded = encode(generated);
          const headers = new Headers({ Cookie: withCookie ? cookie : "" });
          if (encoded.contentType) headers.set("Content-Type", encoded.contentType);
          const request = new Request(`http://localhost${path}`, { method: "POST", body: encoded.body, headers });
          upstreamCalls = [];
          let result: unknown;
          try {
            result = await action({ request, context: context(), params: {} });
          } catch (thrown) {
            if (!(thrown instanceof Response)) throw new Error(`POST ${path} threw (a 500): ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
            result = thrown;
          }
          const outcome = await answerOf(result);
          statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
          upstreamTotal += upstreamCalls.length;
          const problems = [...check(outcome, generated), ...(await upstreamViolations(upstreamCalls))];
          if (problems.length) throw new Error(`POST ${path} → ${outcome.status}:\n  ${problems.join("\n  ")}`);
        }),
        { numRuns: RUNS_PER_TARGET, seed, endOnFailure: true },
      );
      if (run.failed) throw new Error(failureReport(run));
    });
  }

  // The API routes that read a query (GET): the same answers asked of them, the same upstream watched.
  const QUERY_ROUTES: Array<{ route: string; load: () => Promise<{ loader: Action }>; valid: Record<string, string> }> = [
    { route: "/api/linea", load: () => import("~/routes/api.linea"), valid: { numero: "5512345678", oferta: "BAIT50" } },
    { route: "/api/imei", load: () => import("~/routes/api.imei"), valid: { imei: "356938035643809", recorrido: "esim" } },
    { route: "/api/iccid", load: () => import("~/routes/api.iccid"), valid: { iccid: "8952140061234", serviceNumber: "5598765432", type: "hbb" } },
    { route: "/api/codigo-postal", load: () => import("~/routes/api.codigo-postal"), valid: { cp: "01000" } },
  ];
  for (const api of QUERY_ROUTES) {
    it(`GET ${api.route}: never a 5xx, a Spanish message when it refuses, nothing invalid upstream`, { timeout: 120_000 }, async () => {
      const { loader } = await api.load();
      const query = fc.oneof(
        fields,
        fc.tuple(fc.constantFrom(...Object.keys(api.valid)), fc.constantFrom(...HOSTILE_VALUES)).map(([name, hostile]) => Object.entries({ ...api.valid, [name]: hostile })),
      );
      const run = await fc.check(
        fc.asyncProperty(query, async (entries) => {
          total += 1;
          const path = `${api.route}?${new URLSearchParams(entries)}`;
          upstreamCalls = [];
          let result: unknown;
          try {
            result = await loader({ request: new Request(`http://localhost${path}`), context: context(), params: {} });
          } catch (thrown) {
            if (!(thrown instanceof Response)) throw new Error(`GET ${path} threw (a 500): ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
            result = thrown;
          }
          const outcome = await answerOf(result);
          statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
          upstreamTotal += upstreamCalls.length;
          const problems = [...check(outcome, { kind: "urlencoded", entries }), ...(await upstreamViolations(upstreamCalls))];
          if (problems.length) throw new Error(`GET ${path.slice(0, 300)} → ${outcome.status}:\n  ${problems.join("\n  ")}`);
        }),
        { numRuns: RUNS_PER_TARGET, seed, endOnFailure: true },
      );
      if (run.failed) throw new Error(`FUZZ_SEED=${run.seed} (after ${run.numRuns} runs)\n${run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)}`);
    });
  }

  it("posted thousands of bodies in all, some deep enough to reach the upstream", () => {
    console.info(`[fuzz] ${total} bodies; answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; ${upstreamTotal} upstream calls checked`);
    expect(total).toBeGreaterThanOrEqual((TARGETS.length + 4) * RUNS_PER_TARGET);
    expect(upstreamTotal).toBeGreaterThan(0);
  });
});
