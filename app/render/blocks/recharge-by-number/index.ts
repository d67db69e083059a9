import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { RechargeByNumberBlock } from "./view";

export const rechargeByNumber = { view: RechargeByNumberBlock, server, interactive: true } satisfies BlockDefinition<typeof server>;
