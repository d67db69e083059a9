import { afterEach, describe, expect, it } from "vitest";
import { blockKinds } from "~/render/blocks/kinds.server";
import { checkConfig } from "./check.server";
import { removeTrees, validTree, write, type Tree } from "./check.test-helpers";

afterEach(removeTrees);

const NOW = Date.parse("2026-12-01T12:00:00-06:00");

function check(change: (tree: Tree) => void) {
  const tree = validTree();
  change(tree);
  return checkConfig({ ...write(tree), now: NOW }, blockKinds);
}

describe("config:check of `when`, `from` and `until`", () => {
  it("names a flag that does not exist, in the `when` of a block, a menu entry, a banner or an offer", () => {
    const { problems } = check((tree) => {
      Object.assign(tree.pages.recargas.blocks[0]!, { when: { flag: "esim" } });
      Object.assign(tree.site.menu.groups[0]!.options[0]!, { when: { flag: "negocios" } });
      Object.assign(tree.banners.inicio.banners[0]!, { when: { withoutFlag: "esim", audience: ["anonymous"] } });
      Object.assign(tree.recharges.offers[0]!, { when: { flag: "esim" } });
    });
    const message = "el flag debe ser uno de: sso, pospaid, e-sim, business-page, new-payment-plugin";
    expect(problems).toEqual([
      { file: "pages-config/banners/inicio.json", path: "banners[0].when.withoutFlag", message },
      { file: "pages-config/pages/recargas.json", path: "blocks[0].when.flag", message },
      { file: "pages-config/recharges.json", path: "offers[0].when.flag", message },
      { file: "pages-config/site.json", path: "menu.groups[0].options[0].when.flag", message },
    ]);
  });

  it("refuses a window that ends before it starts, and a date without the Mexico City offset", () => {
    const { problems } = check((tree) => {
      Object.assign(tree.recharges.offers[0]!, { from: "2026-12-10T00:00:00-06:00", until: "2026-12-09T00:00:00-06:00" });
      Object.assign(tree.banners.inicio.banners[1]!, { from: "2026-12-10T00:00:00Z" });
    });
    expect(problems).toEqual([
      {
        file: "pages-config/banners/inicio.json",
        path: "banners[1].from",
        message: "debe ser una fecha y hora con el horario de la Ciudad de México, por ejemplo 2026-12-01T00:00:00-06:00",
      },
      { file: "pages-config/recharges.json", path: "offers[0].until", message: "«until» (2026-12-09T00:00:00-06:00) debe ser posterior a «from» (2026-12-10T00:00:00-06:00)" },
    ]);
  });

  it("warns of a window already over, without failing", () => {
    const { problems, warnings } = check((tree) => {
      Object.assign(tree.site.footer.documents[0]!, { until: "2026-11-30T00:00:00-06:00" });
    });
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      { file: "pages-config/site.json", path: "footer.documents[0].until", message: "la ventana ya terminó (2026-11-30T00:00:00-06:00): ya no se muestra; quítalo o cambia las fechas" },
    ]);
  });

  it("warns of a carousel left empty between two windows, and after the last one ends", () => {
    const { problems, warnings } = check((tree) => {
      const [first, second, third] = tree.banners.inicio.banners;
      Object.assign(first!, { until: "2026-12-10T00:00:00-06:00" });
      Object.assign(second!, { from: "2026-12-12T00:00:00-06:00", until: "2026-12-20T00:00:00-06:00" });
      Object.assign(third!, { from: "2026-12-15T00:00:00-06:00", until: "2026-12-24T00:00:00-06:00" });
    });
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      {
        file: "pages-config/banners/inicio.json",
        path: "banners",
        message: "el carrusel queda sin nada que mostrar desde 2026-12-10T00:00:00-06:00 hasta 2026-12-12T00:00:00-06:00: ningún elemento está en su ventana",
      },
      {
        file: "pages-config/banners/inicio.json",
        path: "banners",
        message: "el carrusel queda sin nada que mostrar desde 2026-12-24T00:00:00-06:00: todas las ventanas habrán terminado",
      },
    ]);
  });

  it("warns of a menu group with no entry shown now, and says nothing of windows that always leave one", () => {
    const { warnings } = check((tree) => {
      for (const option of tree.site.menu.groups[0]!.options) Object.assign(option, { from: "2026-12-05T00:00:00-06:00" });
      Object.assign(tree.banners.inicio.banners[0]!, { until: "2026-12-31T00:00:00-06:00" });
    });
    expect(warnings).toEqual([
      {
        file: "pages-config/site.json",
        path: "menu.groups[0].options",
        message: "el grupo del menú «Recargas» queda sin nada que mostrar desde ahora hasta 2026-12-05T00:00:00-06:00: ningún elemento está en su ventana",
      },
    ]);
  });
});
