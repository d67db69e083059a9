import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "./support/env";

// Headers and CSRF are answered by the server alone: one browser setting is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour, checked once in the js project");

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

test.describe("security headers", () => {
  for (const pathname of ["/", "/login", "/esta-pagina-no-existe"]) {
    test(`${pathname} carries a CSP that allows its inline scripts by this response's nonce or, answered from memory, by their hashes, and the hardening headers`, async ({ request }) => {
      const response = await request.get(pathname);
      const headers = response.headers();

      const policy = directives(headers["content-security-policy"] ?? "");
      const scriptSources = policy.get("script-src") ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(policy.get("frame-ancestors")).toEqual(["'self'"]);

      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"]).toBe("nosniff");

      const inline = inlineScripts(await response.text());
      expect(inline.length, "inline scripts in the document").toBeGreaterThan(0);
      const nonceSource = scriptSources.find((source) => source.startsWith("'nonce-"));
      if (headers["x-page-cache"] === "hit") {
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
    });
  }

  test("every rendered response gets a fresh nonce", async ({ request }) => {
    // /haz-tu-portabilidad (a form) answers private: it is rendered for every request.
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await request.get("/haz-tu-portabilidad")).headers()["content-security-policy"] ?? "")?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test("a page answered from memory names exactly the hashes of its own inline scripts, and no nonce", async ({ request }) => {
    await request.get("/");
    const hit = await request.get("/");
    expect(hit.headers()["x-page-cache"]).toBe("hit");
    const policy = directives(hit.headers()["content-security-policy"] ?? "");
    const hashes = (policy.get("script-src") ?? []).filter((source) => source.startsWith("'sha256-"));
    expect(new Set(hashes)).toEqual(new Set(inlineScripts(await hit.text()).map(({ body }) => hashSource(body))));
    expect(hit.headers()["content-security-policy"]).not.toContain("'nonce-");
  });

  test("the page actually runs its scripts under the policy (no CSP violations), rendered and from memory", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    const again = await page.goto("/");
    expect(await again?.headerValue("x-page-cache")).toBe("hit");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(violations).toEqual([]);
  });

  test("an inline script a page answered from memory does not name is refused", async ({ page, request }) => {
    await request.get("/");
    // The stored answer, its policy untouched, with one script more: as an injection would add it.
    await page.route("**/", async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-page-cache"]).toBe("hit");
      const body = (await response.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
      await route.fulfill({ response, body });
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
  });
});

test.describe("cross-site request forgery", () => {
  test("a cross-site POST to /logout answers 403 'Solicitud rechazada: origen no permitido.'", async ({ request }) => {
    const response = await request.post("/logout", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe("Solicitud rechazada: origen no permitido.");
  });

  test("a same-origin POST to /logout is not rejected", async ({ request }) => {
    // As the page's 'Cerrar sesión' form sends it: an empty form.
    const response = await request.post("/logout", {
      form: {},
      headers: { Origin: BASE_URL, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(response.status()).not.toBe(403);
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/");
  });
});
