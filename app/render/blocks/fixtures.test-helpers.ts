import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BlockInput, BlockInputOf, BlockType } from "./types";

/** Every folder of render/blocks, read from the disk: a block folder without its line in the list still shows up here. */
export const blockFolders = readdirSync(fileURLToPath(new URL(".", import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const fixtures = await Promise.all(
  blockFolders.map(async (folder) => {
    const { fixture } = (await import(`./${folder}/fixture.test-helpers.ts`)) as { fixture: () => BlockInput };
    return { folder, fixture };
  }),
);

/** Each folder with a fresh copy of its block's fixture. */
export const blockFixtures = () => fixtures.map(({ folder, fixture }) => ({ folder, block: fixture() }));

/** One valid example of every block type, keyed by type: each folder's fixture. */
export function validBlocks(): { [T in BlockType]: BlockInputOf<T> } {
  return Object.fromEntries(fixtures.map(({ fixture }) => {
    const block = fixture();
    return [block.type, block];
  })) as { [T in BlockType]: BlockInputOf<T> };
}
