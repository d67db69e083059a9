import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { FaqBlock } from "./view";

export const faq = { view: FaqBlock, server } satisfies BlockDefinition<typeof server>;
