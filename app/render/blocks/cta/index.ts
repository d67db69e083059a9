import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { CtaBlock } from "./view";

export const cta = { view: CtaBlock, server } satisfies BlockDefinition<typeof server>;
