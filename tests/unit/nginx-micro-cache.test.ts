import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MICRO_CACHE_VALID, microCacheSite } from "../../scripts/bench/nginx";

/**
 * How long deploy/nginx/micro-cache.conf keeps a page, and how it refreshes one, read from the
 * file: nginx's own expiry is nginx's, so the promise it makes (a public page kept 1 s whatever its
 * s-maxage, a studio publish seen through it within 2 s; docs/performance.md "nginx micro-cache")
 * is checked here as configuration and measured by `npm run bench -- shutdown`, while
 * tests/e2e/performance/nginx-micro-cache.spec.ts runs the conf with a longer lifetime to check
 * what is kept and how it is served.
 */
const root = path.resolve(__dirname, "../..");
const conf = readFileSync(path.join(root, "deploy/nginx/micro-cache.conf"), "utf8");
/** The directives of the `location /` block, one per entry, comments dropped. */
const pages = (() => {
  const block = /location \/ \{([\s\S]*?)\n {4}\}/.exec(conf)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean);
})();

describe("deploy/nginx/micro-cache.conf's lifetime of a kept page", () => {
  it("keeps any kept answer 1 s, ignoring the app's Cache-Control and Expires (whose s-maxage is for a CDN)", () => {
    expect(pages).toContain(MICRO_CACHE_VALID);
    expect(pages.filter((line) => line.startsWith("proxy_cache_valid"))).toEqual([MICRO_CACHE_VALID]);
    expect(pages).toContain("proxy_ignore_headers Cache-Control Expires;");
  });

  it("refreshes an expired page with one request while the others get the stored one, and never waits more than 5 s for it", () => {
    expect(pages).toContain("proxy_cache_lock on;");
    expect(pages).toContain("proxy_cache_lock_timeout 5s;");
    expect(pages).toContain("proxy_cache_background_update on;");
    expect(pages.find((line) => line.startsWith("proxy_cache_use_stale"))).toMatch(/\bupdating\b/);
  });

  it("keeps only GET and HEAD, never for a visitor with a session, nor what the app did not say public", () => {
    expect(pages).toContain("proxy_cache_methods GET HEAD;");
    expect(pages).toContain("proxy_cache_bypass $bait_has_session;");
    expect(pages).toContain("proxy_no_cache $bait_has_session $bait_not_shared;");
  });
});

describe("the conf the browser test runs (scripts/bench/nginx.ts microCacheSite)", () => {
  const prefix = mkdtempSync(path.join(tmpdir(), "bait-micro-cache-"));
  afterAll(() => rmSync(prefix, { recursive: true, force: true }));

  it("is the shipped one with its ADJUST places set, and with keepFor only the lifetime differs", () => {
    const shipped = microCacheSite(root, 4000, 4001)(mkdtempSync(path.join(prefix, "a-")));
    const longer = microCacheSite(root, 4000, 4001, { keepFor: "1h" })(mkdtempSync(path.join(prefix, "b-")));
    expect(shipped).toContain("server 127.0.0.1:4000;");
    expect(shipped).toContain("listen 127.0.0.1:4001;");
    expect(shipped).toContain(MICRO_CACHE_VALID);
    const withoutCache = (site: string) => site.replace(/proxy_cache_path \S+/, "proxy_cache_path <cache>");
    expect(withoutCache(longer)).toBe(withoutCache(shipped).replace(MICRO_CACHE_VALID, "proxy_cache_valid any 1h;"));
  });
});
