import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { EmbedBlock } from "./view.server";

export const embed = { view: lazyView(EmbedBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
