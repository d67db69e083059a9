import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forbiddenPatterns, scan } from "./secrets-check.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "bait-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the client build's secret scan", () => {
  it("finds a private key, a secret's value, a server setting's name and an upstream's address", () => {
    writeFileSync(path.join(dir, "clean.js"), 'export const a = "Recarga Bait";');
    writeFileSync(path.join(dir, "key.js"), 'const k = "-----BEGIN RSA PRIVATE KEY-----\\nMIIB";');
    writeFileSync(path.join(dir, "secret.js"), 'const s = "s3cr3t-value-of-the-site";');
    writeFileSync(path.join(dir, "env.js"), "const u = process.env.UPSTREAM_CORE_URL;");
    writeFileSync(path.join(dir, "host.js"), 'fetch("https://core.upstream.mock/api")');
    const findings = scan(dir, forbiddenPatterns({ SESSION_SECRET: "s3cr3t-value-of-the-site" }));
    expect(findings.map(({ file, what }) => `${path.basename(file)}: ${what}`).sort()).toEqual([
      "env.js: a server setting's name",
      "host.js: a mock upstream's address",
      "key.js: a private key",
      "secret.js: the value of SESSION_SECRET",
    ]);
  });
});
