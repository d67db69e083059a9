import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { HeroBlock } from "./view";

export const hero = { view: HeroBlock, server } satisfies BlockDefinition<typeof server>;
