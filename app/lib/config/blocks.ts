import type * as z from "zod";
import type { ConfigOf } from "./files";
import { problemsFromZod, type ConfigProblem } from "./problems";

/** What config:check can say of one block, at a path inside it: a problem, or a path to verify. */
export type BlockFinding = { path: string; message: string } | { path: string; target: string; as: "link" | "image" | "pdf" | "media" };

/** The other files a block's check may read. */
export type BlockCheckContext = { recharges: ConfigOf<"recharges"> | undefined };

/**
 * What the config needs of a block type: the schema of its JSON and, optionally, what config:check
 * verifies beyond it. The renderer owns the block types and hands them in (lib knows none).
 */
export type BlockKind<B extends { type: string } = { type: string }> = {
  schema: z.ZodType<B>;
  check?: (block: B, context: BlockCheckContext) => Iterable<BlockFinding>;
};
/** Each kind checks its own block type, hence `any` here: the map holds them all. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type BlockKinds = Readonly<Record<string, BlockKind<any>>>;

export type BlockOfKinds<K extends BlockKinds> = { [T in keyof K]: K[T] extends BlockKind<infer B> ? B : never }[keyof K];

/**
 * Parses each block on its own: a broken or unknown block is a problem of that block only,
 * so config:check names it and the running site skips it while rendering the rest.
 */
export function parseBlocks<K extends BlockKinds>(
  raw: ReadonlyArray<{ type: string }>,
  file: string,
  kinds: K,
): { blocks: Array<{ index: number; block: BlockOfKinds<K> }>; problems: ConfigProblem[] } {
  const blocks: Array<{ index: number; block: BlockOfKinds<K> }> = [];
  const problems: ConfigProblem[] = [];
  raw.forEach((candidate, index) => {
    const kind = Object.hasOwn(kinds, candidate.type) ? kinds[candidate.type] : undefined;
    if (!kind) {
      problems.push({
        file,
        path: `blocks[${index}].type`,
        message: `tipo de bloque desconocido «${candidate.type}» (los tipos válidos son: ${Object.keys(kinds).join(", ")})`,
      });
      return;
    }
    const parsed = kind.schema.safeParse(candidate);
    if (parsed.success) blocks.push({ index, block: parsed.data as BlockOfKinds<K> });
    else problems.push(...problemsFromZod(file, parsed.error, ["blocks", index]));
  });
  return { blocks, problems };
}
