import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { RichTextBlock } from "./view";

export const richText = { view: RichTextBlock, server } satisfies BlockDefinition<typeof server>;
