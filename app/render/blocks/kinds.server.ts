import type { BlockType } from "./types";
import * as blocks from "./index";

/** Each block type's server side by type: what lib's parsing and config:check take. */
export const blockKinds = Object.fromEntries(Object.entries(blocks).map(([type, block]) => [type, block.server])) as {
  [T in BlockType]: (typeof blocks)[T]["server"];
};
