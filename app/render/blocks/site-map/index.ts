import type { BlockDefinition } from "../block";
import * as server from "./block.server";
import { SiteMapBlock } from "./view";

export const siteMap = { view: SiteMapBlock, server } satisfies BlockDefinition<typeof server>;
