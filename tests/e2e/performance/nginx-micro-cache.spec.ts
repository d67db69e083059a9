import { expect, test } from "@playwright/test";
import { microCacheSite, nginxBinary, startNginx, type Nginx } from "../../../scripts/bench/nginx";
import { waitForHydration } from "../support/hydration";
import { BASE_URL, PORT, ownPort } from "../support/env";
import { SESSION_COOKIE, sessionCookieValue } from "../support/session";

/**
 * deploy/nginx/micro-cache.conf, as shipped, in front of the suite's server (docs/performance.md
 * "nginx micro-cache"): anonymous pages kept and served with a fresh CSP nonce per response, in
 * the policy and in the page; sessions and private answers never kept; the consent cookie in the
 * key. One line differs: a kept page lives an hour here, not 1 s, so that no step races its
 * expiry. The 1 s itself, and how a page is refreshed, are read from the conf by
 * tests/unit/nginx-micro-cache.test.ts; how soon a visitor sees a publish through it is measured by
 * `npm run bench -- shutdown` (docs/performance.md). nginx comes from Debian's nginx-light (.ci/run
 * installs it). One project runs it: the browser part needs JavaScript.
 */

const NGINX_PORT = ownPort(23);
const NGINX = `http://127.0.0.1:${NGINX_PORT}`;

test.describe.configure({ mode: "serial" });
test.skip(() => test.info().project.name !== "js", "runs once, in the js project");

let nginx: Nginx | undefined;

test.beforeAll(async () => {
  if (test.info().project.name !== "js") return;
  if (!nginxBinary()) throw new Error("nginx is not installed (apt-get install nginx-light; .ci/run does it)");
  nginx = await startNginx(NGINX_PORT, microCacheSite(process.cwd(), PORT, NGINX_PORT, { keepFor: "1h" }));
});

test.afterAll(() => nginx?.stop());

const get = (pathname: string, cookie?: string) => fetch(NGINX + pathname, { headers: { "Accept-Encoding": "gzip", ...(cookie ? { cookie } : {}) } });
const policyNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
const pageNonces = (html: string) => new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map(([, nonce]) => nonce));

test("an anonymous page is kept, and every answer from the cache has a nonce of its own, in the policy and in the page", async () => {
  const first = await get("/paquetes-bait-internacionales");
  expect(first.status).toBe(200);
  await first.text();
  const answers = [await get("/paquetes-bait-internacionales"), await get("/paquetes-bait-internacionales")];
  const nonces: string[] = [];
  for (const answer of answers) {
    expect(answer.headers.get("x-cache")).toBe("HIT");
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.getSetCookie()).toEqual([]);
    const nonce = policyNonce(answer);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // Both nonces of the policy (scripts and styles) are this answer's.
    expect(answer.headers.get("content-security-policy")?.match(/'nonce-[^']+'/g)).toEqual([`'nonce-${nonce}'`, `'nonce-${nonce}'`]);
    expect([...pageNonces(await answer.text())]).toEqual([nonce]);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("a visitor with a session or a flow under way, and a page that answers private, always reach the app", async () => {
  const session = `${SESSION_COOKIE}=${await sessionCookieValue(BASE_URL)}`;
  for (let round = 0; round < 2; round += 1) {
    expect((await get("/paquetes", session)).headers.get("x-cache")).toBe("BYPASS");
    // A registration under way: its flow's cookie, which the app drops once the person leaves its pages.
    expect((await get("/paquetes", "__Host-bait_registro=x")).headers.get("x-cache")).toBe("BYPASS");
    expect((await get("/haz-tu-portabilidad")).headers.get("x-cache")).toBe("MISS");
  }
});

test("the pages before sign-in are kept like any anonymous page, and a form's answer never is", async () => {
  for (const pathname of ["/login?type=hbb", "/registro?type=mifi", "/recuperacion?exist=1&type=mbb"]) {
    await (await get(pathname)).text();
    const kept = await get(pathname);
    expect(kept.headers.get("x-cache"), pathname).toBe("HIT");
    expect(kept.headers.getSetCookie(), pathname).toEqual([]);
  }
  const answer = await fetch(`${NGINX}/login?type=hbb`, {
    method: "POST",
    body: new URLSearchParams({ number: "55", password: "" }),
    // No Origin: nginx passes the host without its port, as a deployment on 443 would.
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(answer.status).toBe(400);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  expect(answer.headers.get("x-cache")).not.toBe("HIT");
  expect((await get("/login?type=hbb")).headers.get("x-cache")).toBe("HIT");
});

test("consent is part of the key: a visitor who accepted cookies is not served the page of one who did not", async () => {
  await (await get("/promociones")).text();
  expect((await get("/promociones")).headers.get("x-cache")).toBe("HIT");
  expect((await get("/promociones", "bait_cookies=aceptadas")).headers.get("x-cache")).toBe("MISS");
});

test("a page from the cache runs its scripts in the browser: the policy lets them (no CSP violation)", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // The browser's first visit stores the page (nginx keeps a copy per Accept-Encoding, the app
  // answering `Vary: Accept-Encoding`); its second is answered from the cache.
  await page.goto(NGINX + "/paquetes");
  expect(await (await page.goto(NGINX + "/paquetes"))?.headerValue("x-cache")).toBe("HIT");
  await waitForHydration(page);
  expect(violations).toEqual([]);
});
