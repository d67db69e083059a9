import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { EmbedBlock } from "./view";

export const embed = { view: EmbedBlock, server, interactive: true } satisfies BlockDefinition<typeof server>;
