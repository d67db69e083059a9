import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { CatalogueBlock } from "./view.server";

export const catalogue = { view: lazyView(CatalogueBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
