import { describe, expect, it } from "vitest";
import { expectRejected, named, type Rejection } from "#schemas/config/rejections.test-helpers";
import { parseBlocks } from "~/lib/config/blocks";
import { blockFixtures, blockFolders, validBlocks } from "./fixtures.test-helpers";
import * as blocks from "./index";
import { blockKinds } from "./kinds.server";

const NOT_EMPTY = "no puede estar vacío";
const HREF = "debe ser una ruta local (/recargas) o una dirección https:// completa";

describe("the list of blocks", () => {
  it("has every folder of render/blocks, each exported under its block's type", () => {
    const types = blockFixtures().map(({ block }) => block.type);
    expect(Object.keys(blocks).sort()).toEqual([...types].sort());
    expect(blockFolders).toHaveLength(types.length);
  });

  it.each(blockFixtures())("parses the fixture of $folder with its own schema", ({ block }) => {
    expect(blockKinds[block.type].schema.parse(block).type).toBe(block.type);
  });

  it("rejects an unknown type naming every valid one", () => {
    const { problems } = parseBlocks([{ type: "carrusel" }], "pages-config/pages/x.json", blockKinds);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe("blocks[0].type");
    for (const type of Object.keys(blocks)) expect(problems[0]?.message).toContain(type);
  });

  it("fills block defaults: primary action variant, embed height 700 and no forwarded parameters", () => {
    const hero = blockKinds.hero.schema.parse(validBlocks().hero);
    expect(hero.actions[0]?.variant).toBe("primary");
    const embed = blockKinds.embed.schema.parse({ type: "embed", title: "Pospago", src: "https://pospago.example.com/" });
    expect(embed).toMatchObject({ minHeight: 700, forwardParams: [] });
  });
});

describe("each block's schema", () => {
  const blocks = validBlocks();
  const [action] = blocks.hero.actions ?? [];
  const twoActions = [action, action];

  it.each(named<Rejection & { type: keyof ReturnType<typeof validBlocks> }>([
    { type: "hero", case: "a hero without a title", at: ["title"], value: " ", message: NOT_EMPTY },
    { type: "hero", case: "a hero action to a bare word", at: ["actions", 0, "href"], value: "recargas", message: HREF },
    { type: "hero", case: "a hero with three actions", at: ["actions"], value: [...twoActions, action], code: "too_big" },
    { type: "hero", case: "a hero image with a relative source", at: ["image"], value: { src: "foto.jpg", alt: "", width: 1, height: 1 }, path: ["image", "src"], code: "invalid_union" },
    { type: "richText", case: "rich text without content", at: ["content"], value: [], code: "too_small" },
    { type: "richText", case: "a rich-text node that is both paragraph and heading", at: ["content", 0], value: { p: "a", h: "b" }, code: "invalid_union" },
    { type: "richText", case: "an empty list", at: ["content", 2], value: { ul: [] }, path: ["content", 2, "ul"], code: "too_small" },
    { type: "cards", case: "a card with an unknown icon", at: ["items", 0, "icon"], value: "rocket", code: "invalid_value" },
    { type: "cards", case: "cards without items", at: ["items"], value: [], code: "too_small" },
    { type: "cards", case: "a card without text", at: ["items", 0, "text"], value: "", message: NOT_EMPTY },
    { type: "offers", case: "an unknown offer category", at: ["category"], value: "planes", code: "invalid_value" },
    { type: "offers", case: "a limit of zero offers", at: ["limit"], value: 0, code: "too_small" },
    { type: "catalogue", case: "a catalogue without categories", at: ["categories"], value: [], message: "el catálogo necesita al menos una categoría" },
    { type: "catalogue", case: "a catalogue tab of an unknown category", at: ["categories", 1], value: "planes", code: "invalid_value" },
    { type: "catalogue", case: "a catalogue tab shown twice", at: ["categories", 2], value: "traditionals", message: "la categoría «traditionals» está repetida" },
    { type: "destinations", case: "a blank destinations heading", at: ["heading"], value: " ", code: "too_small" },
    { type: "faq", case: "a question without an answer", at: ["items", 0, "answer"], value: [], code: "too_small" },
    { type: "cta", case: "a call to action without actions", at: ["actions"], value: [], code: "too_small" },
    { type: "cta", case: "a call to action with four actions", at: ["actions"], value: [...twoActions, ...twoActions], code: "too_big" },
    { type: "legal", case: "a legal update date written d/m/yyyy", at: ["updated"], value: "31/10/2021", message: "debe ser una fecha AAAA-MM-DD" },
    { type: "legal", case: "a legal update date that does not exist", at: ["updated"], value: "2021-02-30", message: "debe ser una fecha AAAA-MM-DD" },
    { type: "legal", case: "legal text without sections", at: ["sections"], value: [], code: "too_small" },
    { type: "siteMap", case: "a blank site-map heading", at: ["heading"], value: "   ", code: "too_small" },
    { type: "stores", case: "a 4-digit postal code", at: ["stores", 0, "postalCode"], value: "6600", message: "el código postal lleva 5 dígitos" },
    { type: "stores", case: "a store phone with spaces", at: ["stores", 0, "phone"], value: "55 1234 5678", message: "el teléfono lleva 10 dígitos" },
    { type: "stores", case: "an unknown kind of store", at: ["stores", 0, "kind"], value: "franquicia", code: "invalid_value" },
    { type: "stores", case: "a store without opening hours", at: ["stores", 0, "hours"], value: [], code: "too_small" },
    { type: "stores", case: "a maps link without https", at: ["stores", 0, "mapsUrl"], value: "maps.example.com/reforma", message: HREF },
    { type: "steps", case: "a single step", at: ["items"], value: [blocks.steps.items[0]], code: "too_small" },
    { type: "embed", case: "an embedded frame over http", at: ["src"], value: "http://pospago.example.com/", code: "invalid_format" },
    { type: "embed", case: "a frame height of zero", at: ["minHeight"], value: 0, code: "too_small" },
  ]))("rejects %s", (_name, { type, ...rejection }) => {
    expectRejected(blockKinds[type].schema, validBlocks()[type], rejection);
  });
});

