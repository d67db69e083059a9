import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { i18n } from "~/lib/i18n/i18n.server";
import { InlineText, RichContent } from "./rich-text";

/** Rendered on the server as a page would be: inside a router and the Remix context links need, with the site's i18next. */
async function render(element: ReactNode) {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const remix = { manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" }, routeModules: {}, future: {}, isSpaMode: false };
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RemixContext.Provider value={remix as never}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </RemixContext.Provider>
    </I18nextProvider>,
  );
}

/** What a config:check or a schema would refuse (docs/security.md): even if one got through, never a link. */
const HOSTILE = [
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "\u0001javascript:alert(1)",
  "java\u0000script:alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "//evil.example",
  "/\\evil.example",
  "http://evil.example",
  "https:evil.example",
];

describe("rich text", () => {
  it.each(HOSTILE)("draws a link to %j as its text only", async (href) => {
    const html = await render(
      <>
        <InlineText text={`Ver [aquí](${href}) ahora.`} />
        <RichContent nodes={[{ p: `Y [allá](${href}).` }]} />
      </>,
    );
    expect(html).not.toMatch(/<a\b/);
    expect(html).not.toMatch(/href=/);
    expect(html).toMatch(/^Ver (<!-- -->)?aquí/);
    expect(html).toContain("allá");
  });

  it("draws a path of the site, an https address, an e-mail and a phone as links", async () => {
    const html = await render(<InlineText text="[Recargas](/recargas), [términos](https://bait.mx/t), [correo](mailto:hola@bait.mx) y [llámanos](tel:+525512345678)." />);
    expect(html).toContain('href="/recargas"');
    expect(html).toMatch(/<a href="https:\/\/bait\.mx\/t" target="_blank" rel="noopener noreferrer">términos/);
    expect(html).toMatch(/<a href="mailto:hola@bait\.mx">correo<\/a>/);
    expect(html).toMatch(/<a href="tel:\+525512345678">llámanos<\/a>/);
  });
});
