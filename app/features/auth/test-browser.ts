import type { AppLoadContext } from "@remix-run/node";
import type { memoryState } from "~/lib/store/shared-state.server";
import { sharedState } from "~/lib/store/store.server";

let ipCount = 0;

/**
 * What the account-flow tests need of a browser: a cookie jar that keeps what the answers set
 * (flow cookies, flashed notices, the session) and sends it back, and a load context with an IP
 * of its own, so the attempt limits of one test never reach another.
 */
export function testBrowser(origin = "http://localhost") {
  const jar = new Map<string, string>();
  const context = { clientIp: `198.18.${Math.floor(++ipCount / 250)}.${ipCount % 250}`, cspNonce: "", visitorId: "test" } as AppLoadContext;
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  /** Stores the cookies of an answer; an expired or emptied one leaves the jar. */
  const keep = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || (/^\s*expires=/i.test(attribute) && Date.parse(attribute.split("=")[1] ?? "") < Date.now()));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  };
  const request = (path: string, init: RequestInit = {}) => new Request(`${origin}${path}`, { ...init, headers: { Cookie: cookieHeader(), ...(init.headers ?? {}) } });
  return { jar, context, keep, request };
}

/**
 * Forgets every code sent and every attempt counted (the tests' shared state is this process's
 * memory): the send limits count a number whichever browser asks, and the tests share the demo lines.
 */
export function forgetLimits() {
  (sharedState as ReturnType<typeof memoryState>).reset();
}
