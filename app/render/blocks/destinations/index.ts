import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { DestinationsBlock } from "./view";

export const destinations = { view: DestinationsBlock, server, interactive: true } satisfies BlockDefinition<typeof server>;
