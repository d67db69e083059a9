/** A small valid pages-config/ tree on disk, for the config:check tests: each test breaks one thing in it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as z from "zod";
import type { bannerFile, flagsConfig, modalDefinition, pageDefinition, rechargesConfig, siteConfig, widgetConfig } from "#schemas/config";
import type { BlockKinds } from "./blocks";
import { checkConfig } from "./check.server";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export const deadLink = (pathname: string) =>
  `la ruta local «${pathname}» no existe (ni página en pages-config/pages ni ruta en app/routes ni archivo en public/)`;

type Page = Omit<z.input<typeof pageDefinition>, "blocks"> & { blocks: Array<{ type: string } & Record<string, unknown>> };

/** Types a fixture as the schema's input, so a test can then change any field to any valid value. */
const fixture = <T,>(value: T): T => value;

/** A small config that passes every check; each test breaks one thing in it. */
export function validTree() {
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
export type Tree = ReturnType<typeof validTree>;

const temporary: string[] = [];

/** Removes the trees written so far; each test file runs it after each test. */
export function removeTrees() {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function write(tree: Tree) {
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

/**
 * config:check over the valid tree after `change`, with the block kinds the test hands in (the
 * render layer's, which a helper of lib does not import).
 */
export const checker =
  (kinds: BlockKinds) =>
  (change: (tree: Tree) => void = () => {}) => {
    const tree = validTree();
    change(tree);
    return checkConfig(write(tree), kinds);
  };
