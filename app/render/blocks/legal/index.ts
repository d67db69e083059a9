import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { LegalBlock } from "./view";

export const legal = { view: LegalBlock, server } satisfies BlockDefinition<typeof server>;
