/**
 * A refusal of the studio names the field (docs/studio.md "Saving"): a config problem's path
 * (`banners[0].title`, as app/lib/config/problems.ts writes it) becomes the segments of the form's
 * field, the id react-jsonschema-form gives that field (`root_banners_0_title`), and the error
 * tree it shows beside each field (`extraErrors`).
 */
export type FieldProblem = { path: string; message: string };

export function segmentsOf(path: string): string[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => match[1] ?? match[2]!);
}

/** The id of the field a problem is at, in the form (react-jsonschema-form's `root` prefix and `_` separator). */
export const fieldIdOf = (path: string) => ["root", ...segmentsOf(path)].join("_");

export type ErrorTree = { __errors?: string[]; [key: string]: ErrorTree | string[] | undefined };

/** The problems as the form's error tree: each message at its field, the document's own at the root. */
export function errorTreeOf(problems: FieldProblem[]): ErrorTree {
  const tree: ErrorTree = {};
  for (const problem of problems) {
    let node = tree;
    for (const segment of segmentsOf(problem.path)) node = (node[segment] ??= {}) as ErrorTree;
    (node.__errors ??= []).push(problem.message);
  }
  return tree;
}
