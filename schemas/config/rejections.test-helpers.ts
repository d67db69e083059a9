/** Table-driven schema tests: a valid document, one value changed, the issue the schema must report. */
import { expect } from "vitest";
import type * as z from "zod";

export type Path = ReadonlyArray<string | number>;

/** A fresh copy of `document` with the value at `path` replaced. */
export function withValue<T>(document: T, path: Path, value: unknown): T {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy as T;
}

export function issuesOf(schema: z.ZodType, document: unknown) {
  const result = schema.safeParse(document);
  if (result.success) throw new Error("se esperaba que el documento fuera rechazado, pero pasó la validación");
  return result.error.issues.map(({ code, path, message }) => ({ code, path, message }));
}

/**
 * A rejection the schema must report. `message` for the Spanish texts our schemas define;
 * `code` where the schema leaves zod's own (English) message, so only the place is asserted.
 */
export type Rejection = { case: string; at: Path; value: unknown; path?: Path; message?: string; code?: string };

export function expectRejected(schema: z.ZodType, document: unknown, { at, value, path = at, message, code }: Rejection) {
  const expected: Record<string, unknown> = { path };
  if (message !== undefined) expected.message = message;
  if (code !== undefined) expected.code = code;
  expect(issuesOf(schema, withValue(document, at, value))).toContainEqual(expect.objectContaining(expected));
}

const jsonPath = (path: Path) => path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");

/** Test-table rows named after what they guard: "an upper-case brand slug with 'usa minúsculas…' at brand.slug". */
export function named<R extends Rejection>(rejections: R[]): Array<[string, R]> {
  return rejections.map((rejection) => {
    const what = rejection.message !== undefined ? `with '${rejection.message}'` : `(${rejection.code})`;
    return [`${rejection.case} ${what} at ${jsonPath(rejection.path ?? rejection.at) || "the top"}`, rejection];
  });
}
