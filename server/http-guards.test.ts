import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo, Server } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applySecurity, contentSecurityPolicy, frameSourcesOf, hashedPolicy, inlineSourceHashes, isCrossSiteWrite, isDataBlock, newNonce } from "./http-guards";

describe("cross-site write protection", () => {
  const host = "www.bait.mx";

  it("lets a same-origin form post through", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://www.bait.mx", secFetchSite: "same-origin" })).toBe(false);
  });

  it("rejects a post that the browser marks as cross-site", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(true);
  });

  it("rejects a post from a sibling subdomain (same-site is not same-origin)", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://blog.bait.mx", secFetchSite: "same-site" })).toBe(true);
  });

  it("falls back to the Origin header when Sec-Fetch-Site is absent", () => {
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", host, origin: "https://www.bait.mx" })).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", host, origin: "null" })).toBe(true);
  });

  it("never blocks reads", () => {
    expect(isCrossSiteWrite({ method: "GET", host, origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
  });

  it("allows non-browser clients, which carry no cookies to ride", () => {
    expect(isCrossSiteWrite({ method: "POST", host })).toBe(false);
  });
});

describe("content security policy", () => {
  it("allows only scripts with this response's nonce and forbids framing by other sites", () => {
    const policy = contentSecurityPolicy("abc123", { isProduction: true, frameSources: ["https://planes.bait.mx"] });
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("frame-src 'self' https://planes.bait.mx");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });

  it("frames the postpaid portal, and keeps it when FRAME_SOURCES lists a card provider's fields", () => {
    expect(frameSourcesOf({})).toEqual(["https://planes.bait.mx"]);
    expect(frameSourcesOf({ FRAME_SOURCES: "https://campos.proveedor.example  https://otro.example" })).toEqual(["https://planes.bait.mx", "https://campos.proveedor.example", "https://otro.example"]);
    expect(frameSourcesOf({ POSTPAID_SITE_URL: "http://127.0.0.1:3000/__mocks/pospago", FRAME_SOURCES: "https://campos.proveedor.example" })).toEqual(["http://127.0.0.1:3000", "https://campos.proveedor.example"]);
    expect(frameSourcesOf({ POSTPAID_SITE_URL: "https://planes.bait.mx/", FRAME_SOURCES: "https://planes.bait.mx" })).toEqual(["https://planes.bait.mx"]);
  });

  it("frames by default the portal site.json names (the server reads no config file at start)", () => {
    const site = JSON.parse(readFileSync(new URL("../pages-config/site.json", import.meta.url), "utf8")) as { postpaidSiteUrl: string };
    expect(frameSourcesOf({})).toEqual([new URL(site.postpaidSiteUrl).origin]);
  });
});

/**
 * Issue 39, row 1: the chat script an editor named ran because script-src trusted, through
 * 'strict-dynamic', whatever the page's own scripts inserted. The policy names the origins a
 * script may come from (the site, the nonce, the marketing platforms' and SCRIPT_ORIGINS'), and
 * nothing in config changes it.
 */
describe("script-src names the origins developers allow, and trusts nothing a script inserts", () => {
  const PLATFORMS = "https://www.googletagmanager.com https://connect.facebook.net https://analytics.tiktok.com";

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function scriptSrcOf(path: string): Promise<string> {
    const app = express();
    app.use((_req, res, next) => ((res.locals.cspNonce = "n"), next()));
    app.use(applySecurity({ isProduction: true }));
    app.get("*", (_req, res) => res.send("ok"));
    const own = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const policy = (await fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}${path}`)).headers.get("content-security-policy") ?? "";
      return policy.split("; ").find((directive) => directive.startsWith("script-src ")) ?? "";
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  }

  it("no 'strict-dynamic': a script the page inserts from another origin does not run", async () => {
    vi.stubEnv("SCRIPT_ORIGINS", "");
    const scriptSrc = await scriptSrcOf("/recargas");
    expect(scriptSrc).not.toContain("'strict-dynamic'");
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-n' ${PLATFORMS}`);
  });

  it("adds the origins of SCRIPT_ORIGINS, and only those: an origin only config names is never in it", async () => {
    vi.stubEnv("SCRIPT_ORIGINS", "https://chat.example.com");
    const scriptSrc = await scriptSrcOf("/");
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-n' ${PLATFORMS} https://chat.example.com`);
    expect(scriptSrc).not.toContain("evil.example");
    expect(scriptSrc).not.toMatch(/https:(?!\/\/)|\*|'unsafe/);
  });

  it("the payment pages stay stricter: the site's scripts and the nonce's only, whatever SCRIPT_ORIGINS says", async () => {
    vi.stubEnv("SCRIPT_ORIGINS", "https://chat.example.com");
    expect(await scriptSrcOf("/pago")).toBe("script-src 'self' 'nonce-n'");
  });
});

describe("the policy of a page answered from memory", () => {
  // The example of CSP Level 3 §8.3 (and MDN): the hash of `alert('Hello, world.');`.
  const HELLO = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

  it("hashes each inline script and style as the browser does, not the scripts with a src", () => {
    const html = `<head><style nonce="n">p{}</style><script src="/build/a.js"></script><script nonce="n">alert('Hello, world.');</script><script type="module">alert('Hello, world.');</script></head>`;
    const hashes = inlineSourceHashes(html);
    expect(hashes.scripts).toEqual([HELLO]);
    expect(hashes.styles).toEqual(["'sha256-" + createHash("sha256").update("p{}").digest("base64") + "'"]);
    // The HTML parser reads CR LF as LF: so is the text hashed.
    expect(inlineSourceHashes("<script>a\r\nb</script>").scripts).toEqual(inlineSourceHashes("<script>a\nb</script>").scripts);
  });

  it("leaves out a data block (the page's texts as JSON): the browser never runs it", () => {
    const html = `<script type="application/json" id="i18n-resources">{"common":{}}</script><script type="text/javascript">alert('Hello, world.');</script>`;
    expect(inlineSourceHashes(html).scripts).toEqual([HELLO]);
    expect(isDataBlock(' type="application/json"')).toBe(true);
    expect(isDataBlock(' type="module"')).toBe(false);
    expect(isDataBlock(' nonce="n"')).toBe(false);
  });

  it("puts the hashes where the nonce was, scripts in script-src and styles in style-src, and keeps the rest", () => {
    const policy = contentSecurityPolicy("abc123", { isProduction: true, scriptSources: ["https://chat.example.com"] });
    const hashed = hashedPolicy(policy, "abc123", { scripts: [HELLO], styles: [] });
    expect(hashed).toContain(`script-src 'self' ${HELLO} https://chat.example.com;`);
    expect(hashed).toContain("style-src 'self';");
    expect(hashed).not.toContain("nonce");
    expect(hashed).toContain("frame-ancestors 'self'");
  });

  it("draws a fresh nonce of 128 bits for every response", () => {
    const nonces = Array.from({ length: 2_000 }, newNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(Buffer.from(nonces[0]!, "base64")).toHaveLength(16);
  });
});
