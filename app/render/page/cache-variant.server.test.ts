import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "bait-config-"));
cpSync(path.resolve(__dirname, "../../../pages-config"), dir, { recursive: true });
process.env.CONFIG_DIR = dir;

let variant: typeof import("./cache-variant.server");
beforeAll(async () => {
  variant = await import("./cache-variant.server");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function editFlags(change: (flags: Record<string, { enabled: boolean; conditions?: Record<string, unknown> }>) => void) {
  const file = path.join(dir, "flags.json");
  const flags = JSON.parse(readFileSync(file, "utf8"));
  change(flags);
  writeFileSync(file, JSON.stringify(flags));
}

describe("the cache rules of anonymous pages", () => {
  it("has no variant, so nothing is cached, where the config is not watched (outside production)", () => {
    expect(variant.pageCacheVariant("", { ip: "127.0.0.1", visitorId: "a" })).toBeNull();
  });

  it("lets shared caches keep public pages while no flag depends on the visitor", () => {
    expect(variant.publicPageCacheControl()).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  });

  it("keeps them private while a flag rolls out by percentage or IP: two visitors may see different chrome", () => {
    editFlags((flags) => {
      flags["business-page"]!.conditions = { allowedPercentage: 30 };
    });
    expect(variant.publicPageCacheControl()).toBe("private, no-cache");
    editFlags((flags) => {
      flags["business-page"]!.conditions = { allowedIps: ["10.0.0.0/8"] };
    });
    expect(variant.publicPageCacheControl()).toBe("private, no-cache");
  });

  it("gives the account pages before sign-in the public pages' header when they show nothing of the visitor, else private", () => {
    editFlags((flags) => {
      delete flags["business-page"]!.conditions;
    });
    expect(variant.guestPageCacheControl(true)).toBe(variant.publicPageCacheControl());
    expect(variant.guestPageCacheControl(false)).toBe("private, no-store");
    // The sso flag (the login's SSO entry) rolled out by percentage: /login differs between visitors.
    editFlags((flags) => {
      flags["sso"]!.conditions = { allowedPercentage: 30 };
    });
    expect(variant.guestPageCacheControl(true)).toBe("private, no-cache");
    editFlags((flags) => {
      flags["sso"]!.conditions = { allowedUsers: { emails: ["demo.mbb@example.com"], phones: ["5512345678"] } };
    });
    expect(variant.guestPageCacheControl(true)).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  });

  it("keeps a page behind a flag like any public page only while the flag is the same for every visitor", () => {
    // e-sim: on for everyone; sso: only for the listed accounts.
    expect(variant.flagDependsOnVisitor("e-sim")).toBe(false);
    expect(variant.flagDependsOnVisitor("sso")).toBe(true);
    editFlags((flags) => {
      flags["e-sim"]!.conditions = { allowedPercentage: 50 };
    });
    expect(variant.flagDependsOnVisitor("e-sim")).toBe(true);
  });
});

describe("the cache lifetime of a page with something scheduled", () => {
  it("ends no later than the next `from` / `until`: s-maxage cut to the whole seconds left less one, no stale copy past it", () => {
    editFlags((flags) => {
      delete flags["business-page"]!.conditions;
      delete flags["e-sim"]!.conditions;
    });
    expect(variant.publicPageCacheControl(null)).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(variant.publicPageCacheControl(70_000)).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(variant.publicPageCacheControl(40_500)).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=29");
    expect(variant.publicPageCacheControl(5_900)).toBe("public, max-age=0, s-maxage=4");
    expect(variant.publicPageCacheControl(900)).toBe("public, max-age=0, s-maxage=0");
  });
});
