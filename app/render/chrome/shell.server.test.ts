import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "~/lib/log.test-helpers";
import type * as ScriptsModule from "~/lib/config/scripts.server";

/**
 * Defence in depth (docs/security.md): whatever the config store holds (a document checked under
 * other settings, an older version), the render never hands the browser a script whose origin
 * developers did not allow (SCRIPT_ORIGINS and the list in code); it drops it and logs a warning.
 */

const ALLOWED = "https://chat.example.com/widget.js";
const EVIL = "https://evil.example/pwn.js";

vi.hoisted(() => {
  process.env.SCRIPT_ORIGINS = "https://chat.example.com";
});

const { scriptsWith } = vi.hoisted(() => ({ scriptsWith: { value: {} as { chatScriptUrl?: string; consentScripts?: string[]; acquisitionTagUrl?: string } } }));

// The scripts the config store would hand the render (the live config's: lib/config/scripts.server.ts).
vi.mock("~/lib/config/scripts.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ScriptsModule>();
  return { ...actual, scriptSettings: () => ({ ...actual.scriptSettings(), ...scriptsWith.value }) };
});

const { loadShell } = await import("./shell.server");

const context = { clientIp: "203.0.113.9", cspNonce: "", visitorId: "test" } as AppLoadContext;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the shell hands the browser scripts only from allowed origins", () => {
  it("drops a chat script, a consented script and an acquisition tag on a foreign origin, and logs each", async () => {
    scriptsWith.value = { chatScriptUrl: EVIL, consentScripts: [ALLOWED, EVIL], acquisitionTagUrl: EVIL };
    const log = captureLog();
    const { data } = await loadShell(new Request("http://localhost/"), context);
    expect(data.chatScriptUrl).toBeNull();
    expect(data.tracking.consentScripts).toEqual([ALLOWED]);
    expect(data.tracking.acquisitionTagUrl).toBeUndefined();
    expect(JSON.stringify(data)).not.toContain("evil.example/pwn.js");
    const warnings = log.entries.filter((entry) => entry.module === "scripts");
    expect(warnings.map((entry) => [entry.level, entry.field, entry.origin])).toEqual([
      [40, "tracking.consentScripts[1]", "https://evil.example"],
      [40, "tracking.acquisitionTagUrl", "https://evil.example"],
      [40, "chat.scriptUrl", "https://evil.example"],
    ]);
  });

  it("keeps a script on an allowed origin", async () => {
    scriptsWith.value = { chatScriptUrl: ALLOWED, consentScripts: [ALLOWED], acquisitionTagUrl: ALLOWED };
    const { data } = await loadShell(new Request("http://localhost/"), context);
    expect(data.chatScriptUrl).toBe(ALLOWED);
    expect(data.tracking).toMatchObject({ consentScripts: [ALLOWED], acquisitionTagUrl: ALLOWED });
  });
});
