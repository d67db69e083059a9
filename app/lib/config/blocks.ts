import { block, blockTypes, type Block } from "#schemas/config";
import { problemsFromZod, type ConfigProblem } from "./problems";

/**
 * Parses each block on its own: a broken or unknown block is a problem of that block only,
 * so config:check names it and the running site skips it while rendering the rest.
 */
export function parseBlocks(raw: ReadonlyArray<{ type: string } & Record<string, unknown>>, file: string): { blocks: Block[]; problems: ConfigProblem[] } {
  const blocks: Block[] = [];
  const problems: ConfigProblem[] = [];
  raw.forEach((candidate, index) => {
    if (!(blockTypes as string[]).includes(candidate.type)) {
      problems.push({
        file,
        path: `blocks[${index}].type`,
        message: `tipo de bloque desconocido «${candidate.type}» (los tipos válidos son: ${blockTypes.join(", ")})`,
      });
      return;
    }
    const parsed = block.safeParse(candidate);
    if (parsed.success) blocks.push(parsed.data);
    else problems.push(...problemsFromZod(file, parsed.error, ["blocks", index]));
  });
  return { blocks, problems };
}
