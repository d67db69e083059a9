import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { StepsBlock } from "./view";

export const steps = { view: StepsBlock, server } satisfies BlockDefinition<typeof server>;
