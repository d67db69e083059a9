import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossSiteWrite } from "./http-guards.mjs";

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
    expect(policy).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("frame-src 'self' https://planes.bait.mx");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-inline");
  });
});
