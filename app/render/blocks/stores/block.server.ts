import { formatPhone } from "~/lib/format";
import type { StoresBlockConfig } from "./schema";

export { storesBlock as schema } from "./schema";

/** Each store's phone as read, "(55) 12 34 56 78", in the stores' order (null without one): formatted here, not in the browser. */
export const load = (block: StoresBlockConfig) => ({ phones: block.stores.map((store) => (store.phone ? formatPhone(store.phone) : null)) });
export type StoresData = ReturnType<typeof load>;
