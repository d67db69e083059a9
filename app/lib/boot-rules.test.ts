import { describe, expect, it } from "vitest";
import { bootProblems, clientAddress, DEMO_REQUEST_LINK_SECRET, DEMO_SESSION_SECRET, mocksOn, previewsOffReason, trustProxyRule, UPSTREAM_URL_VARIABLES, weakSecretReason } from "./boot-rules.mjs";
import { parseEnv } from "./env.server";
import { CONFIG_SCRIPT_ORIGINS } from "../../schemas/config/script-origins.mjs";

const STRONG = "e2e-only-session-secret-0123456789abcdef";
const LINK_STRONG = "e2e-only-request-link-secret-fedcba9876543210";
/**
 * What real upstreams need besides the session secret: state that survives a restart (Redis, or a
 * journal under DATA_DIR: the test below) and the 'Pide tu recarga' links' own secret (the tests at the end).
 */
const durable = { DATA_DIR: "/var/lib/bait", REQUEST_LINK_SECRET: LINK_STRONG };
const everyUpstream: Record<string, string> = { ...Object.fromEntries(UPSTREAM_URL_VARIABLES.map((name) => [name, `http://127.0.0.1:3999/${name.toLowerCase()}`])), ...durable };
/** The variables named by the lines, in order. */
const named = (lines: string[]) => lines.map((line) => line.split(":")[0]);

describe("the mock rule (one rule for server/index.ts, scripts/start.mjs and env.server.ts)", () => {
  it("is on with nothing set: npm start serves the demo", () => {
    expect(mocksOn({})).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).mocks).toBe(true);
  });

  it("is off as soon as any upstream address is set, UPSTREAM_BASE_URL or any UPSTREAM_<NAME>_URL", () => {
    expect(mocksOn({ UPSTREAM_BASE_URL: "https://api.example.mx" })).toBe(false);
    for (const name of UPSTREAM_URL_VARIABLES) expect(mocksOn({ [name]: "https://api.example.mx" }), name).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: STRONG, ...everyUpstream }).mocks).toBe(false);
  });

  it("follows MOCKS when it is given", () => {
    expect(mocksOn({ MOCKS: "true", ...everyUpstream })).toBe(true);
    expect(mocksOn({ MOCKS: "false" })).toBe(false);
  });
});

describe("the start refusals: one line per variable, naming it", () => {
  it("every UPSTREAM_<NAME>_URL set, no MOCKS and no SESSION_SECRET: refused for the secret (the review's case)", () => {
    expect(named(bootProblems({ NODE_ENV: "production", ...everyUpstream }))).toEqual(["SESSION_SECRET"]);
    expect(() => parseEnv({ NODE_ENV: "production", ...everyUpstream })).toThrow(/^SESSION_SECRET: /);
  });

  it("the demo secret is accepted only in mock mode", () => {
    expect(bootProblems({ SESSION_SECRET: DEMO_SESSION_SECRET })).toEqual([]);
    expect(bootProblems({ MOCKS: "true", SESSION_SECRET: DEMO_SESSION_SECRET, ...everyUpstream })).toEqual([]);
    const refused = bootProblems({ UPSTREAM_BASE_URL: "https://api.example.mx", ...durable, SESSION_SECRET: DEMO_SESSION_SECRET });
    expect(refused).toEqual(["SESSION_SECRET: es el secreto de demostración; sólo vale con MOCKS=true"]);
  });

  it.each([
    ["too short", "s3cr3t-corto"],
    ["one repeated character", "a".repeat(64)],
    ["two characters repeated", "ab".repeat(32)],
    ["a placeholder", "change-me-please-0123456789-abcdefghij"],
    ["a placeholder in Spanish, with its accent", "cámbiame-por-favor-0123456789-abcdefghij"],
  ])("a weak SESSION_SECRET is refused with real upstreams and with mocks: %s", (_case, secret) => {
    expect(weakSecretReason(secret)).toBeDefined();
    expect(named(bootProblems({ UPSTREAM_BASE_URL: "https://api.example.mx", ...durable, SESSION_SECRET: secret }))).toEqual(["SESSION_SECRET"]);
    expect(named(bootProblems({ SESSION_SECRET: secret }))).toEqual(["SESSION_SECRET"]);
  });

  it("a strong secret passes", () => {
    expect(weakSecretReason(STRONG)).toBeUndefined();
    expect(bootProblems({ NODE_ENV: "production", SESSION_SECRET: STRONG, ...everyUpstream })).toEqual([]);
    expect(bootProblems({ SESSION_SECRET: STRONG, UPSTREAM_BASE_URL: "https://api.example.mx", ...durable })).toEqual([]);
  });

  it("with mocks off, each missing UPSTREAM_<NAME>_URL is a line of its own, unless UPSTREAM_BASE_URL gives them all", () => {
    const { UPSTREAM_SSO_URL: _sso, UPSTREAM_BANNERS_URL: _banners, ...someUpstreams } = everyUpstream;
    expect(named(bootProblems({ SESSION_SECRET: STRONG, ...someUpstreams }))).toEqual(["UPSTREAM_SSO_URL", "UPSTREAM_BANNERS_URL"]);
    expect(named(bootProblems({ MOCKS: "false", SESSION_SECRET: STRONG, ...durable }))).toEqual(UPSTREAM_URL_VARIABLES);
  });

  it("with real upstreams, no state that survives a restart is refused: REDIS_URL, or DATA_DIR on one machine; the demo may keep memory", () => {
    const real = { SESSION_SECRET: STRONG, UPSTREAM_BASE_URL: "https://api.example.mx", REQUEST_LINK_SECRET: LINK_STRONG };
    const refused = bootProblems(real);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^REDIS_URL: con upstreams reales hace falta un estado que sobreviva a un reinicio .*REDIS_URL, o DATA_DIR/);
    expect(bootProblems({ ...real, REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([]);
    expect(bootProblems({ ...real, DATA_DIR: "/var/lib/bait" })).toEqual([]);
    // An empty value is an unset one.
    expect(named(bootProblems({ ...real, DATA_DIR: "" }))).toEqual(["REDIS_URL"]);
    expect(bootProblems({ SESSION_SECRET: STRONG })).toEqual([]);
  });

  it("refuses a MOCKS that is neither true nor false, an upstream address that is no URL, several workers without Redis", () => {
    expect(named(bootProblems({ MOCKS: "yes" }))).toContain("MOCKS");
    expect(named(bootProblems({ SESSION_SECRET: STRONG, UPSTREAM_BASE_URL: "api.example.mx" }))).toContain("UPSTREAM_BASE_URL");
    expect(named(bootProblems({ WEB_CONCURRENCY: "4" }))).toEqual(["REDIS_URL"]);
    expect(bootProblems({ WEB_CONCURRENCY: "4", REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([]);
    expect(named(bootProblems({ WEB_CONCURRENCY: "muchos" }))).toEqual(["WEB_CONCURRENCY"]);
  });

  it.each(["true", "all", "TRUE", "*", "yes", "10.0.0.0/33", "99"])("TRUST_PROXY=%s is refused", (value) => {
    expect(named(bootProblems({ TRUST_PROXY: value }))).toEqual(["TRUST_PROXY"]);
  });
});

describe("previews of the draft config (CONFIG_DRAFT_DIR): they fail closed", () => {
  it("CONFIG_DRAFT_DIR without PREVIEW_SECRET refuses the start, with mocks on or off, in one Spanish line", () => {
    expect(bootProblems({ CONFIG_DRAFT_DIR: "/srv/borrador" })).toEqual([
      "PREVIEW_SECRET: es obligatorio con CONFIG_DRAFT_DIR: firma los enlaces de vista previa del borrador; genera uno con openssl rand -hex 32",
    ]);
    expect(named(bootProblems({ NODE_ENV: "production", SESSION_SECRET: STRONG, ...everyUpstream, CONFIG_DRAFT_DIR: "/srv/borrador" }))).toEqual(["PREVIEW_SECRET"]);
    expect(() => parseEnv({ CONFIG_DRAFT_DIR: "/srv/borrador" })).toThrow(/^PREVIEW_SECRET: /);
    expect(bootProblems({ CONFIG_DRAFT_DIR: "/srv/borrador", PREVIEW_SECRET: STRONG })).toEqual([]);
    expect(bootProblems({ PREVIEW_SECRET: STRONG })).toEqual([]);
  });

  it("are off without a draft folder or a secret, and with a weak secret in production with real upstreams", () => {
    expect(previewsOffReason({ secret: STRONG, isProduction: true, mocks: false })).toMatch(/CONFIG_DRAFT_DIR/);
    expect(previewsOffReason({ draftDir: "/srv/borrador", isProduction: false, mocks: true })).toMatch(/PREVIEW_SECRET/);
    expect(previewsOffReason({ draftDir: "/srv/borrador", secret: "corto", isProduction: true, mocks: false })).toBe("PREVIEW_SECRET debe tener al menos 32 caracteres");
    expect(previewsOffReason({ draftDir: "/srv/borrador", secret: "corto", isProduction: true, mocks: true })).toBeUndefined();
    expect(previewsOffReason({ draftDir: "/srv/borrador", secret: STRONG, isProduction: true, mocks: false })).toBeUndefined();
    const production = { NODE_ENV: "production", SESSION_SECRET: STRONG, ...everyUpstream, CONFIG_DRAFT_DIR: "/srv/borrador" };
    expect(parseEnv({ ...production, PREVIEW_SECRET: "corto" }).preview.offReason).toMatch(/^PREVIEW_SECRET /);
    expect(parseEnv({ ...production, PREVIEW_SECRET: STRONG }).preview).toMatchObject({ draftDir: "/srv/borrador", offReason: undefined, linkHours: 8 });
  });
});

describe("the 'Pide tu recarga' links' secret (docs/request-link.md)", () => {
  const real = { SESSION_SECRET: STRONG, UPSTREAM_BASE_URL: "https://api.example.mx", DATA_DIR: "/var/lib/bait" };

  it("is required with real upstreams, in one Spanish line naming it; the demo runs on its demo secret", () => {
    expect(bootProblems(real)).toEqual([
      "REQUEST_LINK_SECRET: es obligatorio con upstreams reales (MOCKS=false): firma los enlaces de 'Pide tu recarga'; genera uno con openssl rand -hex 32",
    ]);
    expect(() => parseEnv({ NODE_ENV: "production", ...real })).toThrow(/^REQUEST_LINK_SECRET: /);
    expect(bootProblems({})).toEqual([]);
    expect(parseEnv({}).requestLinks).toEqual({ secret: DEMO_REQUEST_LINK_SECRET, previousSecrets: [] });
  });

  it("is strong like SESSION_SECRET, never the demo secret with real upstreams, and never SESSION_SECRET itself", () => {
    expect(named(bootProblems({ ...real, REQUEST_LINK_SECRET: "corto-0123456789" }))).toEqual(["REQUEST_LINK_SECRET"]);
    expect(named(bootProblems({ ...real, REQUEST_LINK_SECRET: "z".repeat(40) }))).toEqual(["REQUEST_LINK_SECRET"]);
    expect(bootProblems({ ...real, REQUEST_LINK_SECRET: DEMO_REQUEST_LINK_SECRET })).toEqual(["REQUEST_LINK_SECRET: es el secreto de demostración de los enlaces; sólo vale con MOCKS=true"]);
    expect(bootProblems({ ...real, REQUEST_LINK_SECRET: STRONG })[0]).toMatch(/^REQUEST_LINK_SECRET: debe ser distinto de SESSION_SECRET/);
    // With mocks the demo secret may be named; any other must be strong there too.
    expect(bootProblems({ REQUEST_LINK_SECRET: DEMO_REQUEST_LINK_SECRET })).toEqual([]);
    expect(named(bootProblems({ REQUEST_LINK_SECRET: "corto" }))).toEqual(["REQUEST_LINK_SECRET"]);
    expect(bootProblems({ ...real, REQUEST_LINK_SECRET: LINK_STRONG })).toEqual([]);
  });

  it("rotation: REQUEST_LINK_PREVIOUS_SECRETS, separated by spaces, each strong; parsed as a list", () => {
    const previous = "previous-link-secret-0123456789abcdefghij";
    const rotated = { ...real, REQUEST_LINK_SECRET: LINK_STRONG, REQUEST_LINK_PREVIOUS_SECRETS: ` ${previous}  ${"older-link-secret-abcdefghij0123456789"} ` };
    expect(bootProblems(rotated)).toEqual([]);
    expect(parseEnv({ NODE_ENV: "production", ...rotated }).requestLinks).toEqual({ secret: LINK_STRONG, previousSecrets: [previous, "older-link-secret-abcdefghij0123456789"] });
    expect(bootProblems({ ...real, REQUEST_LINK_SECRET: LINK_STRONG, REQUEST_LINK_PREVIOUS_SECRETS: `${previous} corto` })).toEqual(["REQUEST_LINK_PREVIOUS_SECRETS: uno de ellos debe tener al menos 32 caracteres"]);
  });
});

describe("TRUST_PROXY: the client is read from the right", () => {
  const socket = "10.0.0.5";

  it("without TRUST_PROXY the client is the socket's address, whatever X-Forwarded-For says", () => {
    expect(clientAddress(socket, "1.2.3.4", trustProxyRule(undefined))).toBe(socket);
    expect(clientAddress(socket, "1.2.3.4", trustProxyRule("false"))).toBe(socket);
  });

  it("one hop: the entry the proxy appended (rightmost), not the leftmost one the client wrote", () => {
    const rule = trustProxyRule("1");
    expect(clientAddress(socket, "203.0.113.7", rule)).toBe("203.0.113.7");
    // A forged leftmost entry changes nothing: the proxy appended the real address at the right.
    expect(clientAddress(socket, "6.6.6.6, 203.0.113.7", rule)).toBe("203.0.113.7");
    expect(clientAddress(socket, ["9.9.9.9, 8.8.8.8", "203.0.113.7"], rule)).toBe("203.0.113.7");
  });

  it("two hops: the second entry from the right", () => {
    expect(clientAddress(socket, "6.6.6.6, 203.0.113.7, 10.0.0.4", trustProxyRule("2"))).toBe("203.0.113.7");
  });

  it("a list of proxies (a BlockList): trusted addresses are skipped from the right, the first other one is the client", () => {
    const rule = trustProxyRule("10.0.0.0/8, 192.168.1.1");
    expect(clientAddress(socket, "6.6.6.6, 203.0.113.7, 192.168.1.1", rule)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:10.0.0.5", "6.6.6.6, 203.0.113.7", rule)).toBe("203.0.113.7");
    // A request that did not come through a listed proxy: the socket is the client, its header ignored.
    expect(clientAddress("198.51.100.9", "6.6.6.6", rule)).toBe("198.51.100.9");
  });

  it("names and IPv6 ranges", () => {
    const rule = trustProxyRule("loopback, fd00::/8");
    expect(clientAddress("::1", "6.6.6.6, 2001:db8::1, fd00::2", rule)).toBe("2001:db8::1");
    expect(clientAddress("127.0.0.1", "203.0.113.7", rule)).toBe("203.0.113.7");
  });

  it("is never trust-everything", () => {
    expect(() => trustProxyRule("true")).toThrow(/no se acepta confiar en cualquier proxy/);
    expect(() => trustProxyRule("all")).toThrow(/no se acepta confiar en cualquier proxy/);
  });
});

describe("SCRIPT_ORIGINS: the origins config may name for a script (docs/studio.md)", () => {
  it.each(["*", "https://*.example.com", "http://chat.example.com", "https://chat.example.com/widget.js", "chat.example.com", "'unsafe-inline'", "https://chat.example.com;script-src", "data:"])(
    "refuses %s at start, in one Spanish line naming it",
    (value) => {
      const lines = bootProblems({ SCRIPT_ORIGINS: `https://ok.example.com ${value}` });
      expect(named(lines)).toEqual(["SCRIPT_ORIGINS"]);
      expect(lines[0]).toContain("no es un origen https://");
    },
  );

  it("accepts origins separated by spaces and adds them to the list in code", () => {
    expect(bootProblems({ SCRIPT_ORIGINS: " https://chat.example.com  https://tags.example.com:8443 " })).toEqual([]);
    expect(parseEnv({ SCRIPT_ORIGINS: "https://chat.example.com https://chat.example.com/" }).scriptOrigins).toEqual([...CONFIG_SCRIPT_ORIGINS, "https://chat.example.com"]);
    expect(parseEnv({}).scriptOrigins).toEqual([...CONFIG_SCRIPT_ORIGINS]);
  });
});
