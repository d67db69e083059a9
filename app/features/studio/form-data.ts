const isEmptyContainer = (value: unknown) => (Array.isArray(value) ? value.length === 0 : value !== null && typeof value === "object" && Object.keys(value).length === 0);

/**
 * The form's data without the empty objects and lists react-jsonschema-form adds for optional
 * fields nobody filled in (a banner's `when: {}`, a menu entry's `audience: []`, which the schema
 * refuses: a condition, at least one audience). An empty one the document itself had stays.
 */
export function withoutAddedEmpties(value: unknown, original: unknown): unknown {
  if (Array.isArray(value)) return value.map((child, index) => withoutAddedEmpties(child, Array.isArray(original) ? original[index] : undefined));
  if (value === null || typeof value !== "object") return value;
  const before = original !== null && typeof original === "object" && !Array.isArray(original) ? (original as Record<string, unknown>) : {};
  const entries = Object.entries(value)
    .map(([key, child]) => [key, withoutAddedEmpties(child, before[key])] as const)
    .filter(([key, child]) => !isEmptyContainer(child) || isEmptyContainer(before[key]));
  return Object.fromEntries(entries);
}
