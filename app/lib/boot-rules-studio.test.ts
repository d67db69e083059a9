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
