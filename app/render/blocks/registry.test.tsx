import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { resolveBlocks } from "./data.server";
import { blockFixtures } from "./fixtures.test-helpers";
import { blocksOf } from "./parse.server";
import { BlockList } from "./registry";
import type { ResolvedBlock } from "./types";

beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

/** The blocks rendered on the server as a page would be: inside a router and the Remix context their links need. */
async function render(blocks: ResolvedBlock[]) {
  const handler = createStaticHandler([{ path: "*", element: <BlockList blocks={blocks} /> }]);
  const context = await handler.query(new Request("http://localhost/recargas"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const remix = { manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" }, routeModules: {}, future: {}, isSpaMode: false };
  return renderToStaticMarkup(
    <RemixContext.Provider value={remix as never}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </RemixContext.Provider>,
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
