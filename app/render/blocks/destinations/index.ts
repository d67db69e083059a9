import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { DestinationsBlock } from "./view.server";

export const destinations = { view: lazyView(DestinationsBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
