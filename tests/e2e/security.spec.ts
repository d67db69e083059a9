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

test.describe("security headers", () => {
  for (const pathname of ["/", "/login", "/esta-pagina-no-existe"]) {
    test(`${pathname} carries a nonce CSP that matches its inline scripts, and the hardening headers`, async ({ request }) => {
      const response = await request.get(pathname);
      const headers = response.headers();

      const policy = directives(headers["content-security-policy"] ?? "");
      const scriptSources = policy.get("script-src") ?? [];
      const nonceSource = scriptSources.find((source) => source.startsWith("'nonce-"));
      expect(nonceSource, `script-src ${scriptSources.join(" ")}`).toBeDefined();
      const nonce = nonceSource!.slice("'nonce-".length, -1);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(policy.get("frame-ancestors")).toEqual(["'self'"]);

      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["x-content-type-options"]).toBe("nosniff");

      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = scripts.filter(([, attributes, body]) => !/\bsrc=/.test(attributes ?? "") && (body ?? "").trim() !== "");
      expect(inline.length, "inline scripts in the document").toBeGreaterThan(0);
      for (const [tag, attributes] of inline) {
        const value = /\bnonce="([^"]*)"/.exec(attributes ?? "")?.[1];
        expect(value, `nonce of ${tag.slice(0, 80)}…`).toBe(nonce);
      }
    });
  }

  test("every response gets a fresh nonce", async ({ request }) => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await request.get("/")).headers()["content-security-policy"] ?? "")?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });

  test("the page actually runs its scripts under the policy (no CSP violations)", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    expect(violations).toEqual([]);
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
