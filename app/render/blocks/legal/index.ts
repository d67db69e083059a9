import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { LegalBlock } from "./view.server";

export const legal = { view: lazyView(LegalBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
