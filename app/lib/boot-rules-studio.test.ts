import { describe, expect, it } from "vitest";
import { bootProblems, DEMO_REQUEST_LINK_SECRET, DEMO_SESSION_SECRET, UPSTREAM_URL_VARIABLES } from "./boot-rules.mjs";
import { parseEnv } from "./env.server";

/** The studio's start rule (app/lib/boot-rules.mjs; docs/studio.md "Turning it on"): STUDIO_SECRET strong with real upstreams, and its own. */
const SESSION = "e2e-only-session-secret-0123456789abcdef";
const LINKS = "e2e-only-request-link-secret-fedcba9876543210";
const STUDIO = "9f2c4e7a1b3d5f6081a2c3e4d5f60718";
const real: Record<string, string> = {
  NODE_ENV: "production",
  ...Object.fromEntries(UPSTREAM_URL_VARIABLES.map((name) => [name, `http://127.0.0.1:3999/${name.toLowerCase()}`])),
  DATA_DIR: "/var/lib/bait",
  SESSION_SECRET: SESSION,
  REQUEST_LINK_SECRET: LINKS,
  PREVIEW_ORIGIN: "https://vista-previa.bait.mx",
};

describe("STUDIO_SECRET", () => {
  it("with real upstreams, turns the studio on when strong and its own", () => {
    expect(bootProblems({ ...real, STUDIO_SECRET: STUDIO })).toEqual([]);
    expect(parseEnv({ ...real, STUDIO_SECRET: STUDIO }).studio).toMatchObject({ on: true, secret: STUDIO });
    // Unset, the studio is off: nothing to refuse.
    expect(bootProblems(real)).toEqual([]);
    expect(parseEnv(real).studio.on).toBe(false);
  });

  it("with real upstreams, is refused when weak or a demo secret", () => {
    const refusals = {
      corto: "debe tener al menos 32 caracteres",
      [`${"ab".repeat(20)}`]: "es demasiado predecible",
      "change-me-change-me-change-me-0123456789": "es un texto de ejemplo",
      [DEMO_SESSION_SECRET]: "es el secreto de demostración",
      [DEMO_REQUEST_LINK_SECRET]: "es un secreto de demostración",
    };
    for (const [secret, reason] of Object.entries(refusals)) {
      const problems = bootProblems({ ...real, STUDIO_SECRET: secret });
      expect(problems, secret).toEqual([expect.stringMatching(new RegExp(`^STUDIO_SECRET: ${reason}`))]);
      expect(() => parseEnv({ ...real, STUDIO_SECRET: secret })).toThrow(/^STUDIO_SECRET: /);
    }
  });

  it("must differ from SESSION_SECRET (and the links' and previews' secrets), with real upstreams or mocks", () => {
    expect(bootProblems({ ...real, STUDIO_SECRET: SESSION })).toEqual([expect.stringMatching(/^STUDIO_SECRET: debe ser distinto de SESSION_SECRET: /)]);
    expect(bootProblems({ ...real, STUDIO_SECRET: LINKS })).toEqual([expect.stringMatching(/^STUDIO_SECRET: debe ser distinto de REQUEST_LINK_SECRET: /)]);
    expect(bootProblems({ MOCKS: "true", SESSION_SECRET: SESSION, STUDIO_SECRET: SESSION })).toEqual([expect.stringMatching(/^STUDIO_SECRET: debe ser distinto de SESSION_SECRET/)]);
    // The demo world signs its sessions with the demo secret when SESSION_SECRET is unset.
    expect(bootProblems({ MOCKS: "true", STUDIO_SECRET: DEMO_SESSION_SECRET })).toEqual([expect.stringMatching(/^STUDIO_SECRET: debe ser distinto de SESSION_SECRET/)]);
    expect(bootProblems({ MOCKS: "true", CONFIG_DRAFT_DIR: "/tmp/borrador", PREVIEW_SECRET: STUDIO, STUDIO_SECRET: STUDIO })).toEqual([expect.stringMatching(/^STUDIO_SECRET: debe ser distinto de PREVIEW_SECRET/)]);
  });

  it("with mocks, may be any other secret (tests and the demo)", () => {
    expect(bootProblems({ MOCKS: "true", STUDIO_SECRET: "corto" })).toEqual([]);
    expect(parseEnv({ MOCKS: "true", STUDIO_SECRET: "corto" }).studio.on).toBe(true);
  });
});

describe("PREVIEW_ORIGIN", () => {
  const studio = { ...real, STUDIO_SECRET: STUDIO };
  const without = Object.fromEntries(Object.entries(studio).filter(([name]) => name !== "PREVIEW_ORIGIN"));

  it("is required with the studio on in production (previews on an origin of their own), and read as an origin", () => {
    expect(bootProblems(without)).toEqual([expect.stringMatching(/^PREVIEW_ORIGIN: es obligatorio con el estudio en producción/)]);
    expect(bootProblems({ ...without, MOCKS: "true" })).toEqual([expect.stringMatching(/^PREVIEW_ORIGIN: es obligatorio/)]);
    expect(parseEnv(studio).preview.origin).toBe("https://vista-previa.bait.mx");
    // Outside production, or with the studio off, previews may stay on the site's origin.
    expect(bootProblems({ ...without, NODE_ENV: "development" })).toEqual([]);
    expect(bootProblems(Object.fromEntries(Object.entries(without).filter(([name]) => name !== "STUDIO_SECRET")))).toEqual([]);
  });

  it("is a bare origin, https with real upstreams, never the site's own port on this machine", () => {
    for (const value of ["vista-previa.bait.mx", "https://vista-previa.bait.mx/estudio", "https://vista-previa.bait.mx?x=1", "ftp://vista-previa.bait.mx"]) {
      expect(bootProblems({ ...studio, PREVIEW_ORIGIN: value }), value).toEqual([expect.stringMatching(/^PREVIEW_ORIGIN: debe ser /)]);
    }
    expect(bootProblems({ ...studio, PREVIEW_ORIGIN: "http://vista-previa.bait.mx" })).toEqual([expect.stringMatching(/^PREVIEW_ORIGIN: debe empezar con https:\/\//)]);
    const demo = { MOCKS: "true", NODE_ENV: "production", STUDIO_SECRET: "corto", PORT: "3000" };
    expect(bootProblems({ ...demo, PREVIEW_ORIGIN: "http://localhost:3000" })).toEqual([expect.stringMatching(/^PREVIEW_ORIGIN: debe ser distinto del origen del sitio/)]);
    expect(bootProblems({ ...demo, PREVIEW_ORIGIN: "http://localhost:3001" })).toEqual([]);
    expect(bootProblems({ ...demo, PREVIEW_ORIGIN: "http://localhost:3001/" })).toEqual([]);
  });
});
