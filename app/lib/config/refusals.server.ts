import { logger } from "../log.server";
import type { ConfigProblem } from "./problems";

/**
 * Every config the running site refused and why (docs/config.md "When an edit is refused"): a
 * local file of pages-config/ whose edit does not pass its schema (the store keeps serving the
 * last good copy), or a remote document (the banners CDN, the widget CDN) that failed or did not
 * pass the same schema (the local JSON stands in). Shown on the status page and in /readyz's
 * body; a source's entry goes as soon as a good copy of it arrives.
 */
export type Refusal = {
  /** `pages-config/<file>` or the remote document's URL. */
  source: string;
  kind: "archivo" | "remoto";
  /** Where inside the JSON (`banners[0].action`); empty for the whole document. */
  path: string;
  /** Why, in Spanish, in words a marketer can act on. */
  reason: string;
  /** When it was first refused (ISO); an identical refusal seen again keeps it. */
  at: string;
};

export class RefusalRegistry {
  private bySource = new Map<string, Refusal[]>();

  constructor(
    private now: () => Date = () => new Date(),
    private log: (refusals: Refusal[]) => void = (refusals) => {
      const entry = logger("config");
      for (const { source, kind, path, reason } of refusals) entry.error({ source, kind, path, reason }, "configuración rechazada");
    },
  ) {}

  /**
   * Records why a source was refused, replacing what was recorded for it before. Logged at error
   * level when it is new or its reasons changed (a remote document refused again on every
   * refresh is one log entry, not one per refresh).
   */
  refuse(source: string, kind: Refusal["kind"], problems: Array<Pick<ConfigProblem, "path" | "message">>) {
    const previous = this.bySource.get(source);
    const same =
      previous !== undefined &&
      previous.length === problems.length &&
      previous.every((refusal, index) => refusal.path === problems[index]?.path && refusal.reason === problems[index]?.message);
    if (same) return;
    const at = this.now().toISOString();
    const refusals = (problems.length > 0 ? problems : [{ path: "", message: "rechazado sin detalle" }]).map(({ path, message }) => ({ source, kind, path, reason: message, at }));
    this.bySource.set(source, refusals);
    this.log(refusals);
  }

  /** A good copy of the source arrived (or the file is gone): nothing of it is refused any more. */
  clear(source: string) {
    if (this.bySource.delete(source)) logger("config").info({ source }, "configuración aceptada de nuevo");
  }

  list(): Refusal[] {
    return [...this.bySource.values()].flat().sort((a, b) => a.source.localeCompare(b.source));
  }

  of(source: string): Refusal[] {
    return this.bySource.get(source) ?? [];
  }

  /** Forgets everything (tests). */
  reset() {
    this.bySource.clear();
  }
}

/** The running site's registry: the live config store and the remote sources write to it. */
export const refusals = new RefusalRegistry();
