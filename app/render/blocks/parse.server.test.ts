import { describe, expect, it } from "vitest";
import { parseBlocks as parseWith } from "~/lib/config/blocks";
import { validBlocks } from "./fixtures.test-helpers";
import { blockKinds } from "./kinds.server";

const FILE = "pages-config/pages/recargas.json";

/** The config's block parsing with this list's block types, each block without its index. */
function parseBlocks(raw: ReadonlyArray<{ type: string }>, file: string) {
  const { blocks, problems } = parseWith(raw, file, blockKinds);
  return { blocks: blocks.map((entry) => entry.block), problems };
}

describe("parseBlocks", () => {
  it("keeps every valid block, in order, with its defaults filled in", () => {
    const { hero, offers, embed } = validBlocks();
    const embedWithoutDefaults = { type: "embed", title: embed.title, src: embed.src };
    const { blocks, problems } = parseBlocks([hero, offers, embedWithoutDefaults], FILE);
    expect(problems).toEqual([]);
    expect(blocks.map((block) => block.type)).toEqual(["hero", "offers", "embed"]);
    expect(blocks[2]).toMatchObject({ minHeight: 700, forwardParams: [] });
  });

  it("reports an unknown block type with the list of valid types, and keeps the rest of the page", () => {
    const { hero, cta } = validBlocks();
    const { blocks, problems } = parseBlocks([hero, { type: "carousel" }, cta], FILE);
    expect(problems).toEqual([
      {
        file: FILE,
        path: "blocks[1].type",
        message: `tipo de bloque desconocido «carousel» (los tipos válidos son: ${Object.keys(blockKinds).join(", ")})`,
      },
    ]);
    expect(blocks.map((block) => block.type)).toEqual(["hero", "cta"]);
  });

  it("reports a broken block under blocks[index] and keeps the valid ones around it", () => {
    const { hero, faq, stores } = validBlocks();
    const brokenFaq = { ...faq, items: [{ question: "  ", answer: faq.items[0]?.answer }] };
    const { blocks, problems } = parseBlocks([hero, brokenFaq, stores], FILE);
    expect(problems).toEqual([{ file: FILE, path: "blocks[1].items[0].question", message: "no puede estar vacío" }]);
    expect(blocks.map((block) => block.type)).toEqual(["hero", "stores"]);
  });

  it("reports every problem of a broken block, each at its own path", () => {
    const { stores } = validBlocks();
    const badStores = { ...stores, stores: [{ ...stores.stores[0], postalCode: "6600", phone: "55-1234-5678" }] };
    const { blocks, problems } = parseBlocks([badStores], FILE);
    expect(blocks).toEqual([]);
    expect(problems).toEqual([
      { file: FILE, path: "blocks[0].stores[0].postalCode", message: "el código postal lleva 5 dígitos" },
      { file: FILE, path: "blocks[0].stores[0].phone", message: "el teléfono lleva 10 dígitos" },
    ]);
  });

  it("returns nothing and reports nothing for an empty list", () => {
    expect(parseBlocks([], FILE)).toEqual({ blocks: [], problems: [] });
  });
});
