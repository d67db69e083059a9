import { afterEach, describe, expect, it } from "vitest";
import { checker, deadLink, removeTrees } from "./check.test-helpers";
import { blockKinds } from "~/render/blocks/kinds.server";

const check = checker(blockKinds);

afterEach(removeTrees);

describe("checkConfig, across files", () => {
  describe("redirects", () => {
    it("reports a redirect to nowhere", () => {
      const { problems } = check((tree) => {
        tree.site.redirects[0]!.to = "/recargas-viejas";
      });
      expect(problems).toEqual([{ file: "pages-config/site.json", path: "redirects[0].to", message: deadLink("/recargas-viejas") }]);
    });

    it("reports a redirect to another redirect and names the final target", () => {
      const { problems } = check((tree) => {
        tree.site.redirects.push({ from: "/recargar", to: "/recargas-en-linea" });
      });
      expect(problems).toEqual([
        {
          file: "pages-config/site.json",
          path: "redirects[1].to",
          message: "«/recargas-en-linea» también se redirige (redirects[0]), lo que hace una cadena /recargar → /recargas-en-linea → /recargas; apunta directo a «/recargas»",
        },
      ]);
    });

    it("reports a redirect loop", () => {
      const { problems } = check((tree) => {
        tree.site.redirects = [{ from: "/a", to: "/b" }, { from: "/b", to: "/a" }];
      });
      expect(problems).toEqual([
        { file: "pages-config/site.json", path: "redirects[0].to", message: "bucle de redirecciones: /a → /b → /a" },
        { file: "pages-config/site.json", path: "redirects[1].to", message: "bucle de redirecciones: /b → /a → /b" },
      ]);
    });

    it("reports a repeated from and a from that would hide a page", () => {
      const { problems } = check((tree) => {
        tree.site.redirects.push({ from: "/recargas-en-linea", to: "/" }, { from: "/{product}/terminos", to: "/" });
      });
      expect(problems).toEqual([
        { file: "pages-config/site.json", path: "redirects[1].from", message: "la redirección desde «/recargas-en-linea» está repetida (ya está en redirects[0])" },
        {
          file: "pages-config/site.json",
          path: "redirects[2].from",
          message: "«/bait-prepago/terminos» es la ruta de la página pages-config/pages/terminos.json: la redirección la taparía",
        },
      ]);
    });
  });

  describe("names that point into another file", () => {
    it("reports a banner recharge naming a missing offer", () => {
      const { problems } = check((tree) => {
        tree.banners.inicio.banners[1] = { ...tree.banners.inicio.banners[1]!, action: "recharge", rechargeOptions: { type: 1, offerId: "T999" } };
      });
      expect(problems).toEqual([
        { file: "pages-config/banners/inicio.json", path: "banners[1].rechargeOptions.offerId", message: "la oferta «T999» no existe en pages-config/recharges.json" },
      ]);
    });

    it("reports a banner recharge whose type differs from its offer's", () => {
      const { problems } = check((tree) => {
        tree.banners.inicio.banners[1] = { ...tree.banners.inicio.banners[1]!, action: "recharge", rechargeOptions: { type: 3, offerId: "T100" } };
      });
      expect(problems).toEqual([
        {
          file: "pages-config/banners/inicio.json",
          path: "banners[1].rechargeOptions.type",
          message: "el tipo 3 no coincide con el de la oferta «T100» en pages-config/recharges.json (1)",
        },
      ]);
    });

    it("reports an unknown flag on a page and on a menu option", () => {
      const { problems } = check((tree) => {
        // Written as a marketer might, past the types.
        tree.pages.terminos.flag = "black-friday" as never;
        tree.site.menu.groups[0]!.options[1]!.flag = "esim" as never;
      });
      const known = "sso, pospaid, e-sim, business-page, new-payment-plugin";
      expect(problems).toEqual(
        expect.arrayContaining([
          { file: "pages-config/pages/terminos.json", path: "flag", message: `el flag debe ser uno de: ${known}` },
          { file: "pages-config/site.json", path: "menu.groups[0].options[1].flag", message: `el flag debe ser uno de: ${known}` },
        ]),
      );
    });

    it("reports a cookie policy modal without its file", () => {
      const { problems } = check((tree) => {
        tree.site.cookies.policyModal = "politica-de-galletas";
      });
      expect(problems).toEqual([
        { file: "pages-config/site.json", path: "cookies.policyModal", message: "el modal «politica-de-galletas» no existe: falta pages-config/modals/politica-de-galletas.json" },
      ]);
    });

    it("reports a footer modal without its file", () => {
      const { problems } = check((tree) => {
        tree.site.footer.legal.push({ type: "modal", label: "Cookies", modal: "politica-de-cookies" });
      });
      expect(problems).toEqual([
        { file: "pages-config/site.json", path: "footer.legal[2].modal", message: "el modal «politica-de-cookies» no existe: falta pages-config/modals/politica-de-cookies.json" },
      ]);
    });

    it("reports two pages with the same path", () => {
      const { problems } = check((tree) => {
        tree.raw["pages/tarifas.json"] = JSON.stringify({ ...tree.pages.recargas, title: "Tarifas" });
      });
      expect(problems).toEqual([{ file: "pages-config/pages/tarifas.json", path: "path", message: "la ruta «/recargas» ya la usa pages-config/pages/recargas.json" }]);
    });

    it("reports an offers block whose category has no offers", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks[1] = { type: "offers", category: "mifi" };
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/recargas.json", path: "blocks[1].category", message: "la categoría «mifi» no tiene ofertas en pages-config/recharges.json" },
      ]);
    });

    it("reports a catalogue tab whose category has no offers", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks[1] = { type: "catalogue", categories: ["traditionals", "mifi"] };
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/recargas.json", path: "blocks[1].categories[1]", message: "la categoría «mifi» no tiene ofertas en pages-config/recharges.json" },
      ]);
    });
  });
});
