import { formatLongDate } from "~/lib/format";
import type { LegalBlockConfig } from "./schema";

export { legalBlock as schema } from "./schema";

/** The update date as read, "31 de octubre de 2021": formatted here, so the browser ships no formatting code. */
export const load = (block: LegalBlockConfig) => ({ updated: formatLongDate(block.updated) });
export type LegalData = ReturnType<typeof load>;
