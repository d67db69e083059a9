import { afterEach, describe, expect, it, vi } from "vitest";
import { rechargesConfig, siteConfig } from "./index";
import { validRecharges, validSite } from "./fixtures.test-helpers";
import { issuesOf, withValue } from "./rejections.test-helpers";

/**
 * Issue 39, row 1: an editor's draft of site.json named a script on a host of theirs
 * (`chat.scriptUrl`), and it ran on the site. Every config field that makes the browser load
 * code accepts only the origins developers allow (schemas/config/script-origins.mjs: the list in
 * code and SCRIPT_ORIGINS), never one that pages-config names.
 */

const EVIL = "https://evil.example/pwn.js";
const REFUSED = "el origen https://evil.example no está permitido para scripts: pídele a desarrollo que lo autorice (SCRIPT_ORIGINS)";

const site = () => validSite() as ReturnType<typeof validSite> & Record<string, unknown>;
const captcha = (scriptUrl: string) => ({ ...validRecharges(), modal: { captcha: { enabled: true, siteKey: "6LcExample", scriptUrl } } });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the fields that load a script refuse an origin developers did not allow", () => {
  it.each([
    ["the chat's script", ["chat"], { scriptUrl: EVIL }, ["chat", "scriptUrl"]],
    ["a consented script", ["tracking"], { consentScripts: ["https://chat.example.com/ok.js", EVIL] }, ["tracking", "consentScripts", 1]],
    ["the acquisition tag", ["tracking"], { acquisitionTagUrl: EVIL }, ["tracking", "acquisitionTagUrl"]],
  ] as const)("%s on a foreign origin, at its field, in Spanish", (_what, at, value, path) => {
    vi.stubEnv("SCRIPT_ORIGINS", "https://chat.example.com");
    expect(issuesOf(siteConfig, withValue(site(), at, value))).toContainEqual({ code: "custom", path, message: REFUSED });
  });

  it("the recharge captcha's script on a foreign origin, at its field", () => {
    expect(issuesOf(rechargesConfig, captcha(EVIL))).toContainEqual({ code: "custom", path: ["modal", "captcha", "scriptUrl"], message: REFUSED });
  });

  it("an origin is the whole scheme, host and port: a look-alike host or another port is another origin", () => {
    vi.stubEnv("SCRIPT_ORIGINS", "https://chat.example.com");
    for (const url of ["https://chat.example.com.evil.example/w.js", "https://chat.example.com:8443/w.js", "https://evil.chat.example.com/w.js", "https://user@evil.example/w.js"]) {
      expect(siteConfig.safeParse(withValue(site(), ["chat"], { scriptUrl: url })).success, url).toBe(false);
    }
  });

  it("accepts a script on an origin SCRIPT_ORIGINS lists", () => {
    vi.stubEnv("SCRIPT_ORIGINS", "https://chat.example.com https://www.google.com");
    const parsed = siteConfig.safeParse(withValue(site(), ["chat"], { scriptUrl: "https://chat.example.com/widget.js" }));
    expect(parsed.success).toBe(true);
    expect(rechargesConfig.safeParse(captcha("https://www.google.com/recaptcha/api.js")).success).toBe(true);
  });

  it("without SCRIPT_ORIGINS, a config with no script still passes (the shipped site)", () => {
    vi.stubEnv("SCRIPT_ORIGINS", "");
    expect(siteConfig.safeParse(site()).success).toBe(true);
  });
});
