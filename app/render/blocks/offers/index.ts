import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { OffersBlock } from "./view";

export const offers = { view: OffersBlock, server } satisfies BlockDefinition<typeof server>;
