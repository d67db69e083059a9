import type { Cheerio, CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";
import type { Answer } from "./site";

/**
 * Reading the catalogue's modals and forms (recharge, SIM, eSIM, number first) in a parsed answer:
 * a field by its label, its accessible description, the error summary, a form's values as a browser
 * without JavaScript would send them.
 */

/** Whitespace collapsed, as a screen reader or Playwright's toHaveText reads a text. */
export const text = (node: Cheerio<AnyNode>) => node.text().replace(/\s+/g, " ").trim();

export const h1 = (answer: Answer) => text(answer.$("h1").first());

/** The open <dialog> of the page (the server renders a modal open: `<dialog open>`). */
export const openDialog = (answer: Answer) => answer.$("dialog[open]");

/** The control labelled exactly `label` (a <label for>), inside `scope` when given. */
export function field($: CheerioAPI, label: string, scope?: Cheerio<AnyNode>): Cheerio<Element> {
  const labels = (scope ? scope.find("label") : $("label")).filter((_, element) => text($(element)) === label);
  const ids = labels.toArray().map((element) => $(element).attr("for"));
  const controls = ids.filter((id): id is string => Boolean(id)).map((id) => $(`[id="${id}"]`));
  if (controls.length !== 1 || controls[0]!.length !== 1) throw new Error(`${controls.length} controls labelled «${label}»`);
  return controls[0]!;
}

/** Whether a control labelled exactly `label` is there. */
export function hasField($: CheerioAPI, label: string, scope?: Cheerio<AnyNode>): boolean {
  return (scope ? scope.find("label") : $("label")).filter((_, element) => text($(element)) === label).length > 0;
}

/** The control's accessible description: the texts its aria-describedby names, in order. */
export function description($: CheerioAPI, control: Cheerio<Element>): string {
  const ids = (control.attr("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => text($(`[id="${id}"]`))).filter(Boolean).join(" ");
}

/** The entries of the error summary ('Revisa los siguientes datos:') in `scope`. */
export function errorSummary($: CheerioAPI, scope?: Cheerio<AnyNode>): string[] {
  const summary = (scope ? scope.find('[role="alert"]') : $('[role="alert"]')).filter((_, element) => text($(element).find("h2, h3").first()) === "Revisa los siguientes datos:");
  return summary.find("a").toArray().map((link) => text($(link)));
}

/** A definition-list row `term` → its value (a sale's summary, the costs of a modal). */
export function row($: CheerioAPI, term: string, scope?: Cheerio<AnyNode>): string | undefined {
  const rows = (scope ? scope.find("dl > div") : $("dl > div")).filter((_, element) => text($(element).find("dt")) === term);
  return rows.length ? text(rows.first().find("dd")) : undefined;
}

/**
 * What the browser sends for the form `formSelector` without JavaScript: every named control of
 * the form (inside it or tied to it by form=), the checked boxes only, then `values` over them.
 * `button` adds a submit button's name and value (the one pressed).
 */
export function formValues($: CheerioAPI, formSelector: string, values: Record<string, string> = {}, button?: { name: string; value: string }): URLSearchParams {
  const form = $(formSelector);
  if (form.length !== 1) throw new Error(`no form ${formSelector}`);
  const id = form.attr("id");
  const controls = [...form.find("input, select, textarea").toArray(), ...(id ? $(`[form="${id}"]`).toArray() : [])];
  const seen = new Set<Element>();
  const params = new URLSearchParams();
  for (const element of controls) {
    if (seen.has(element)) continue;
    seen.add(element);
    const control = $(element);
    const name = control.attr("name");
    if (!name || control.is("button") || control.attr("type") === "submit") continue;
    if (control.attr("type") === "checkbox" || control.attr("type") === "radio") {
      if (control.attr("checked") !== undefined) params.append(name, control.attr("value") ?? "on");
      continue;
    }
    if (control.is("select")) {
      const selected = control.find("option[selected]").first();
      params.append(name, (selected.length ? selected : control.find("option").first()).attr("value") ?? "");
      continue;
    }
    params.append(name, control.is("textarea") ? control.text() : (control.attr("value") ?? ""));
  }
  for (const [name, value] of Object.entries(values)) params.set(name, value);
  if (button) params.append(button.name, button.value);
  return params;
}

/** The form's action, as a path on this site. */
export function actionOf($: CheerioAPI, formSelector: string): string {
  const action = $(formSelector).attr("action");
  if (!action) throw new Error(`no action on ${formSelector}`);
  return action;
}

/** The element named `name` by aria-label or aria-labelledby (a region, a navigation, a dialog). */
export function named($: CheerioAPI, name: string, selector = "*"): Cheerio<AnyNode> {
  return $(selector).filter((_, element) => {
    const node = $(element);
    const label = node.attr("aria-label");
    if (label !== undefined) return label === name;
    const ids = node.attr("aria-labelledby");
    return ids !== undefined && ids.split(/\s+/).map((id) => text($(`[id="${id}"]`))).join(" ") === name;
  });
}

/** The name of the open dialog (its aria-labelledby heading). */
export function dialogName(answer: Answer): string {
  const ids = openDialog(answer).attr("aria-labelledby") ?? "";
  return ids.split(/\s+/).filter(Boolean).map((id) => text(answer.$(`[id="${id}"]`))).join(" ");
}
