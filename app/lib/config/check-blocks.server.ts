import { splitLinks } from "#schemas/config/rich-links";
import type { BlockFinding, BlockKinds } from "./blocks";
import type { ParsedConfig } from "./check-files.server";
import type { Targets } from "./check-targets.server";
import type { ConfigProblem } from "./problems";

const linkKeys = new Set(["href", "mapsUrl"]);

/**
 * The blocks of every page and modal: every string may carry [texto](/ruta) links and every href
 * is a link, whatever block holds it; the rest is each block type's own check.
 */
export function* blockProblems(parsed: ParsedConfig, kinds: BlockKinds, targets: Targets): Generator<ConfigProblem> {
  const context = { recharges: parsed.recharges };
  for (const { file, blocks } of [...parsed.pages, ...parsed.modals]) {
    for (const { index, block } of blocks) {
      const at = `blocks[${index}]`;
      const findings = [...links(block), ...(kinds[block.type]?.check?.(block, context) ?? [])];
      for (const finding of findings) {
        const path = `${at}.${finding.path}`;
        const problem = "message" in finding ? { file, path, message: finding.message } : targets.verify({ file, path, target: finding.target, as: finding.as });
        if (problem) yield problem;
      }
    }
  }
}

function* links(block: object): Generator<BlockFinding> {
  for (const { value, key, where } of strings(block, "")) {
    if (linkKeys.has(key)) yield { path: where, target: value, as: "link" };
    for (const part of splitLinks(value)) if (typeof part !== "string") yield { path: where, target: part.href, as: "link" };
  }
}

function* strings(value: unknown, where: string, key = ""): Generator<{ value: string; key: string; where: string }> {
  if (typeof value === "string") yield { value, key, where };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* strings(item, `${where}[${index}]`);
  else if (value && typeof value === "object") for (const [child, item] of Object.entries(value)) yield* strings(item, where ? `${where}.${child}` : child, child);
}
