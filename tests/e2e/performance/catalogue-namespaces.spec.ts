import { expect, test } from "@playwright/test";
import { BASE_URL } from "../support/env";
import { SESSION_COOKIE, sessionCookieValue } from "../support/session";

// A page's HTML carries the texts of the catalogue namespaces its first render shows, and no
// others (app/lib/i18n/page-resources.tsx; docs/performance.md "JavaScript per page"): every
// namespace in its JSON must have at least one of its texts in the page itself. The server's HTML,
// over plain HTTP: checked once, in the js project.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the server's HTML, checked once in the js project");

const RESOURCES = /<script type="application\/json" id="i18n-resources">([\s\S]*?)<\/script>/;

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : texts(value)));
const decode = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
/** The literal parts of a text (values, nested keys and the tags of a Trans left out) long enough to mean something. */
const literalParts = (text: string) =>
  text
    .split(/\{\{[^}]*\}\}|<\/?\d+>|\$t\([^)]*\)/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 4);

/** The namespaces a page inlines that none of its own texts show in. */
async function unrenderedNamespaces(pathname: string, cookie?: string): Promise<{ inlined: string[]; unrendered: string[] }> {
  const response = await fetch(BASE_URL + pathname, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  const match = RESOURCES.exec(html);
  expect(match, `${pathname} carries its texts`).not.toBeNull();
  const { resources } = JSON.parse(match![1]!) as { resources: Record<string, Tree> };
  const page = decode(html.replace(/<script\b[\s\S]*?<\/script>/g, ""));
  const inlined = Object.keys(resources);
  const unrendered = inlined.filter((ns) => !texts(resources[ns]!).some((text) => literalParts(text).some((part) => page.includes(part))));
  return { inlined, unrendered };
}

const ANONYMOUS = [
  "/",
  "/recargas",
  "/recargas?recarga=BAIT50",
  "/paquetes",
  "/login",
  "/login?type=hbb",
  "/registro",
  "/recuperacion",
  "/cobertura",
  "/compatibilidad",
  "/cambiate-a-bait",
  "/cambiate-a-bait?chip=SIM200",
  "/e-sim",
  "/haz-tu-portabilidad",
  "/centros-de-atencion",
  "/cambio-nir",
];
const SIGNED_IN = ["/home", "/recurrente", "/editar-perfil"];

test("every catalogue namespace a page inlines shows in its first render", async () => {
  const cookie = `${SESSION_COOKIE}=${await sessionCookieValue(BASE_URL)}`;
  const found: string[] = [];
  for (const [pathname, sessionCookie] of [...ANONYMOUS.map((path) => [path, undefined] as const), ...SIGNED_IN.map((path) => [path, cookie] as const)]) {
    const { inlined, unrendered } = await unrenderedNamespaces(pathname, sessionCookie);
    expect(inlined, `${pathname} carries the common texts`).toContain("common");
    for (const ns of unrendered) found.push(`${pathname}: ${ns}`);
  }
  expect(found, "namespaces inlined that the page does not render").toEqual([]);
});
