import path from "node:path";
import * as z from "zod";
import { CONFIG_SCRIPT_ORIGINS, parseScriptOrigins } from "#schemas/config/script-origins.mjs";
import { bootProblems, DEMO_REQUEST_LINK_SECRET, DEMO_SESSION_SECRET, mocksOn, previewOriginOf, previewsOffReason, previousLinkSecrets } from "./boot-rules.mjs";

const booleanString = z.enum(["true", "false"]).transform((value) => value === "true");

/** Mock hosts: msw answers them when MOCKS=true, so nothing leaves the machine. */
const mockBase = (name: string) => `https://${name}.upstream.mock`;

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** Decided by ./boot-rules.mjs mocksOn (parseEnv): the one rule, shared with server/index.ts and scripts/start.mjs. */
    MOCKS: booleanString,
    CONFIG_DIR: z.string().default(path.join(process.cwd(), "pages-config")),
    /** A draft copy of pages-config, seen only through a signed preview link (docs/config.md "Previews"). */
    CONFIG_DRAFT_DIR: z.string().optional(),
    /** Signs the preview links (HMAC); required with CONFIG_DRAFT_DIR (./boot-rules.mjs). */
    PREVIEW_SECRET: z.string().optional(),
    /** How long a new preview link is valid (npm run config:preview-link). */
    PREVIEW_LINK_HOURS: z.coerce.number().positive().max(24 * 30).default(8),
    /** The origin previews are served on, apart from the site's (docs/studio.md "Previews"); required with the studio in production (./boot-rules.mjs). */
    PREVIEW_ORIGIN: z.string().optional(),
    /** Turns the marketing studio (/estudio, docs/studio.md) on and signs its sessions; unset, /estudio is a 404. */
    STUDIO_SECRET: z.string().optional(),
    /** The studio's accounts (npm run studio:user writes it): one `email:role:scrypt-hash` line each. */
    STUDIO_USERS_FILE: z.string().optional(),
    /** Strong (./boot-rules.mjs weakSecretReason); bootProblems refuses a weak one before this runs. */
    SESSION_SECRET: z.string().optional(),
    /** Signs the 'Pide tu recarga' links (docs/request-link.md); required with real upstreams, strong, not SESSION_SECRET (./boot-rules.mjs). */
    REQUEST_LINK_SECRET: z.string().optional(),
    /** The links' secrets before the last rotation, separated by spaces: they still verify a link until it expires. */
    REQUEST_LINK_PREVIOUS_SECRETS: z.string().optional(),
    /** Origins config may name for a script, besides the list in code (schemas/config/script-origins.mjs); ./boot-rules.mjs refuses a malformed one. */
    SCRIPT_ORIGINS: z.string().optional(),
    /** The proxies in front of the app: a hop count or their addresses, never all (./boot-rules.mjs trustProxyRule, applied by server/index.ts). */
    TRUST_PROXY: z.string().optional(),
    APP_VERSION: z.string().default("1.0.0"),
    APP_ORIGIN_HEADER: z.string().default("web"),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
    /** How long public upstream data (offers…) is kept; 0 with mocks unless set, so tests' switches bite at once. */
    UPSTREAM_CACHE_TTL_MS: z.coerce.number().int().min(0).optional(),
    /** One host for every upstream (the operator's API gateway); each can be overridden below. */
    UPSTREAM_BASE_URL: z.url().optional(),
    UPSTREAM_CORE_URL: z.url().optional(),
    UPSTREAM_CONN_URL: z.url().optional(),
    UPSTREAM_ESIM_URL: z.url().optional(),
    UPSTREAM_PAYMENTS_URL: z.url().optional(),
    UPSTREAM_ADDRESSES_URL: z.url().optional(),
    UPSTREAM_ASISTENCIA_URL: z.url().optional(),
    UPSTREAM_PORTABILIDAD_URL: z.url().optional(),
    UPSTREAM_UPD_CARD_URL: z.url().optional(),
    UPSTREAM_SSO_URL: z.url().optional(),
    UPSTREAM_BANNERS_URL: z.url().optional(),
    /** The single-sign-on server's pages for the browser (register, change password, update phone, delete account). */
    SSO_SERVER_URL: z.url().optional(),
    /** The durable store (the lead outbox): a Redis server, else files under DATA_DIR. */
    REDIS_URL: z.url().refine((url) => /^rediss?:\/\//.test(url), "REDIS_URL debe empezar con redis:// o rediss://").optional(),
    DATA_DIR: z.string().min(1).optional(),
    /** Where the postpaid portal's frame points instead of site.json's postpaidSiteUrl (server/index.ts sets the mock page's address with mocks). */
    POSTPAID_SITE_URL: z.url().optional(),
    /** The card provider's hosted payment page (the no-JS card path, docs/payment.md); the mock one with mocks. */
    PROVIDER_PAYMENT_PAGE_URL: z.url().optional(),
    /** Code (OTP) sends: seconds between two sends to one number, and sends per hour per number and per client address (docs/accounts.md "Limits on sending codes"). */
    OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(30),
    OTP_SENDS_PER_NUMBER: z.coerce.number().int().positive().default(5),
    OTP_SENDS_PER_IP: z.coerce.number().int().positive().default(30),
    /** Opens the config status page (/estado-config) to whoever sends it; unset, the page is a 404 (docs/config.md "Status page"). */
    CONFIG_STATUS_TOKEN: z.string().min(16, "debe tener al menos 16 caracteres").optional(),
    /** Banners per page from the banners CDN and the widget from the widget CDN; on by default with real upstreams, off in the mock world (docs/config.md "Remote banners and widget"). */
    REMOTE_BANNERS: booleanString.optional(),
    REMOTE_WIDGET: booleanString.optional(),
    /** How long a remote banners or widget document (or its failure) is kept; 0 asks on every page. */
    REMOTE_CONFIG_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  })
  .transform((raw, ctx) => {
    const isProduction = raw.NODE_ENV === "production";
    const mocks = raw.MOCKS;
    const upstream = (value: string | undefined, name: string, key: string) => {
      if (value) return value.replace(/\/$/, "");
      if (mocks) return mockBase(name);
      if (raw.UPSTREAM_BASE_URL) return raw.UPSTREAM_BASE_URL.replace(/\/$/, "");
      ctx.addIssue({ code: "custom", path: [key], message: `${key} es obligatorio cuando MOCKS=false` });
      return "";
    };
    const scriptOrigins = (value: string | undefined) => {
      try {
        return parseScriptOrigins(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["SCRIPT_ORIGINS"], message: (error as Error).message });
        return [];
      }
    };
    // Only the demo world runs without a secret (bootProblems refuses the rest); its sessions open nothing outside it.
    const sessionSecret = raw.SESSION_SECRET ?? DEMO_SESSION_SECRET;
    return {
      isProduction,
      mocks,
      configDir: raw.CONFIG_DIR,
      preview: {
        draftDir: raw.CONFIG_DRAFT_DIR ? path.resolve(raw.CONFIG_DRAFT_DIR) : undefined,
        secret: raw.PREVIEW_SECRET ?? "",
        linkHours: raw.PREVIEW_LINK_HOURS,
        /** Where previews open (their links point there, server/preview-origin.ts keeps them there); unset, on the site's own origin. */
        origin: raw.PREVIEW_ORIGIN ? previewOriginOf(raw.PREVIEW_ORIGIN).origin : undefined,
        /** Why previews are off (they fail closed), or undefined when a signed link opens the draft. */
        offReason: previewsOffReason({ draftDir: raw.CONFIG_DRAFT_DIR, secret: raw.PREVIEW_SECRET, isProduction, mocks }),
      },
      sessionSecret,
      /** The marketing studio (docs/studio.md): on only with STUDIO_SECRET; its accounts' file defaults to DATA_DIR/studio-users. */
      studio: {
        on: Boolean(raw.STUDIO_SECRET),
        secret: raw.STUDIO_SECRET ?? "",
        usersFile: path.resolve(raw.STUDIO_USERS_FILE ?? path.join(raw.DATA_DIR ?? path.join(process.cwd(), "data"), "studio-users")),
      },
      /** 'Pide tu recarga' (docs/request-link.md): the secret that signs new links, then the ones that still verify older links. */
      requestLinks: {
        secret: raw.REQUEST_LINK_SECRET ?? DEMO_REQUEST_LINK_SECRET,
        previousSecrets: previousLinkSecrets(raw.REQUEST_LINK_PREVIOUS_SECRETS),
      },
      /** The origins config may name for a script: the list in code and SCRIPT_ORIGINS (docs/studio.md "Allowing a script origin"). */
      scriptOrigins: [...new Set([...CONFIG_SCRIPT_ORIGINS, ...scriptOrigins(raw.SCRIPT_ORIGINS)])],
      appVersion: raw.APP_VERSION,
      appOrigin: raw.APP_ORIGIN_HEADER,
      upstreamTimeoutMs: raw.UPSTREAM_TIMEOUT_MS,
      redisUrl: raw.REDIS_URL,
      dataDir: path.resolve(raw.DATA_DIR ?? path.join(process.cwd(), "data")),
      /** DATA_DIR was given: the state goes to its journal even with mocks (app/lib/store/store.server.ts). */
      dataDirGiven: raw.DATA_DIR !== undefined,
      upstreamCacheTtlMs: raw.UPSTREAM_CACHE_TTL_MS ?? (mocks ? 0 : 60_000),
      /** In the mock world the SSO server's pages are served by this app (server/index.ts). */
      ssoServerUrl: raw.SSO_SERVER_URL?.replace(/\/$/, "") ?? (mocks ? "/__mocks/sso" : undefined),
      postpaidSiteUrl: raw.POSTPAID_SITE_URL,
      providerPaymentPageUrl: raw.PROVIDER_PAYMENT_PAGE_URL ?? (raw.MOCKS ? "/__mocks/proveedor/pago" : undefined),
      otpSends: { resendSeconds: raw.OTP_RESEND_SECONDS, perNumber: raw.OTP_SENDS_PER_NUMBER, perIp: raw.OTP_SENDS_PER_IP },
      configStatusToken: raw.CONFIG_STATUS_TOKEN,
      remoteConfig: { banners: raw.REMOTE_BANNERS ?? !mocks, widget: raw.REMOTE_WIDGET ?? !mocks, ttlMs: raw.REMOTE_CONFIG_TTL_MS },
      upstreams: {
        core: upstream(raw.UPSTREAM_CORE_URL, "core", "UPSTREAM_CORE_URL"),
        conn: upstream(raw.UPSTREAM_CONN_URL, "conn", "UPSTREAM_CONN_URL"),
        esim: upstream(raw.UPSTREAM_ESIM_URL, "esim", "UPSTREAM_ESIM_URL"),
        payments: upstream(raw.UPSTREAM_PAYMENTS_URL, "payments", "UPSTREAM_PAYMENTS_URL"),
        addresses: upstream(raw.UPSTREAM_ADDRESSES_URL, "addresses", "UPSTREAM_ADDRESSES_URL"),
        asistencia: upstream(raw.UPSTREAM_ASISTENCIA_URL, "asistencia", "UPSTREAM_ASISTENCIA_URL"),
        portabilidad: upstream(raw.UPSTREAM_PORTABILIDAD_URL, "portabilidad", "UPSTREAM_PORTABILIDAD_URL"),
        updCard: upstream(raw.UPSTREAM_UPD_CARD_URL, "upd-card", "UPSTREAM_UPD_CARD_URL"),
        sso: upstream(raw.UPSTREAM_SSO_URL, "sso", "UPSTREAM_SSO_URL"),
        banners: upstream(raw.UPSTREAM_BANNERS_URL, "banners", "UPSTREAM_BANNERS_URL"),
      },
    };
  });

export type Env = z.infer<typeof envSchema>;
export type UpstreamName = keyof Env["upstreams"];

/**
 * The environment, or an Error whose message is one line per wrong variable ("VARIABLE: por qué"):
 * the start rules of ./boot-rules.mjs first (server/index.ts checks them before anything listens), then
 * this schema.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const refused = bootProblems(source);
  const parsed = envSchema.safeParse({ ...source, MOCKS: String(mocksOn(source)) });
  const problems = refused.length > 0 || parsed.success ? refused : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  // server/index.ts prints these lines alone (no stack trace) and exits 1.
  if (problems.length > 0 || !parsed.success) throw Object.assign(new Error(problems.join("\n")), { name: "EnvError" });
  return parsed.data;
}

/** Parsed once at boot: a wrong variable stops the server with a line naming it. */
export const env = parseEnv();

/**
 * Server-side sessions (docs/accounts.md "Sessions"): a record ends after SESSION_IDLE_MINUTES
 * without use and SESSION_MAX_HOURS after the sign-in whatever happens; the changes to the line
 * ask for the password again when the last sign-in is older than STEP_UP_MINUTES.
 */
const sessionEnvSchema = z.object({
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  STEP_UP_MINUTES: z.coerce.number().int().positive().default(10),
});

function parseSessionEnv() {
  const parsed = sessionEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Variables de entorno inválidas:\n${details}`);
  }
  return { idleMs: parsed.data.SESSION_IDLE_MINUTES * 60_000, maxMs: parsed.data.SESSION_MAX_HOURS * 3_600_000, stepUpMs: parsed.data.STEP_UP_MINUTES * 60_000 };
}

export const sessionEnv = parseSessionEnv();
