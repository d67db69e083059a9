import type { Visibility } from "#schemas/config";
import type { ParsedConfig } from "./check-files.server";
import type { ConfigProblem } from "./problems";

/** An item that may carry `when`, `from` / `until`, with where it is written. */
type Located = { file: string; path: string; item: Visibility };

/**
 * A slot: items shown in one place, of which at least one is expected at any moment (a view's
 * carousel, a page's blocks, a menu group's entries). Empty by schedule is worth a warning.
 */
type Slot = { file: string; path: string; label: string; items: Visibility[] };

function every(parsed: ParsedConfig): { located: Located[]; slots: Slot[] } {
  const located: Located[] = [];
  const slots: Slot[] = [];
  const site = parsed.site;
  if (site) {
    const file = "pages-config/site.json";
    site.menu.groups.forEach((group, index) => {
      located.push({ file, path: `menu.groups[${index}]`, item: group });
      group.options.forEach((option, optionIndex) => located.push({ file, path: `menu.groups[${index}].options[${optionIndex}]`, item: option }));
      slots.push({ file, path: `menu.groups[${index}].options`, label: `el grupo del menú «${group.section}»`, items: group.options });
    });
    site.menu.topBar.forEach((option, index) => located.push({ file, path: `menu.topBar[${index}]`, item: option }));
    for (const column of ["local", "documents", "legal"] as const) {
      site.footer[column].forEach((option, index) => located.push({ file, path: `footer.${column}[${index}]`, item: option }));
    }
  }
  parsed.recharges?.offers.forEach((offer, index) => located.push({ file: "pages-config/recharges.json", path: `offers[${index}]`, item: offer }));
  for (const { file, content } of parsed.banners) {
    content.banners.forEach((banner, index) => located.push({ file, path: `banners[${index}]`, item: banner }));
    slots.push({ file, path: "banners", label: "el carrusel", items: content.banners });
  }
  for (const { file, blocks } of [...parsed.pages, ...parsed.modals]) {
    for (const { index, block } of blocks) located.push({ file, path: `blocks[${index}]`, item: block as Visibility });
    slots.push({ file, path: "blocks", label: "la página", items: blocks.map(({ block }) => block as Visibility) });
  }
  return { located, slots };
}

const at = (path: string, field: string) => (path ? `${path}.${field}` : field);

/**
 * Problems: a `when` naming a flag flags.json does not define, a window that ends before it
 * starts. The schema has already refused a flag outside the known names and a date without the
 * Mexico City offset.
 */
export function visibilityProblems(parsed: ParsedConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const flags = parsed.flags;
  for (const { file, path, item } of every(parsed).located) {
    for (const field of ["flag", "withoutFlag"] as const) {
      const flag = item.when?.[field];
      if (flag && flags && !Object.hasOwn(flags, flag)) {
        problems.push({
          file,
          path: at(path, `when.${field}`),
          message: `el flag «${flag}» no está definido en pages-config/flags.json (los flags son: ${Object.keys(flags).join(", ")})`,
        });
      }
    }
    if (item.from && item.until && Date.parse(item.until) <= Date.parse(item.from)) {
      problems.push({ file, path: at(path, "until"), message: `«until» (${item.until}) debe ser posterior a «from» (${item.from})` });
    }
  }
  return problems;
}

/**
 * Warnings (the file is valid, but probably not what marketing meant): a window already over at
 * `now`, and a slot that at some moment from now on shows nothing because every item's window has
 * ended or not yet started. Only the windows count for a slot (not flags or audiences, which vary
 * per visitor), and only a slot where at least one item is scheduled.
 */
export function scheduleWarnings(parsed: ParsedConfig, now: number): ConfigProblem[] {
  const warnings: ConfigProblem[] = [];
  const { located, slots } = every(parsed);
  for (const { file, path, item } of located) {
    if (item.until && Date.parse(item.until) <= now) {
      warnings.push({ file, path: at(path, "until"), message: `la ventana ya terminó (${item.until}): ya no se muestra; quítalo o cambia las fechas` });
    }
  }
  for (const slot of slots) {
    for (const gap of emptyGaps(slot.items, now)) {
      const message =
        gap.to === null
          ? `${slot.label} queda sin nada que mostrar desde ${gap.fromText}: ${gap.fromText === "ahora" ? "ningún elemento está en su ventana" : "todas las ventanas habrán terminado"}`
          : `${slot.label} queda sin nada que mostrar desde ${gap.fromText} hasta ${gap.to}: ningún elemento está en su ventana`;
      warnings.push({ file: slot.file, path: slot.path, message });
    }
  }
  return warnings;
}

type Gap = { fromText: string; to: string | null };

/** The moments from `now` on when none of the items is inside its window. */
export function emptyGaps(items: readonly Visibility[], now: number): Gap[] {
  if (items.length === 0 || !items.some((item) => item.from || item.until)) return [];
  const texts = new Map<number, string>();
  for (const item of items) {
    for (const value of [item.from, item.until]) {
      const ms = value ? Date.parse(value) : NaN;
      if (!Number.isNaN(ms) && ms > now && !texts.has(ms)) texts.set(ms, value as string);
    }
  }
  const points = [now, ...[...texts.keys()].sort((a, b) => a - b)];
  const inWindow = (moment: number) =>
    items.some((item) => (!item.from || Date.parse(item.from) <= moment) && (!item.until || moment < Date.parse(item.until)));
  const gaps: Gap[] = [];
  for (const [index, point] of points.entries()) {
    if (inWindow(point)) continue;
    const previous = gaps.at(-1);
    // Consecutive empty stretches are one gap.
    if (previous && previous.to === (texts.get(point) ?? null)) {
      previous.to = index + 1 < points.length ? (texts.get(points[index + 1] as number) ?? null) : null;
      continue;
    }
    const next = points[index + 1];
    gaps.push({ fromText: index === 0 ? "ahora" : (texts.get(point) ?? ""), to: next === undefined ? null : (texts.get(next) ?? null) });
  }
  return gaps;
}
