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
import * as blockTypes from "./index";
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

/** The wrapper of a block the browser keeps as the server rendered it (~/components/static-html). */
const KEPT = '<div class="static" data-static="">';
/** The block's own HTML: what follows the wrapper of a kept block. */
const own = (html: string) => (html.startsWith(KEPT) ? html.slice(KEPT.length) : html);

describe("the registry", () => {
  it.each(blockFixtures())("renders the fixture of $folder with its data to HTML, kept as it is in the browser unless the block is interactive", async ({ block }) => {
    const parsed = blocksOf("pages/fixture.json", { blocks: [block] });
    expect(parsed).toHaveLength(1);
    const html = await render(await resolveBlocks(parsed, new Request("http://localhost/recargas")));
    expect(own(html)).toMatch(/^<(section|article|nav)\b/);
    const interactive = (blockTypes[block.type as keyof typeof blockTypes] as { interactive?: true }).interactive === true;
    expect(html.startsWith(KEPT), `${block.type}: ${interactive ? "hydrated" : "kept"}`).toBe(!interactive);
  });

  it("hydrates the blocks a person interacts with, and only those: the forms and the embed", () => {
    const interactive = Object.entries(blockTypes)
      .filter(([, definition]) => (definition as { interactive?: true }).interactive)
      .map(([type]) => type);
    expect(interactive.sort()).toEqual(["destinations", "embed", "rechargeByNumber"]);
  });
});

describe("every view, imported plainly", () => {
  it.each(blockFixtures())("the server's HTML of $folder is complete, with no boundary left to the browser and no text shown as its key", async ({ block }) => {
    const html = await render(await resolveBlocks(blocksOf("pages/fixture.json", { blocks: [block] }), new Request("http://localhost/recargas")), renderToString);
    expect(own(html)).toMatch(/^<(section|article|nav)\b/);
    expect(html).not.toMatch(/<!--\$/);
    expect(html).not.toMatch(/\b(blocks|recharge|common):[a-z]/);
  });
});
