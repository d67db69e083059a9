import { afterEach, describe, expect, it } from "vitest";
import { checker, deadLink, removeTrees } from "./check.test-helpers";
import { blockKinds } from "~/render/blocks/kinds.server";

const check = checker(blockKinds);

afterEach(removeTrees);

describe("checkConfig, the paths written in the config", () => {
  describe("local links", () => {
    it("reports a menu link to a path that is no page, route or file", () => {
      const { problems } = check((tree) => {
        tree.site.menu.groups[0]!.options[0]!.url = "/recargas-prepago?categoria=mifi";
      });
      expect(problems).toEqual([{ file: "pages-config/site.json", path: "menu.groups[0].options[0].url", message: deadLink("/recargas-prepago") }]);
    });

    it("reports a dead markdown link inside richText", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks[2] = { type: "richText", content: [{ h: "Promos" }, { p: "Mira las [promociones](/promociones#junio) del mes." }] };
      });
      expect(problems).toEqual([{ file: "pages-config/pages/recargas.json", path: "blocks[2].content[1].p", message: deadLink("/promociones") }]);
    });

    it("resolves {product} with the brand slug", () => {
      const { problems } = check((tree) => {
        tree.site.brand.slug = "bait-plus";
        tree.site.navigation.push({ id: "viejo", label: "Viejo", path: "/bait-prepago/terminos" });
      });
      expect(problems).toEqual([{ file: "pages-config/site.json", path: "navigation[3].path", message: deadLink("/bait-prepago/terminos") }]);
    });

    it("reads app/routes as Remix flat routes", () => {
      const { problems } = check((tree) => {
        tree.routes.push("api.locales.$ns.tsx", "sitemap[.]xml.tsx", "_auth.tsx", "_auth.mi-cuenta.tsx", "recargas_.resumen.tsx", "esim/route.tsx", "ayuda.$.tsx", "ruta.test.tsx");
        const urls = ["/api/locales/es-MX", "/sitemap.xml", "/mi-cuenta", "/recargas/resumen", "/esim", "/_auth", "/ayuda/preguntas", "/ruta", "/api/locales"];
        tree.site.menu.topBar = urls.map((url) => ({ section: url, url }));
      });
      expect(problems).toEqual(
        ["/_auth", "/ayuda/preguntas", "/ruta", "/api/locales"].map((pathname, index) => ({
          file: "pages-config/site.json",
          path: `menu.topBar[${index + 5}].url`,
          message: deadLink(pathname),
        })),
      );
    });

    it("checks an offers block's actionHref with a real offerId of its category", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks[1] = { type: "offers", category: "traditionals", actionHref: "/recargas/{offerId}?origen=bloque" };
        tree.pages.terminos.blocks[1] = { type: "offers", category: "traditionals", actionHref: "/recargas?oferta={offerId}" };
      });
      expect(problems).toEqual([{ file: "pages-config/pages/recargas.json", path: "blocks[1].actionHref", message: deadLink("/recargas/T100") }]);
    });

    it("accepts a file in public/ as a link but not a folder", () => {
      const { problems } = check((tree) => {
        tree.site.menu.topBar.push({ section: "Logo", url: "/images/logo-bait.svg" }, { section: "Imágenes", url: "/images" });
      });
      expect(problems).toEqual([{ file: "pages-config/site.json", path: "menu.topBar[2].url", message: deadLink("/images") }]);
    });

    it("checks the links of modals, widget items, banners and recharge categories", () => {
      const { problems } = check((tree) => {
        tree.modals["aviso-de-privacidad"].blocks = [{ type: "cta", title: "Más", actions: [{ label: "Ver", href: "/privacidad" }] }];
        tree.widget.services[0]!.link = "/musica";
        tree.banners.inicio.banners[0] = { ...tree.banners.inicio.banners[0]!, action: "navigate", actionOptions: { url: "/junio" } };
        tree.recharges.categories[0]!.page = "/recargas-tradicionales";
      });
      expect(problems).toEqual([
        { file: "pages-config/banners/inicio.json", path: "banners[0].actionOptions.url", message: deadLink("/junio") },
        { file: "pages-config/modals/aviso-de-privacidad.json", path: "blocks[0].actions[0].href", message: deadLink("/privacidad") },
        { file: "pages-config/recharges.json", path: "categories[0].page", message: deadLink("/recargas-tradicionales") },
        { file: "pages-config/widget.json", path: "services[0].link", message: deadLink("/musica") },
      ]);
    });
  });

  describe("files in public/", () => {
    it("reports a footer PDF that is not in public/", () => {
      const { problems } = check((tree) => {
        tree.site.footer.documents[0] = { type: "pdf", label: "Contrato", url: "/docs/contrato-2026.pdf" };
      });
      expect(problems).toEqual([{ file: "pages-config/site.json", path: "footer.documents[0].url", message: "el PDF «/docs/contrato-2026.pdf» no existe en public/" }]);
    });

    it("reports a markdown link to a missing PDF as a PDF", () => {
      const { problems } = check((tree) => {
        tree.public = tree.public.filter((file) => file !== "docs/terminos.pdf");
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/terminos.json", path: "blocks[0].sections[0].content[0].p", message: "el PDF «/docs/terminos.pdf» no existe en public/" },
      ]);
    });

    it("reports a missing local banner image", () => {
      const { problems } = check((tree) => {
        tree.banners.inicio.banners[0]!.imageMobile = "/images/banners/promo-movil.webp";
      });
      expect(problems).toEqual([
        { file: "pages-config/banners/inicio.json", path: "banners[0].imageMobile", message: "la imagen «/images/banners/promo-movil.webp» no existe en public/" },
      ]);
    });

    it("reports missing logo, hero, offer and widget images", () => {
      const { problems } = check((tree) => {
        tree.public = tree.public.filter((file) => !/logo|hero|t100-mobile|musica/.test(file));
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/recargas.json", path: "blocks[0].image.src", message: "la imagen «/images/hero-recargas.webp» no existe en public/" },
        { file: "pages-config/recharges.json", path: "offers[0].imageMobile", message: "la imagen «/images/offers/t100-mobile.webp» no existe en public/" },
        { file: "pages-config/site.json", path: "brand.logo.src", message: "la imagen «/images/logo-bait.svg» no existe en public/" },
        { file: "pages-config/widget.json", path: "services[0].thumbnail", message: "la imagen «/images/widget/musica.svg» no existe en public/" },
        { file: "pages-config/widget.json", path: "services[0].media", message: "el archivo «/videos/musica.mp4» no existe en public/" },
      ]);
    });
  });
});
