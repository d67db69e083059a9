import type { ParsedConfig } from "./check-files.server";
import { deadLink, type Targets } from "./check-targets.server";
import type { ConfigProblem } from "./problems";

/**
 * What no single schema can see: redirects that chain or loop or hide a page, two pages on one
 * path, flags, modals and offers named in one file and defined in another.
 */
export function crossReferenceProblems(parsed: ParsedConfig, targets: Targets): ConfigProblem[] {
  const checker = new CrossReferences(parsed, targets);
  return [...checker.redirectProblems(), ...checker.pageProblems(), ...checker.siteProblems(), ...checker.bannerProblems()];
}

class CrossReferences {
  constructor(
    private parsed: ParsedConfig,
    private targets: Targets,
  ) {}

  *redirectProblems(): Generator<ConfigProblem> {
    const site = this.parsed.site;
    if (!site) return;
    const file = "pages-config/site.json";
    const redirects = site.redirects.map((rule) => ({ from: this.targets.pathname(rule.from) ?? rule.from, to: this.targets.pathname(rule.to) ?? rule.to }));
    const byFrom = new Map<string, number>();
    for (const [index, { from }] of redirects.entries()) {
      const first = byFrom.get(from);
      if (first !== undefined) yield { file, path: `redirects[${index}].from`, message: `la redirección desde «${from}» está repetida (ya está en redirects[${first}])` };
      else byFrom.set(from, index);
      const page = this.targets.pageFiles.get(from);
      if (page) yield { file, path: `redirects[${index}].from`, message: `«${from}» es la ruta de la página ${page}: la redirección la taparía` };
    }
    for (const [index, { from, to }] of redirects.entries()) {
      const where = `redirects[${index}].to`;
      const next = byFrom.get(to);
      if (next === undefined) {
        if (!this.targets.isReal(to)) yield { file, path: where, message: deadLink(to) };
        continue;
      }
      const trail = [from, to];
      const seen = new Set([from]);
      let current = to;
      let loops = false;
      for (let step = byFrom.get(current); step !== undefined; step = byFrom.get(current)) {
        if (seen.has(current)) {
          loops = true;
          break;
        }
        seen.add(current);
        current = redirects[step]?.to ?? current;
        trail.push(current);
      }
      yield {
        file,
        path: where,
        message: loops
          ? `bucle de redirecciones: ${trail.join(" → ")}`
          : `«${to}» también se redirige (redirects[${next}]), lo que hace una cadena ${trail.join(" → ")}; apunta directo a «${current}»`,
      };
    }
  }

  *pageProblems(): Generator<ConfigProblem> {
    const firstByPath = new Map<string, string>();
    for (const page of this.parsed.pagePaths) {
      const pathname = this.targets.pathname(page.path) ?? page.path;
      const first = firstByPath.get(pathname);
      if (first) yield { file: page.file, path: "path", message: `la ruta «${pathname}» ya la usa ${first}` };
      else firstByPath.set(pathname, page.file);
    }
    for (const { file, page } of this.parsed.pages) {
      const flag = this.unknownFlag(file, "flag", page.flag);
      if (flag) yield flag;
    }
  }

  *siteProblems(): Generator<ConfigProblem> {
    const site = this.parsed.site;
    if (!site) return;
    const file = "pages-config/site.json";
    const flags: Array<ConfigProblem | null> = [];
    for (const [groupIndex, group] of site.menu.groups.entries()) {
      flags.push(this.unknownFlag(file, `menu.groups[${groupIndex}].flag`, group.flag));
      for (const [index, option] of group.options.entries()) {
        flags.push(this.unknownFlag(file, `menu.groups[${groupIndex}].options[${index}].flag`, option.flag));
      }
    }
    for (const [index, option] of site.menu.topBar.entries()) flags.push(this.unknownFlag(file, `menu.topBar[${index}].flag`, option.flag));
    for (const problem of flags) if (problem) yield problem;

    for (const column of ["local", "documents", "legal"] as const) {
      for (const [index, option] of site.footer[column].entries()) {
        if (option.type === "modal" && !this.parsed.files.has(`modals/${option.modal}.json`)) {
          yield { file, path: `footer.${column}[${index}].modal`, message: `el modal «${option.modal}» no existe: falta pages-config/modals/${option.modal}.json` };
        }
      }
    }
    const policy = site.cookies.policyModal;
    if (!this.parsed.files.has(`modals/${policy}.json`)) {
      yield { file, path: "cookies.policyModal", message: `el modal «${policy}» no existe: falta pages-config/modals/${policy}.json` };
    }
  }

  *bannerProblems(): Generator<ConfigProblem> {
    const offers = this.parsed.recharges?.offers;
    if (!offers) return;
    for (const { file, content } of this.parsed.banners) {
      for (const [index, banner] of content.banners.entries()) {
        if (banner.action !== "recharge") continue;
        const { offerId, type } = banner.rechargeOptions;
        const offer = offers.find((candidate) => candidate.offerId === offerId);
        if (!offer) {
          yield { file, path: `banners[${index}].rechargeOptions.offerId`, message: `la oferta «${offerId}» no existe en pages-config/recharges.json` };
        } else if (offer.type !== type) {
          yield {
            file,
            path: `banners[${index}].rechargeOptions.type`,
            message: `el tipo ${type} no coincide con el de la oferta «${offerId}» en pages-config/recharges.json (${offer.type})`,
          };
        }
      }
    }
  }

  private unknownFlag(file: string, where: string, flag: string | undefined): ConfigProblem | null {
    const flags = this.parsed.flags;
    if (!flag || !flags || Object.hasOwn(flags, flag)) return null;
    return { file, path: where, message: `el flag «${flag}» no está definido en pages-config/flags.json (los flags son: ${Object.keys(flags).join(", ")})` };
  }
}
