import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mockServer } from "../../../mocks/node";
import { resetWorld } from "../../../mocks/world";
import { resolveBlocks } from "./data.server";
import { blockFixtures } from "./fixtures.test-helpers";
import { lazyView } from "./lazy-view";
import { LOCALE, resources } from "~/lib/i18n/resources";
import { fixedT } from "~/lib/i18n/fixed-t";
import { i18n } from "~/lib/i18n/i18n.server";
import { blocksOf } from "./parse.server";
import { BlockList } from "./registry";
import type { ResolvedBlock } from "./types";

beforeAll(() => mockServer.listen({ onUnhandledRequest: "error" }));
afterAll(() => mockServer.close());
beforeEach(() => resetWorld());

/**
 * The blocks rendered on the server as a page would be: inside a router and the Remix context their
 * links need. `renderToString` keeps the Suspense boundaries' markers the page's stream has.
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

/** The block types whose view the browser loads on demand, only on a page that shows one (lazy-view.tsx). */
const ON_DEMAND: readonly string[] = ["catalogue", "destinations", "embed", "legal", "rechargeByNumber", "siteMap", "stores"];

describe("views loaded on demand", () => {
  it.each(blockFixtures())("the server's HTML of $folder is complete, in a boundary of its own only if its view loads on demand", async ({ block }) => {
    const html = await render(await resolveBlocks(blocksOf("pages/fixture.json", { blocks: [block] }), new Request("http://localhost/recargas")), renderToString);
    // `<!--$-->` opens a boundary rendered on the server; `<!--$!-->` or `<!--$?-->` would leave it to the browser.
    if (ON_DEMAND.includes(block.type)) expect(html).toMatch(/^<!--\$--><(section|article|nav)\b.*<\/(section|article|nav)><!--\/\$-->$/s);
    else expect(html).toMatch(/^<(section|article|nav)\b(?!.*<!--\$)/s);
  });

  it("renders the server's view without loading the browser's chunk, and waits for the chunk where there is no server view", () => {
    const View = ({ block }: { block: string }) => <p>{block}</p>;
    const load = vi.fn(() => new Promise<{ default: typeof View }>(() => {}));
    const Server = lazyView(View, load);
    expect(renderToString(<Server block="texto" data={null} headingLevel={2} />)).toBe("<!--$--><p>texto</p><!--/$-->");
    expect(load).not.toHaveBeenCalled();
    const Browser = lazyView(undefined, load);
    expect(renderToString(<Browser block="texto" data={null} headingLevel={2} />)).toMatch(/^<!--\$!-->/);
    expect(load).toHaveBeenCalledOnce();
  });

  it("gives every text of blocks.json through i18next", () => {
    type Catalogue = { [key: string]: string | Catalogue };
    const leaves = (catalogue: Catalogue, prefix = ""): Array<[string, string]> =>
      Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
    const t = fixedT();
    for (const [key, text] of leaves(resources[LOCALE].blocks as unknown as Catalogue).map(([key, text]) => [`blocks:${key}`, text] as const)) {
      if (/\{\{|_(zero|one|other)$/.test(text + key)) continue;
      expect(t(key), key).toBe(text);
    }
  });
});
