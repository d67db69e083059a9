import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { CatalogueBlock } from "./view";

export const catalogue = { view: CatalogueBlock, server } satisfies BlockDefinition<typeof server>;
