import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { StoresBlock } from "./view.server";

export const stores = { view: lazyView(StoresBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
