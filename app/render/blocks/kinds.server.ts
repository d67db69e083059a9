import type * as z from "zod";
import { visibilityFields } from "#schemas/config";
import type { BlockType } from "./types";
import * as blocks from "./index";

/**
 * Each block type's server side by type: what lib's parsing and config:check take. Every block
 * may also carry `when`, `from` and `until` (schemas/config/visibility.ts), added here once.
 */
export const blockKinds = Object.fromEntries(
  Object.entries(blocks).map(([type, block]) => [type, { ...block.server, schema: (block.server.schema as z.ZodObject).extend(visibilityFields) }]),
) as unknown as {
  [T in BlockType]: (typeof blocks)[T]["server"];
};
