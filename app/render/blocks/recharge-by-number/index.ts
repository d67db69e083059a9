import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { RechargeByNumberBlock } from "./view.server";

export const rechargeByNumber = { view: lazyView(RechargeByNumberBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
