import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { resolveBlocks } from "./data.server";
import { blockFixtures } from "./fixtures.test-helpers";
import { i18n } from "~/lib/i18n/i18n.server";
import { blocksOf } from "./parse.server";
import { BlockList } from "./registry";
import type { ResolvedBlock } from "./types";

beforeAll(() => mockServer.listen({ onUnhandledFrame: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

/**
 * The blocks rendered on the server as a page would be: inside a router and the Remix context their
 * links need, with the site's i18next. `renderToString` keeps any Suspense boundary's markers.
 */
async function render(blocks: ResolvedBlock[], renderer: typeof renderToStaticMarkup = renderToStaticMarkup) {
  const handler = createStaticHandler([{ path: "*", element: <BlockList blocks={blocks} /> }]);
  const context = await handler.query(new Request("http://localhost/recargas"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const remix = { manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" }, routeModules: {}, future: {}, isSpaMode: false };
  return renderer(
    <I18nextProvider i18n={i18n}>
      <RemixContext.Provider value={remix as never}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </RemixContext.Provider>
    </I18nextProvider>,
  );
}

describe("the registry", () => {
  it.each(blockFixtures())("renders the fixture of $folder with its data to HTML", async ({ block }) => {
    const parsed = blocksOf("pages/fixture.json", { blocks: [block] });
    expect(parsed).toHaveLength(1);
    const html = await render(await resolveBlocks(parsed, new Request("http://localhost/recargas")));
    expect(html).toMatch(/^<(section|article|nav)\b/);
  });
});

describe("every view, imported plainly", () => {
  it.each(blockFixtures())("the server's HTML of $folder is complete, with no boundary left to the browser and no text shown as its key", async ({ block }) => {
    const html = await render(await resolveBlocks(blocksOf("pages/fixture.json", { blocks: [block] }), new Request("http://localhost/recargas")), renderToString);
    expect(html).toMatch(/^<(section|article|nav)\b/);
    expect(html).not.toMatch(/<!--\$/);
    expect(html).not.toMatch(/\b(blocks|recharge|common):[a-z]/);
  });
});
