import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { StoresBlock } from "./view";

export const stores = { view: StoresBlock, server } satisfies BlockDefinition<typeof server>;
