import { describe, expect, it } from "vitest";
import { bootProblems, DEMO_SESSION_SECRET, UPSTREAM_URL_VARIABLES } from "./boot-rules.mjs";
import { parseEnv } from "./env.server";

/**
 * The settings a deploy is refused with (docs/operations.md "Production"), one `it` each, with the
 * line server/index.ts and scripts/start.mjs print before exiting with code 1: both print
 * bootProblems' lines as they are, and a value only the app's own schema checks
 * (app/lib/env.server.ts, inside the build) comes as the EnvError's message, one line a variable.
 * That a refusal really stops a process before it listens, with exit code 1 and nothing else on
 * stderr, is shown once by tests/e2e/scale/boot.spec.ts.
 */

const SESSION_SECRET = "e2e-only-session-secret-0123456789abcdef";
const REQUEST_LINK_SECRET = "e2e-only-request-link-secret-fedcba9876543210";
const UPSTREAM = "http://127.0.0.1:3999";
const DATA_DIR = "/var/lib/bait";
/** Every upstream at its own address (what mocks/upstream-names.ts upstreamEnv gives). */
const everyUpstream = Object.fromEntries(UPSTREAM_URL_VARIABLES.map((name) => [name, `${UPSTREAM}/${name.slice("UPSTREAM_".length, -"_URL".length).toLowerCase()}`]));
const LINKS = { REQUEST_LINK_SECRET };

/** What a start with these settings prints before it exits: exactly one line, which must match. */
function refusedWith(env: Record<string, string>, line: RegExp) {
  const lines = bootProblems(env);
  expect(lines, JSON.stringify(env)).toHaveLength(1);
  expect(lines[0]).toMatch(line);
}

describe("a start is refused, in one Spanish line naming the variable", () => {
  it("every upstream set, no MOCKS and no SESSION_SECRET (the review's case)", () => {
    refusedWith({ NODE_ENV: "production", ...everyUpstream, ...LINKS, DATA_DIR }, /^SESSION_SECRET: es obligatorio con upstreams reales/);
  });

  it("the demo session secret with a real upstream", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, ...LINKS, DATA_DIR, SESSION_SECRET: DEMO_SESSION_SECRET }, /^SESSION_SECRET: es el secreto de demostración/);
  });

  it("a predictable session secret (one character repeated)", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, ...LINKS, DATA_DIR, SESSION_SECRET: "x".repeat(48) }, /^SESSION_SECRET: es demasiado predecible/);
  });

  it("a short session secret", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, ...LINKS, DATA_DIR, SESSION_SECRET: "corto-0123456789" }, /^SESSION_SECRET: debe tener al menos 32 caracteres/);
  });

  it("real upstreams and no state that survives a restart (neither REDIS_URL nor DATA_DIR): a payment under way would be charged twice after a crash", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, ...LINKS, SESSION_SECRET }, /^REDIS_URL: con upstreams reales hace falta un estado que sobreviva a un reinicio/);
  });

  it("real upstreams without the 'Pide tu recarga' links' own secret (docs/request-link.md)", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, DATA_DIR, SESSION_SECRET }, /^REQUEST_LINK_SECRET: es obligatorio con upstreams reales/);
  });

  it("the links' secret the same as the session's", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, DATA_DIR, SESSION_SECRET, REQUEST_LINK_SECRET: SESSION_SECRET }, /^REQUEST_LINK_SECRET: debe ser distinto de SESSION_SECRET/);
  });

  it("a short links' secret", () => {
    refusedWith({ NODE_ENV: "production", UPSTREAM_BASE_URL: UPSTREAM, DATA_DIR, SESSION_SECRET, REQUEST_LINK_SECRET: "corto-0123456789" }, /^REQUEST_LINK_SECRET: debe tener al menos 32 caracteres/);
  });

  it("trusting every proxy", () => {
    refusedWith({ NODE_ENV: "production", TRUST_PROXY: "true" }, /^TRUST_PROXY: no se acepta confiar en cualquier proxy/);
  });

  it("several workers without Redis", () => {
    refusedWith({ NODE_ENV: "production", WEB_CONCURRENCY: "2" }, /^REDIS_URL: es obligatorio con WEB_CONCURRENCY > 1/);
  });

  it("a draft config nobody could open safely: CONFIG_DRAFT_DIR without PREVIEW_SECRET (docs/config.md \"Previews\")", () => {
    refusedWith({ NODE_ENV: "production", CONFIG_DRAFT_DIR: "pages-config" }, /^PREVIEW_SECRET: es obligatorio con CONFIG_DRAFT_DIR/);
  });

  it("with mocks off and no UPSTREAM_BASE_URL, each missing upstream, one line each, in order", () => {
    const lines = bootProblems({ NODE_ENV: "production", UPSTREAM_CORE_URL: `${UPSTREAM}/core`, SESSION_SECRET, ...LINKS, DATA_DIR });
    expect(lines.map((entry) => entry.split(":")[0])).toEqual(UPSTREAM_URL_VARIABLES.filter((name) => name !== "UPSTREAM_CORE_URL"));
    for (const line of lines) expect(line).toMatch(/^UPSTREAM_[A-Z_]+_URL: es obligatorio con upstreams reales/);
  });

  it("a value only the app's own schema checks (UPSTREAM_TIMEOUT_MS): the start rules pass it, the build's check refuses it in one line", () => {
    const env = { NODE_ENV: "production", UPSTREAM_TIMEOUT_MS: "pronto" };
    expect(bootProblems(env)).toEqual([]);
    let refusal: unknown;
    try {
      parseEnv(env);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ name: "EnvError" });
    const lines = String((refusal as Error).message).split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^UPSTREAM_TIMEOUT_MS: /);
  });
});
