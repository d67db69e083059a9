import { env } from "../env.server";
import { sharedState } from "../store/store.server";
import { readSeedDocuments } from "./documents.server";
import { versionStore, type VersionStore } from "./versions.server";

/**
 * The studio's versions and drafts for this deployment (docs/studio.md): on its shared state
 * (Redis with REDIS_URL, the journal under DATA_DIR, memory in the demo), with pages-config/ as
 * deployed (CONFIG_DIR), read afresh each time it is needed, as version 0.
 */
export const versions: VersionStore = versionStore(sharedState, () => readSeedDocuments(env.configDir));
