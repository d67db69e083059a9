// The rules that decide whether the server may start, written once in plain JavaScript so that
// server/index.ts and scripts/start.mjs (before the build is loaded) and app/lib/env.server.ts
// (inside the build) apply the same ones: when the mock world is on, what a strong session secret
// is, which proxies are trusted. docs/operations.md "Production" describes them for the person deploying.
import { scrypt, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import * as z from "zod";
import { parseScriptOrigins } from "../../schemas/config/script-origins.mjs";

/** The demo world's secret: accepted only with mocks on; a cookie signed with it opens nothing elsewhere. */
export const DEMO_SESSION_SECRET = "demo-only-session-secret-change-me-0123456789";

/**
 * The demo world's secret for the 'Pide tu recarga' links (docs/request-link.md): accepted only
 * with mocks on, like the session's; a link signed with it opens nothing on a real server.
 */
export const DEMO_REQUEST_LINK_SECRET = "demo-only-request-link-secret-change-me-0123456789";

/**
 * The demo's studio accounts (docs/studio.md "Demo accounts"), both with DEMO_STUDIO_PASSWORD: with
 * mocks on and no account in the accounts file, the site lets them in; a start with mocks off
 * refuses an accounts file that holds either of them or any account with that password
 * (studioAccountProblems).
 */
export const DEMO_STUDIO_ACCOUNTS = [
  { email: "publicador@bait.mx", role: "publisher" },
  { email: "editor@bait.mx", role: "editor" },
];
export const DEMO_STUDIO_PASSWORD = "Estudio2024!";

/** Every upstream's address variable (UPSTREAM_BASE_URL sets them all at once). */
export const UPSTREAM_URL_VARIABLES = [
  "UPSTREAM_CORE_URL",
  "UPSTREAM_CONN_URL",
  "UPSTREAM_ESIM_URL",
  "UPSTREAM_PAYMENTS_URL",
  "UPSTREAM_ADDRESSES_URL",
  "UPSTREAM_ASISTENCIA_URL",
  "UPSTREAM_PORTABILIDAD_URL",
  "UPSTREAM_UPD_CARD_URL",
  "UPSTREAM_SSO_URL",
  "UPSTREAM_BANNERS_URL",
];

const ANY_UPSTREAM_URL = /^UPSTREAM_(BASE|[A-Z0-9_]+)_URL$/;

/**
 * Whether any upstream address is configured: UPSTREAM_BASE_URL or any UPSTREAM_<NAME>_URL.
 * @param {Record<string, string | undefined>} env
 */
export const anyUpstreamUrl = (env) => Object.entries(env).some(([name, value]) => ANY_UPSTREAM_URL.test(name) && Boolean(value));

/**
 * The one mock rule: MOCKS=true or MOCKS=false when given; otherwise on only while no upstream
 * address is set at all.
 * @param {Record<string, string | undefined>} env
 */
export const mocksOn = (env) => (env.MOCKS ? env.MOCKS === "true" : !anyUpstreamUrl(env));

/** Placeholders that say "replace me", in any case. */
const PLACEHOLDER = /change-?me|c[aá]mbia-?me|placeholder|your-?secret|tu-?secreto/i;

/**
 * Why a session secret is not strong, or undefined when it is: at least 32 characters, at least
 * 10 different characters (no "aaaa…", "abab…"), no placeholder text, and never the demo secret.
 * @param {string} secret
 */
export function weakSecretReason(secret) {
  if (secret === DEMO_SESSION_SECRET) return "es el secreto de demostración; sólo vale con MOCKS=true";
  if (secret.length < 32) return "debe tener al menos 32 caracteres";
  if (new Set(secret).size < 10) return "es demasiado predecible: usa al menos 10 caracteres distintos (p. ej. openssl rand -hex 32)";
  if (PLACEHOLDER.test(secret)) return "es un texto de ejemplo; genera uno propio (p. ej. openssl rand -hex 32)";
  return undefined;
}

/**
 * Why a secret of the 'Pide tu recarga' links is not strong, or undefined when it is: the rules of
 * weakSecretReason, and never the links' demo secret (accepted only with mocks, where `demoOk`).
 * @param {string} secret
 * @param {boolean} demoOk
 */
export function weakLinkSecretReason(secret, demoOk) {
  if (secret === DEMO_REQUEST_LINK_SECRET) return demoOk ? undefined : "es el secreto de demostración de los enlaces; sólo vale con MOCKS=true";
  return weakSecretReason(secret);
}

/**
 * REQUEST_LINK_PREVIOUS_SECRETS as a list: the secrets that signed links before the last rotation,
 * separated by spaces; they still verify a link until it expires (7 days), never sign a new one.
 * @param {string | undefined} value
 */
export const previousLinkSecrets = (value) => (value ?? "").split(/\s+/).filter(Boolean);

/**
 * Why previews of the draft (CONFIG_DRAFT_DIR) are off, or undefined when they are on. They fail
 * closed: no draft folder, no PREVIEW_SECRET, or a weak one in production with real upstreams
 * (with mocks, tests and the demo may use any secret).
 * @param {{ draftDir?: string; secret?: string; isProduction: boolean; mocks: boolean }} settings
 */
export function previewsOffReason({ draftDir, secret, isProduction, mocks }) {
  if (!draftDir) return "CONFIG_DRAFT_DIR no está definido";
  if (!secret) return "PREVIEW_SECRET no está definido";
  const weak = isProduction && !mocks ? weakSecretReason(secret) : undefined;
  return weak ? `PREVIEW_SECRET ${weak}` : undefined;
}

/** Hosts of this machine: a preview origin on one of them is the demo's second port (server/index.ts). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * PREVIEW_ORIGIN (docs/studio.md "Previews"), parsed: the origin previews are served on, apart from
 * the site's, so that nothing a preview runs can act for whoever opens it. `local`: a loopback
 * origin, which server/index.ts also listens on (the demo's second port). Throws, in Spanish, when
 * the value is not a bare origin (`https://host[:port]`, nothing after it).
 * @param {string} value
 * @returns {{ origin: string; host: string; port: number; local: boolean }}
 */
export function previewOriginOf(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error("debe ser un origen como https://vista-previa.bait.mx");
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.pathname !== "/" || url.search || url.hash || value.replace(/\/$/, "") !== url.origin) {
    throw new Error(`debe ser sólo un origen (esquema, host y puerto), como https://vista-previa.bait.mx; se recibió "${value}"`);
  }
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return { origin: url.origin, host: url.host.toLowerCase(), port, local: LOOPBACK_HOSTS.has(url.hostname.toLowerCase()) };
}

/** Named sets of proxy addresses, as express names them. */
const NAMED_RANGES = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Whether a listening address is this machine's alone (127.0.0.0/8, ::1, localhost). */
export const isLoopback = (host) => host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** An IPv4 address as an IPv6 client sees it (::ffff:10.0.0.1) is the IPv4 address. */
const plainAddress = (address) => (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

/**
 * TRUST_PROXY as express's `trust proxy` setting, never "trust everything": unset, empty or
 * `false` trusts no proxy (the client is the socket's address); a whole number trusts that many
 * proxy hops from the right; a comma-separated list of addresses, CIDR ranges or the names
 * loopback / linklocal / uniquelocal trusts exactly those (a node:net BlockList). Throws an Error
 * with a Spanish message for anything else, `true` and `all` included.
 * @param {string | undefined} value
 * @returns {false | number | ((address: string, hop: number) => boolean)}
 */
export function trustProxyRule(value) {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return false;
  if (/^(true|all|\*)$/i.test(text)) {
    throw new Error("no se acepta confiar en cualquier proxy: indica cuántos proxies hay delante (p. ej. 1) o sus direcciones (p. ej. 10.0.0.0/8)");
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`${hops} proxies seguidos no es creíble: indica cuántos hay delante (1 a 10)`);
    return hops;
  }
  const trusted = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim()).filter(Boolean)) {
    const named = NAMED_RANGES[/** @type {keyof typeof NAMED_RANGES} */ (entry.toLowerCase())];
    for (const item of named ?? [entry]) {
      const [address = "", bits, ...rest] = item.split("/");
      const family = isIP(address);
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (!family || rest.length > 0 || !/^\d+$/.test(bits ?? "0") || prefix > (family === 6 ? 128 : 32)) {
        throw new Error(`"${entry}" no es un número de proxies, una dirección IP, un rango CIDR ni loopback/linklocal/uniquelocal`);
      }
      trusted.addSubnet(address, prefix, family === 6 ? "ipv6" : "ipv4");
    }
  }
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * The client's address under a trust rule, read from the right as express does: the socket's
 * address first, then X-Forwarded-For from its last entry back; the first address not trusted
 * is the client. The leftmost entries, which anyone can write, count only when every proxy after
 * them is trusted.
 * @param {string} socketAddress
 * @param {string | string[] | undefined} forwardedFor
 * @param {ReturnType<typeof trustProxyRule>} rule
 */
export function clientAddress(socketAddress, forwardedFor, rule) {
  const socket = plainAddress(socketAddress ?? "");
  if (rule === false || rule === 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [socket, ...header.split(",").map((part) => plainAddress(part.trim())).filter(Boolean).reverse()];
  for (let hop = 0; hop < chain.length - 1; hop += 1) {
    const trusted = typeof rule === "number" ? hop < rule : rule(/** @type {string} */ (chain[hop]), hop);
    if (!trusted) return /** @type {string} */ (chain[hop]);
  }
  return /** @type {string} */ (chain[chain.length - 1]);
}

const upstreamUrl = z.url("no es una URL válida").optional();

/**
 * The settings the server refuses to start without (docs/operations.md "Production"), as a zod schema over
 * the environment: each variable's own form first, then what the variables require of each other
 * with mocks off (a strong secret, every upstream address) and with several workers (Redis).
 */
export const bootEnvSchema = z
  .looseObject({
    MOCKS: z.enum(["true", "false"], { error: (issue) => `debe ser true o false (se recibió "${String(issue.input)}")` }).optional(),
    SESSION_SECRET: z.string().optional(),
    UPSTREAM_BASE_URL: upstreamUrl,
    ...Object.fromEntries(UPSTREAM_URL_VARIABLES.map((name) => [name, upstreamUrl])),
    TRUST_PROXY: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          trustProxyRule(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: /** @type {Error} */ (error).message });
        }
      }),
    // The origins config may name for a script, besides the list in code (docs/studio.md "Allowing a script origin").
    SCRIPT_ORIGINS: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseScriptOrigins(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: /** @type {Error} */ (error).message });
        }
      }),
    WEB_CONCURRENCY: z.string().regex(/^[1-9]\d*$/, "debe ser un número entero de 1 en adelante").optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, "debe empezar con redis:// o rediss://").optional(),
    DATA_DIR: z.string().optional(),
    CONFIG_DRAFT_DIR: z.string().optional(),
    PREVIEW_SECRET: z.string().optional(),
    REQUEST_LINK_SECRET: z.string().optional(),
    REQUEST_LINK_PREVIOUS_SECRETS: z.string().optional(),
    STUDIO_SECRET: z.string().optional(),
    PREVIEW_ORIGIN: z.string().optional(),
    PORT: z.string().optional(),
    METRICS_PORT: z.string().refine((value) => /^[1-9]\d{0,4}$/.test(value) && Number(value) <= 65535, "debe ser un puerto (1 a 65535)").optional(),
    METRICS_HOST: z.string().refine((value) => value === "localhost" || isIP(value) !== 0, "debe ser una dirección IP (127.0.0.1 por omisión) o localhost").optional(),
    METRICS_TOKEN: z.string().optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url("no es una URL válida (p. ej. http://otel-collector:4318)").optional(),
  })
  .superRefine((env, ctx) => {
    const problem = (name, message) => ctx.addIssue({ code: "custom", path: [name], message });
    const mocks = mocksOn(env);
    const secret = env.SESSION_SECRET;
    if (secret) {
      // With mocks the demo secret may be named; any other secret must be strong everywhere.
      const reason = mocks && secret === DEMO_SESSION_SECRET ? undefined : weakSecretReason(secret);
      if (reason) problem("SESSION_SECRET", reason);
    } else if (!mocks) {
      problem("SESSION_SECRET", "es obligatorio con upstreams reales (MOCKS=false); genera uno con openssl rand -hex 32");
    }
    if (!mocks && !env.UPSTREAM_BASE_URL) {
      for (const name of UPSTREAM_URL_VARIABLES) {
        if (!env[name]) problem(name, "es obligatorio con upstreams reales (MOCKS=false), salvo que UPSTREAM_BASE_URL los dé todos");
      }
    }
    if (!mocks && !env.REDIS_URL && !env.DATA_DIR) {
      problem("REDIS_URL", "con upstreams reales hace falta un estado que sobreviva a un reinicio (sesiones, pagos en curso): REDIS_URL, o DATA_DIR con una carpeta en un disco persistente si es un solo servidor");
    }
    if (Number(env.WEB_CONCURRENCY ?? 1) > 1 && !env.REDIS_URL) {
      problem("REDIS_URL", "es obligatorio con WEB_CONCURRENCY > 1: sin Redis, los límites y el almacén de leads (DATA_DIR) son de un solo proceso");
    }
    // The 'Pide tu recarga' links sign with a secret of their own (docs/request-link.md).
    const linkSecret = env.REQUEST_LINK_SECRET;
    if (linkSecret) {
      const reason = weakLinkSecretReason(linkSecret, mocks);
      if (reason) problem("REQUEST_LINK_SECRET", reason);
      else if (linkSecret === secret) problem("REQUEST_LINK_SECRET", "debe ser distinto de SESSION_SECRET: los enlaces de 'Pide tu recarga' firman con un secreto propio");
    } else if (!mocks) {
      problem("REQUEST_LINK_SECRET", "es obligatorio con upstreams reales (MOCKS=false): firma los enlaces de 'Pide tu recarga'; genera uno con openssl rand -hex 32");
    }
    const weakPrevious = previousLinkSecrets(env.REQUEST_LINK_PREVIOUS_SECRETS).map((previous) => weakLinkSecretReason(previous, mocks)).find(Boolean);
    if (weakPrevious) problem("REQUEST_LINK_PREVIOUS_SECRETS", `uno de ellos ${weakPrevious}`);
    // The studio (docs/studio.md "Turning it on"): its sessions sign with a secret of their own, strong
    // with real upstreams (with mocks, tests and the demo may use any), never another one's.
    const studioSecret = env.STUDIO_SECRET;
    if (studioSecret) {
      const reason = mocks ? undefined : studioSecret === DEMO_REQUEST_LINK_SECRET ? "es un secreto de demostración; sólo vale con MOCKS=true" : weakSecretReason(studioSecret);
      const shared = [
        ["SESSION_SECRET", secret ?? DEMO_SESSION_SECRET],
        ["REQUEST_LINK_SECRET", linkSecret],
        ["PREVIEW_SECRET", env.PREVIEW_SECRET],
      ].find(([, other]) => other === studioSecret);
      if (reason) problem("STUDIO_SECRET", reason);
      else if (shared) problem("STUDIO_SECRET", `debe ser distinto de ${shared[0]}: las sesiones del estudio firman con un secreto propio; genera uno con openssl rand -hex 32`);
    }
    // Previews on an origin of their own (docs/studio.md "Previews"): with the studio on in
    // production, required, and never the site's own; https with real upstreams.
    if (env.PREVIEW_ORIGIN) {
      try {
        const preview = previewOriginOf(env.PREVIEW_ORIGIN);
        if (!mocks && !preview.origin.startsWith("https:")) problem("PREVIEW_ORIGIN", "debe empezar con https:// con upstreams reales (MOCKS=false)");
        else if (preview.local && preview.port === Number(env.PORT ?? 3000)) problem("PREVIEW_ORIGIN", `debe ser distinto del origen del sitio: usa otro puerto que PORT (${env.PORT ?? 3000}), por ejemplo ${Number(env.PORT ?? 3000) + 1}`);
      } catch (error) {
        problem("PREVIEW_ORIGIN", /** @type {Error} */ (error).message);
      }
    } else if (studioSecret && env.NODE_ENV === "production") {
      problem("PREVIEW_ORIGIN", "es obligatorio con el estudio en producción (STUDIO_SECRET): las vistas previas se sirven en un origen propio, distinto del sitio, para que nada de un borrador actúe por quien lo abre; por ejemplo https://vista-previa.bait.mx");
    }
    // The metrics (docs/operations.md "Metrics"): on a port of their own, on loopback unless a
    // token guards them; the token, if any, as strong as a secret. Never on the site's port without it.
    if (env.METRICS_TOKEN) {
      const reason = weakSecretReason(env.METRICS_TOKEN);
      if (reason) problem("METRICS_TOKEN", reason);
      else if ([secret, linkSecret, studioSecret, env.PREVIEW_SECRET].includes(env.METRICS_TOKEN)) problem("METRICS_TOKEN", "debe ser distinto de los demás secretos (SESSION_SECRET, REQUEST_LINK_SECRET, STUDIO_SECRET, PREVIEW_SECRET)");
    }
    if (env.METRICS_PORT && Number(env.METRICS_PORT) === Number(env.PORT ?? 3000)) problem("METRICS_PORT", `debe ser distinto de PORT (${env.PORT ?? 3000}): las métricas nunca se sirven en el puerto del sitio`);
    if (env.METRICS_HOST && !isLoopback(env.METRICS_HOST) && !env.METRICS_TOKEN) {
      problem("METRICS_HOST", "fuera de loopback las métricas necesitan METRICS_TOKEN (Authorization: Bearer); genera uno con openssl rand -hex 32");
    }
    if (env.CONFIG_DRAFT_DIR && !env.PREVIEW_SECRET) {
      problem("PREVIEW_SECRET", "es obligatorio con CONFIG_DRAFT_DIR: firma los enlaces de vista previa del borrador; genera uno con openssl rand -hex 32");
    }
  });

/**
 * What stops the server before anything listens: one line per wrong variable, "VARIABLE: por qué"
 * in Spanish; empty when the server may start. The rest of the environment (timeouts,
 * directories…) is parsed by app/lib/env.server.ts.
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function bootProblems(env) {
  // An empty value is an unset one, as the shell's `VAR= npm start` means.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = bootEnvSchema.safeParse(given);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

/** scrypt's costs an accounts line may name (app/features/studio/auth/accounts.server.ts reads the same). */
const SANE_SCRYPT = { minN: 16_384, maxN: 1_048_576, maxR: 32, maxP: 16 };

/**
 * Whether `stored` (`scrypt$N$r$p$salt$hash`, app/features/studio/auth/accounts.server.ts) is the
 * demo password's hash; false for anything it cannot read (the site cannot sign in with it either).
 * @param {string} stored
 */
async function isDemoPasswordHash(stored) {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split("$");
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (scheme !== "scrypt" || rest.length > 0 || !salt || !key || !b64url.test(salt) || !b64url.test(key)) return false;
  if (!Number.isInteger(N) || (N & (N - 1)) !== 0 || N < SANE_SCRYPT.minN || N > SANE_SCRYPT.maxN) return false;
  if (!Number.isInteger(R) || R < 1 || R > SANE_SCRYPT.maxR || !Number.isInteger(P) || P < 1 || P > SANE_SCRYPT.maxP) return false;
  const expected = Buffer.from(key, "base64url");
  if (expected.length < 16 || expected.length > 64) return false;
  const derived = await new Promise((resolve, reject) =>
    scrypt(DEMO_STUDIO_PASSWORD.normalize("NFC"), Buffer.from(salt, "base64url"), expected.length, { N, r: R, p: P, maxmem: 256 * N * R }, (error, value) => (error ? reject(error) : resolve(value))),
  );
  return timingSafeEqual(/** @type {Buffer} */ (derived), expected);
}

/**
 * What stops a start with mocks off and the studio on (STUDIO_SECRET) in its accounts file
 * (STUDIO_USERS_FILE, else DATA_DIR/studio-users, else data/studio-users): a demo account
 * (DEMO_STUDIO_ACCOUNTS) or an account whose password is the demo's, as bootProblems refuses the
 * demo secrets. One Spanish line per account, "STUDIO_USERS_FILE: …"; empty when the start may go
 * on (mocks on, the studio off, no file). Checks one scrypt hash per account (some 100 ms each).
 * @param {Record<string, string | undefined>} env
 * @param {string} [cwd]
 * @returns {Promise<string[]>}
 */
export async function studioAccountProblems(env, cwd = process.cwd()) {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  if (mocksOn(given) || !given.STUDIO_SECRET) return [];
  const file = path.resolve(cwd, given.STUDIO_USERS_FILE ?? path.join(given.DATA_DIR ?? path.join(cwd, "data"), "studio-users"));
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === "ENOENT") return [];
    return [`STUDIO_USERS_FILE: no se puede leer ${file} (${code ?? "error"})`];
  }
  const demoEmails = new Set(DEMO_STUDIO_ACCOUNTS.map((account) => account.email));
  const problems = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const [email = "", , hash = ""] = line.split(":");
    const account = email.trim().toLowerCase();
    if (demoEmails.has(account)) {
      problems.push(`STUDIO_USERS_FILE: la línea ${index + 1} es la cuenta de demostración ${account}, que sólo vale con MOCKS=true; quítala con npm run studio:user -- ${account} --remove`);
    } else if (await isDemoPasswordHash(hash)) {
      problems.push(`STUDIO_USERS_FILE: la cuenta de la línea ${index + 1} (${account}) tiene la contraseña de demostración, que sólo vale con MOCKS=true; cámbiala con npm run studio:user -- ${account} <rol>`);
    }
  }
  return problems;
}
