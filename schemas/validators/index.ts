import type { ValidatorFunctions } from "@rjsf/validator-ajv8";

/**
 * The studio's form validators per kind of config file (npm run config:schemas writes the `.cjs`
 * modules beside this one from schemas/json/): each loads only when a document of its kind is
 * edited, and validates with no code generated at run time (the Content-Security-Policy forbids it).
 */
/** Each module's type is its declaration beside it (site.d.cts beside site.cjs). */
const load = (module: Promise<{ default: ValidatorFunctions }>) => module.then((loaded) => loaded.default);

/** Keyed by the kinds of app/lib/config/files.ts. */
export const validatorFunctions: Record<"site" | "flags" | "widget" | "recharges" | "page" | "modal" | "banners", () => Promise<ValidatorFunctions>> = {
  site: () => load(import("./site.cjs")),
  flags: () => load(import("./flags.cjs")),
  widget: () => load(import("./widget.cjs")),
  recharges: () => load(import("./recharges.cjs")),
  page: () => load(import("./page.cjs")),
  modal: () => load(import("./modal.cjs")),
  banners: () => load(import("./banners.cjs")),
};
