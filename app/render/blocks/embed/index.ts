import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { EmbedBlock } from "./view";

export const embed = { view: EmbedBlock, server } satisfies BlockDefinition<typeof server>;
