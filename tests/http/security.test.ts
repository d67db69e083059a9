import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSite } from "./support/site";

/**
 * The server's security headers and its refusal of cross-site posts (docs/security.md): the CSP of
 * a rendered page (a fresh nonce on each of its inline scripts) and of a page answered from memory
 * (the hashes of its inline scripts, no nonce), the hardening headers, and /logout's CSRF check.
 * That the browser runs the page's scripts under the policy, and refuses one it does not name, is
 * in tests/e2e/security.spec.ts.
 */
const site = useSite();

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** The CSP source a browser matches an inline script against: the SHA-256 of its text. */
const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The document's inline scripts (no src, not empty, JavaScript: a `type="application/json"` data block never runs): attributes and text. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = "", body = ""]) => ({ attributes, body }))
    .filter(({ attributes, body }) => !/\bsrc=/.test(attributes) && !/\btype="application\/json"/.test(attributes) && body.trim() !== "");

describe("security headers", () => {
  it.each(["/", "/login", "/esta-pagina-no-existe"])(
    "%s carries a CSP that allows its inline scripts by this response's nonce or, answered from memory, by their hashes, and the hardening headers",
    async (pathname) => {
      const answer = await site.visitor().get(pathname);
      const headers = answer.headers;
      const policy = directives(headers.get("content-security-policy") ?? "");
      const scriptSources = policy.get("script-src") ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("x-content-type-options")).toBe("nosniff");

      const inline = inlineScripts(answer.body);
      expect(inline.length, "inline scripts in the document").toBeGreaterThan(0);
      const nonceSource = scriptSources.find((source) => source.startsWith("'nonce-"));
      if (headers.get("x-page-cache") === "hit") {
        // The same bytes for every visitor: no nonce anywhere, each inline script by its hash.
        expect(nonceSource, `script-src ${scriptSources.join(" ")}`).toBeUndefined();
        for (const { attributes, body } of inline) {
          expect(attributes).not.toMatch(/\bnonce=/);
          expect(scriptSources).toContain(hashSource(body));
        }
      } else {
        expect(nonceSource, `script-src ${scriptSources.join(" ")}`).toBeDefined();
        const nonce = nonceSource!.slice("'nonce-".length, -1);
        expect(nonce.length).toBeGreaterThanOrEqual(16);
        for (const { attributes } of inline) expect(/\bnonce="([^"]*)"/.exec(attributes)?.[1], `nonce of <script${attributes.slice(0, 60)}>`).toBe(nonce);
      }
    },
  );

  it("every rendered response gets a fresh nonce", async () => {
    // /haz-tu-portabilidad (a form) answers private: it is rendered for every request.
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await site.visitor().get("/haz-tu-portabilidad")).headers.get("content-security-policy") ?? "")?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  it("a page answered from memory names exactly the hashes of its own inline scripts, and no nonce", async () => {
    await site.visitor().get("/");
    const hit = await site.visitor().get("/");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const policy = directives(hit.headers.get("content-security-policy") ?? "");
    const hashes = (policy.get("script-src") ?? []).filter((source) => source.startsWith("'sha256-"));
    expect(new Set(hashes)).toEqual(new Set(inlineScripts(hit.body).map(({ body }) => hashSource(body))));
    expect(hit.headers.get("content-security-policy")).not.toContain("'nonce-");
  });
});

describe("cross-site request forgery", () => {
  it("a cross-site POST to /logout answers 403 'Solicitud rechazada: origen no permitido.'", async () => {
    const answer = await site.fetch("/logout", { method: "POST", headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe("Solicitud rechazada: origen no permitido.");
  });

  it("a same-origin POST to /logout (the page's empty 'Cerrar sesión' form) is not rejected: 303 to /", async () => {
    const answer = await site.visitor().post("/logout", {});
    expect(answer.status).not.toBe(403);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
  });
});
