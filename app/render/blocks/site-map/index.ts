import type { BlockDefinition } from "../block";
import { lazyView } from "../lazy-view";
import * as server from "./block.server";
import { SiteMapBlock } from "./view.server";

export const siteMap = { view: lazyView(SiteMapBlock, () => import("./view")), server } satisfies BlockDefinition<typeof server>;
