import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { CardsBlock } from "./view";

export const cards = { view: CardsBlock, server } satisfies BlockDefinition<typeof server>;
