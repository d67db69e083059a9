import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "~/lib/log.test-helpers";
import type * as ConfigModule from "~/lib/config/config.server";

/**
 * Issue 39, row 1, defence in depth: whatever the config store holds (a document checked under
 * other settings, an older version), the render never hands the browser a script whose origin
 * developers did not allow (SCRIPT_ORIGINS and the list in code); it drops it and logs a warning.
 */

const ALLOWED = "https://chat.example.com/widget.js";
const EVIL = "https://evil.example/pwn.js";

vi.hoisted(() => {
  process.env.SCRIPT_ORIGINS = "https://chat.example.com";
});

const { siteWith } = vi.hoisted(() => ({ siteWith: { value: {} as { chat?: object; tracking?: object } } }));

vi.mock("~/lib/config/config.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ConfigModule>();
  return {
    ...actual,
    getSite: () => {
      const site = actual.getSite();
      return { ...site, chat: siteWith.value.chat ?? site.chat, tracking: { ...site.tracking, ...siteWith.value.tracking } };
    },
  };
});

const { loadShell } = await import("./shell.server");

const context = { clientIp: "203.0.113.9", cspNonce: "", visitorId: "test" } as AppLoadContext;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the shell hands the browser scripts only from allowed origins", () => {
  it("drops a chat script, a consented script and an acquisition tag on a foreign origin, and logs each", async () => {
    siteWith.value = { chat: { scriptUrl: EVIL }, tracking: { consentScripts: [ALLOWED, EVIL], acquisitionTagUrl: EVIL } };
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
    siteWith.value = { chat: { scriptUrl: ALLOWED }, tracking: { consentScripts: [ALLOWED], acquisitionTagUrl: ALLOWED } };
    const { data } = await loadShell(new Request("http://localhost/"), context);
    expect(data.chatScriptUrl).toBe(ALLOWED);
    expect(data.tracking).toMatchObject({ consentScripts: [ALLOWED], acquisitionTagUrl: ALLOWED });
  });
});
