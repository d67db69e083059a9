/**
 * Which offers a line may make recurring (docs/customer.md, the spec's recurrence categories):
 * offer types 1, 2 and 4 for a mobile line, 8 for portable internet, 3 for home internet. The
 * table is the spec's, read as offer type codes like the sale's `referencia4` (types below 3 and
 * 4 → mbb, 3 → hbb, 8 → mifi), so a recurrence's line category and its offers never disagree.
 */
export type LineCategory = "mbb" | "hbb" | "mifi";

export const RECURRENCE_CATEGORIES: Record<LineCategory, readonly number[]> = { mbb: [1, 2, 4], mifi: [8], hbb: [3] };

/** The session's userType (1 mobile, 2 home internet, 3 portable) as a line category. */
export const lineCategoryOf = (userType: 1 | 2 | 3): LineCategory => (userType === 2 ? "hbb" : userType === 3 ? "mifi" : "mbb");

export const isRecurringOfferFor = (category: LineCategory, type: number) => RECURRENCE_CATEGORIES[category].includes(type);
