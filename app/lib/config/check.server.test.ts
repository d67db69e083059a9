import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type * as z from "zod";
import {
  blockTypes,
  type bannerFile,
  type block,
  type flagsConfig,
  type modalDefinition,
  type pageDefinition,
  type rechargesConfig,
  type siteConfig,
  type widgetConfig,
} from "#schemas/config";
import { checkConfig } from "./check.server";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

const deadLink = (pathname: string) =>
  `la ruta local «${pathname}» no existe (ni página en pages-config/pages ni ruta en app/routes ni archivo en public/)`;

type Page = Omit<z.input<typeof pageDefinition>, "blocks"> & { blocks: Array<z.input<typeof block> | { type: string }> };

/** Types a fixture as the schema's input, so a test can then change any field to any valid value. */
const fixture = <T,>(value: T): T => value;

/** A small config that passes every check; each test breaks one thing in it. */
function validTree() {
  const text = (title: string) => ({ name: title, title, tagline: "", description: `Descubre ${title}`, brand: "Bait", brand_app: "", button: "Ver" });
  return {
    site: fixture<z.input<typeof siteConfig>>({
      brand: {
        name: "Bait",
        slug: "bait-prepago",
        legalName: "Bait Telecomunicaciones S.A. de C.V.",
        supportPhone: "800 123 4567",
        supportShortCode: "*611",
        logo: { src: "/images/logo-bait.svg", alt: "Bait", width: 120, height: 40 },
      },
      privacyNoticeUrl: "https://www.bait.example/aviso-de-privacidad",
      postpaidSiteUrl: "https://pospago.bait.example",
      navigation: [
        { id: "inicio", label: "Inicio", path: "/" },
        { id: "recargas", label: "Recargas", path: "/recargas" },
        { id: "terminos", label: "Términos de {product}", path: "/{product}/terminos" },
      ],
      menu: {
        groups: [
          {
            id: "recargas",
            section: "Recargas",
            url: "/recargas",
            options: [
              { section: "Recarga aquí", url: "/recargas?categoria=traditionals" },
              { section: "Términos", url: "/{product}/terminos#vigencia", flag: "e-sim" },
              { section: "Tiendas", url: "https://tiendas.bait.example" },
            ],
          },
        ],
        topBar: [{ section: "Mi cuenta", url: "/login", permissions: "anonymous" }],
      },
      footer: {
        local: [{ type: "urlLocal", label: "Recargas", url: "/recargas/" }],
        documents: [{ type: "pdf", label: "Contrato de adhesión", url: "/docs/contrato.pdf" }],
        legal: [
          { type: "modal", label: "Aviso de privacidad", modal: "aviso-de-privacidad" },
          { type: "url", label: "IFT", url: "https://www.ift.example" },
        ],
        sisterSites: ["uno", "dos", "tres", "cuatro"].map((name) => ({ name, url: `https://${name}.example` })),
        copyright: "© 2026 Bait",
      },
      sideBar: {
        social: (["facebook", "instagram", "x", "tiktok"] as const).map((network) => ({ network, label: network, url: `https://${network}.example/bait` })),
        whatsapp: { label: "WhatsApp", url: "https://wa.example/5500000000" },
        manage: { label: "Administra tu línea", url: "/login", tooltip: "Entra con tu número Bait" },
      },
      redirects: [{ from: "/recargas-en-linea", to: "/recargas" }],
      cookies: { policyModal: "aviso-de-privacidad", policyUpdated: "2021-10-31" },
    }),
    flags: fixture<z.input<typeof flagsConfig>>({
      sso: { description: "Inicio de sesión único", enabled: false },
      pospaid: { description: "Pospago", enabled: true },
      "e-sim": { description: "eSIM", enabled: true },
      "business-page": { description: "Empresas", enabled: true },
      "new-payment-plugin": { description: "Nuevo cobro", enabled: false },
    }),
    widget: fixture<z.input<typeof widgetConfig>>({
      version: "1.0.0",
      change_date: "2026-01-15",
      services: [
        { id: "bait-musica", tipo: 1, ...text("Bait Música"), link: "/recargas", media: "/videos/musica.mp4", thumbnail: "/images/widget/musica.svg", visible: true, estatus: "activo" },
      ],
      service_order: ["bait-musica"],
      stores: [
        { id: "walmart", tipo: 2, ...text("Walmart"), link: "https://www.walmart.example", thumbnail: "/images/widget/walmart.svg", visible: true, estatus: "activo" },
      ],
      stores_order: ["walmart"],
    }),
    recharges: fixture<z.input<typeof rechargesConfig>>({
      categories: [{ id: "traditionals", label: "Recargas", description: "Recargas con redes sociales", page: "/recargas" }],
      offers: [
        {
          offerId: "T100",
          rechargeName: "Bait 100",
          category: "traditionals",
          type: 1,
          price: 100,
          duration: 30,
          mbNavigation: 5000,
          mbSocialNetworks: 5000,
          includeMessage: "Incluye redes sociales",
          imageDesktop: "/images/offers/t100-desktop.webp",
          imageMobile: "/images/offers/t100-mobile.webp",
        },
      ],
    }),
    pages: {
      recargas: fixture<Page>({
        path: "/recargas",
        title: "Recargas Bait",
        description: "Recarga tu línea Bait en línea.",
        heading: "Recargas",
        blocks: [
          {
            type: "hero",
            title: "Recarga en segundos",
            text: "Consulta los [términos](/{product}/terminos).",
            image: { src: "/images/hero-recargas.webp", alt: "", width: 1200, height: 600 },
            actions: [{ label: "Entrar", href: "/login" }],
          },
          { type: "offers", category: "traditionals" },
          { type: "richText", content: [{ p: "Lee el [contrato](/docs/contrato.pdf) antes de recargar." }, { ul: ["Vuelve al [inicio](/)."] }] },
        ],
      }),
      terminos: fixture<Page>({
        path: "/{product}/terminos",
        title: "Términos",
        description: "Términos y condiciones del servicio Bait.",
        heading: "Términos y condiciones",
        flag: "business-page",
        blocks: [
          {
            type: "legal",
            updated: "2026-01-01",
            sections: [{ title: "Vigencia", content: [{ p: "Descarga los [términos](/docs/terminos.pdf?v=2)." }] }],
          },
          { type: "cta", title: "¿Dudas?", actions: [{ label: "Recarga", href: "/recargas" }] },
        ],
      }),
    },
    banners: {
      inicio: fixture<z.input<typeof bannerFile>>({
        banners: [
          {
            name: "promo",
            alt: "Promoción de junio",
            imageDesktop: "/images/banners/promo-desktop.webp",
            imageMobile: "/images/banners/promo-mobile.webp",
            action: "navigate",
            actionOptions: { url: "/recargas" },
          },
          {
            name: "recarga-100",
            alt: "Recarga 100",
            imageDesktop: "https://cdn.bait.example/recarga-100.webp",
            imageMobile: "https://cdn.bait.example/recarga-100-movil.webp",
            action: "recharge",
            rechargeOptions: { type: 1, offerId: "T100" },
          },
          {
            name: "contrato",
            alt: "Contrato",
            imageDesktop: "/images/banners/promo-desktop.webp",
            imageMobile: "/images/banners/promo-mobile.webp",
            action: "openFile",
            actionOptions: { url: "/docs/contrato.pdf" },
          },
        ],
      }),
    },
    modals: {
      "aviso-de-privacidad": fixture<z.input<typeof modalDefinition>>({
        title: "Aviso de privacidad",
        blocks: [{ type: "richText", content: [{ p: "Consulta también los [términos](/{product}/terminos)." }] }],
      }),
    },
    /** Raw file contents by path in pages-config/, written last (bad JSON, stray files). */
    raw: {} as Record<string, string>,
    /** Paths in pages-config/ to leave out. */
    missing: [] as string[],
    public: [
      "images/logo-bait.svg",
      "images/hero-recargas.webp",
      "images/banners/promo-desktop.webp",
      "images/banners/promo-mobile.webp",
      "images/offers/t100-desktop.webp",
      "images/offers/t100-mobile.webp",
      "images/widget/musica.svg",
      "images/widget/walmart.svg",
      "videos/musica.mp4",
      "docs/contrato.pdf",
      "docs/terminos.pdf",
    ],
    routes: ["_index.tsx", "$.tsx", "login.tsx"],
  };
}
type Tree = ReturnType<typeof validTree>;

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(tree: Tree) {
  const root = mkdtempSync(path.join(tmpdir(), "config-check-"));
  temporary.push(root);
  const dirs = { configDir: path.join(root, "pages-config"), publicDir: path.join(root, "public"), routesDir: path.join(root, "routes") };
  const put = (file: string, content: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  const config: Record<string, unknown> = {
    "site.json": tree.site,
    "flags.json": tree.flags,
    "widget.json": tree.widget,
    "recharges.json": tree.recharges,
  };
  for (const [kind, files] of Object.entries({ pages: tree.pages, banners: tree.banners, modals: tree.modals })) {
    for (const [name, content] of Object.entries(files)) config[`${kind}/${name}.json`] = content;
  }
  for (const [file, content] of Object.entries(config)) {
    if (!tree.missing.includes(file)) put(path.join(dirs.configDir, file), JSON.stringify(content, null, 2));
  }
  for (const [file, content] of Object.entries(tree.raw)) put(path.join(dirs.configDir, file), content);
  for (const file of tree.public) put(path.join(dirs.publicDir, file), "x");
  for (const file of tree.routes) put(path.join(dirs.routesDir, file), "");
  return dirs;
}

function check(change: (tree: Tree) => void = () => {}) {
  const tree = validTree();
  change(tree);
  return checkConfig(write(tree));
}

describe("checkConfig", () => {
  it("accepts a complete, consistent config", () => {
    expect(check()).toEqual({ problems: [], filesChecked: 8 });
  });

  describe("each file on its own", () => {
    it("reports bad JSON syntax with the line and column", () => {
      const { problems } = check((tree) => {
        tree.raw["banners/inicio.json"] = '{\n  "banners": [],\n}';
      });
      expect(problems).toEqual([
        { file: "pages-config/banners/inicio.json", path: "", message: "JSON mal formado en la línea 3, columna 1: se esperaba un nombre entre comillas dobles (¿sobra una coma al final?)" },
      ]);
    });

    it("reports a schema violation once, without dead links to the rejected page", () => {
      const { problems } = check((tree) => {
        tree.pages.terminos.description = "a".repeat(161);
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/terminos.json", path: "description", message: "la descripción para buscadores no debe pasar de 160 caracteres" },
      ]);
    });

    it("reports an unknown block type at its index", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks.push({ type: "carrusel" });
      });
      expect(problems).toEqual([
        {
          file: "pages-config/pages/recargas.json",
          path: "blocks[3].type",
          message: `tipo de bloque desconocido «carrusel» (los tipos válidos son: ${blockTypes.join(", ")})`,
        },
      ]);
    });

    it("reports a file that is not a config kind", () => {
      const { problems, filesChecked } = check((tree) => {
        tree.raw["ofertas.json"] = "{}";
      });
      expect(filesChecked).toBe(9);
      expect(problems).toEqual([
        {
          file: "pages-config/ofertas.json",
          path: "",
          message:
            "archivo no reconocido: los archivos válidos son site.json, flags.json, widget.json, recharges.json, " +
            "pages/<nombre>.json, modals/<nombre>.json y banners/<vista>.json (nombres en minúsculas, números y guiones)",
        },
      ]);
    });

    it("reports a missing required file", () => {
      const { problems } = check((tree) => {
        tree.missing.push("widget.json");
      });
      expect(problems).toEqual([{ file: "pages-config/widget.json", path: "", message: "no se encontró el archivo" }]);
    });
  });

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

describe("npm run config:check", () => {
  const run = (tree: Tree) => {
    const dirs = write(tree);
    return spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/config-check.ts",
        "--config-dir",
        dirs.configDir,
        "--public-dir",
        dirs.publicDir,
        "--routes-dir",
        dirs.routesDir,
      ],
      { cwd: repoRoot, encoding: "utf8" },
    );
  };

  it("prints each problem on its own line and exits with 1", () => {
    const tree = validTree();
    tree.site.menu.groups[0]!.options[0]!.url = "/recargas-prepago";
    const result = run(tree);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `✗ pages-config/site.json › menu.groups[0].options[0].url: ${deadLink("/recargas-prepago")}`,
      "1 problema(s) en la configuración.",
    ]);
  }, 30_000);

  it("says how many files it checked and exits with 0 when all is well", () => {
    const result = run(validTree());
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Configuración válida: 8 archivos revisados en \d+ ms\.\n$/);
  }, 30_000);
});
