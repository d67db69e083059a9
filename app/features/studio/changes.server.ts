import { create } from "jsondiffpatch";
import { format } from "jsondiffpatch/formatters/jsonpatch";

/**
 * What changed between two versions of a document, as a list a person reads (docs/studio.md
 * "History"): each change's kind, where (a JSON pointer such as /banners/0/title) and the values
 * before and after, shown as short JSON. Arrays of objects are matched by their `id`, `name` or
 * `path` when they have one, so a banner moved up is one move, not a change of every field.
 */
export type Change = { op: "add" | "remove" | "replace" | "move"; path: string; from?: string; before?: string; after?: string };

const differ = create({
  objectHash: (item: object, index?: number) => {
    const record = item as Record<string, unknown>;
    const key = record.id ?? record.name ?? record.path ?? record.offerId;
    return typeof key === "string" || typeof key === "number" ? String(key) : `$$index:${index}`;
  },
  arrays: { detectMove: true },
});

/** The longest value shown whole; longer ones are cut with an ellipsis. */
const SHOWN = 160;
const shown = (value: unknown) => {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
};

/** The value at a JSON pointer, undefined when it is not there. */
function at(document: unknown, pointer: string): unknown {
  if (pointer === "") return document;
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), document);
}

/** The changes from `before` to `after` (undefined: the document did not exist). */
export function changesOf(before: unknown, after: unknown): Change[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ op: "add", path: "", after: shown(after) }];
  if (after === undefined) return [{ op: "remove", path: "", before: shown(before) }];
  const delta = differ.diff(before, after);
  if (!delta) return [];
  return format(delta).map((operation) => {
    if (operation.op === "move") return { op: "move", path: operation.path, from: operation.from };
    if (operation.op === "add") return { op: "add", path: operation.path, after: shown(operation.value) };
    if (operation.op === "remove") return { op: "remove", path: operation.path, before: shown(at(before, operation.path)) };
    return { op: "replace", path: operation.path, before: shown(at(before, operation.path)), after: shown(operation.value) };
  });
}
