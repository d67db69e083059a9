import type { BlockKinds } from "./blocks";
import { blockProblems } from "./check-blocks.server";
import { loadConfig, rawBrandSlug } from "./check-files.server";
import { crossReferenceProblems } from "./check-cross.server";
import { references } from "./check-references.server";
import { scheduleWarnings, visibilityProblems } from "./check-schedule.server";
import { Targets } from "./check-targets.server";
import type { ConfigProblem } from "./problems";

/** `now`: the moment windows are judged from (tests pass a fixed one); the clock's by default. */
export type CheckOptions = { configDir: string; publicDir: string; routesDir: string; now?: number };
/** `warnings`: valid, but likely not meant (a window already over, a carousel left empty); they fail nothing. */
export type CheckResult = { problems: ConfigProblem[]; warnings: ConfigProblem[]; filesChecked: number };

/**
 * Validates every file of pages-config/ and then what no single schema can see: links, files in
 * public/, offers, flags and modals named from one file and defined in another. Reads the disk on
 * every call (no cache) so it can run in CI, in tests and beside a running site alike. The block
 * types come from the caller (the renderer's list): lib knows none of them.
 */
export function checkConfig(options: CheckOptions, kinds: BlockKinds): CheckResult {
  const { parsed, problems, filesChecked } = loadConfig(options.configDir, kinds);
  const slug = parsed.site?.brand.slug ?? rawBrandSlug(options.configDir);
  const targets = new Targets(options.publicDir, options.routesDir, slug, parsed.pagePaths);

  for (const reference of references(parsed)) {
    const problem = targets.verify(reference);
    if (problem) problems.push(problem);
  }
  problems.push(...blockProblems(parsed, kinds, targets));
  problems.push(...crossReferenceProblems(parsed, targets));
  problems.push(...visibilityProblems(parsed));
  const warnings = scheduleWarnings(parsed, options.now ?? Date.now());

  // Grouped by file (stable sort keeps the order found inside each file).
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { problems, warnings, filesChecked };
}
