/**
 * Small valid config documents, as marketing would write them in pages-config/. Each is a
 * factory so a test can break one field of a fresh copy without touching the others.
 */
import type * as z from "zod";
import type { banner, flagDefinition, modalDefinition, pageDefinition, rechargeOffer, widgetItem } from "./index";

type In<T extends z.ZodType> = z.input<T>;

export function validSite() {
  return {
    brand: {
      name: "Bait",
      legalName: "Bait Telecomunicaciones, S.A. de C.V.",
      supportPhone: "800 123 2248",
      supportShortCode: "*282",
      logo: { src: "/images/logo-bait.svg", alt: "Bait", width: 120, height: 40 },
    },
    privacyNoticeUrl: "https://www.example.com/aviso-de-privacidad",
    postpaidSiteUrl: "https://pospago.example.com",
    navigation: [
      { id: "inicio", label: "Inicio", path: "/" },
      { id: "recargas", label: "Recargas", path: "/recargas" },
    ],
    menu: {
      groups: [
        {
          id: "telefonia-prepago",
          section: "Telefonía Prepago",
          options: [
            { section: "Recargas", url: "/recargas" },
            { section: "Cobertura", url: "https://cobertura.example.com", newWindow: true },
          ],
        },
      ],
      topBar: [{ section: "Cámbiate a Bait", url: "/cambiate-a-bait" }],
    },
    footer: {
      local: [{ type: "urlLocal", label: "Centros de atención", url: "/centros-de-atencion" }],
      documents: [{ type: "pdf", label: "Contrato de adhesión", url: "/docs/contrato-prepago.pdf" }],
      legal: [
        { type: "url", label: "Aviso de privacidad", url: "https://www.example.com/aviso-de-privacidad" },
        { type: "modal", label: "Política de cookies", modal: "politica-de-cookies" },
      ],
      sisterSites: [
        { name: "Sitio hermano 1", url: "https://uno.example.com" },
        { name: "Sitio hermano 2", url: "https://dos.example.com" },
        { name: "Sitio hermano 3", url: "https://tres.example.com" },
        { name: "Sitio hermano 4", url: "https://cuatro.example.com" },
      ],
      copyright: "© 2024 Bait",
    },
    sideBar: {
      social: [
        { network: "facebook", label: "Facebook", url: "https://www.facebook.com/bait" },
        { network: "instagram", label: "Instagram", url: "https://www.instagram.com/bait" },
        { network: "x", label: "X", url: "https://x.com/bait" },
        { network: "tiktok", label: "TikTok", url: "https://www.tiktok.com/@bait" },
      ],
      whatsapp: { label: "WhatsApp", url: "https://wa.me/525500000000" },
      manage: { label: "Gestiona tu Bait", url: "/cambio-nir", tooltip: "Cambia tu número o tu NIR" },
    },
    redirects: [{ from: "/recargas.html", to: "/recargas" }],
    cookies: { policyModal: "politica-de-cookies", policyUpdated: "2021-10-31" },
  };
}

export function validPage(): In<typeof pageDefinition> {
  return {
    path: "/recargas",
    title: "Recargas Bait",
    description: "Recarga tu línea Bait en línea.",
    heading: "Recargas",
    // Pages keep their blocks loose: each block type's own fixture is in its folder of app/render/blocks.
    blocks: [
      { type: "hero", title: "Recarga tu Bait", actions: [{ label: "Recargar", href: "/recargas" }] },
      { type: "offers", category: "traditionals", limit: 3 },
    ],
  };
}

const slide = { name: "Promo recargas", alt: "Recarga 200 y llévate el doble", imageDesktop: "/banners/promo-d.webp", imageMobile: "/banners/promo-m.webp" };

/** One valid banner per action. */
export function validBanners() {
  return {
    navigate: { ...slide, action: "navigate", actionOptions: { url: "/recargas?section=paquetes" } },
    navigationExternal: { ...slide, action: "navigationExternal", actionOptions: { url: "https://pospago.example.com", newWindow: true } },
    recharge: { ...slide, action: "recharge", rechargeOptions: { type: 1, offerId: "recarga-200", mount: 200 } },
    openFile: { ...slide, action: "openFile", actionOptions: { url: "/docs/terminos-promo.pdf" } },
    goToStore: {
      ...slide,
      action: "goToStore",
      storeOptions: { ios: "https://apps.apple.com/mx/app/bait/id123", android: "https://play.google.com/store/apps/details?id=mx.bait" },
    },
  } satisfies { [K in In<typeof banner>["action"]]: Extract<In<typeof banner>, { action: K }> };
}

export function validOffer(overrides: Partial<In<typeof rechargeOffer>> = {}): In<typeof rechargeOffer> {
  return {
    offerId: "recarga-50",
    rechargeName: "Recarga 50",
    category: "traditionals",
    type: 1,
    price: 50,
    duration: 7,
    mbNavigation: 1536,
    mbSocialNetworks: 1024,
    includeMessage: "Llamadas y SMS ilimitados",
    imageDesktop: "/images/ofertas/recarga-50-d.webp",
    imageMobile: "/images/ofertas/recarga-50-m.webp",
    ...overrides,
  };
}

export function validRecharges() {
  return {
    categories: [
      { id: "traditionals", label: "Recargas", description: "Para tu celular", page: "/recargas" },
      { id: "mifi", label: "Internet portátil", description: "Para tu MiFi" },
    ],
    offers: [validOffer(), validOffer({ offerId: "mifi-100", category: "mifi", type: 3, price: 100, duration: 30 })],
  };
}

export function validWidgetItem(overrides: Partial<In<typeof widgetItem>> = {}): In<typeof widgetItem> {
  return {
    id: "bait-musica",
    tipo: 1,
    name: "Música",
    title: "Música sin consumir datos",
    tagline: "Escucha sin límites",
    description: "Disfruta tu música favorita.",
    brand: "Bait",
    brand_app: "Bait Música",
    button: "Conocer",
    link: "https://musica.example.com",
    thumbnail: "/images/widget/musica.webp",
    visible: true,
    estatus: "activo",
    ...overrides,
  };
}

export function validWidget() {
  return {
    version: "3",
    change_date: "2024-05-01",
    services: [validWidgetItem()],
    service_order: ["bait-musica"],
    stores: [validWidgetItem({ id: "bodega-aurrera", tipo: 2, name: "Bodega Aurrera", link: "/centros-de-atencion" })],
    stores_order: ["bodega-aurrera"],
  };
}

export function validFlag(overrides: Partial<In<typeof flagDefinition>> = {}): In<typeof flagDefinition> {
  return { description: "Inicio de sesión único", enabled: true, ...overrides };
}

export function validFlags() {
  return {
    sso: validFlag(),
    pospaid: validFlag({ description: "Sitio pospago", conditions: { allowedUsers: { emails: ["demo.mbb@example.com"], phones: ["5512345678"] } } }),
    "e-sim": validFlag({ description: "Compra de eSIM", conditions: { allowedPercentage: 30 } }),
    "business-page": validFlag({
      description: "Página empresarial",
      conditions: { allowedIps: ["10.0.0.0/8", "2001:db8::1"], allowedRegex: [{ field: "email", pattern: "@bait\\.mx$" }], allValidations: true },
    }),
    "new-payment-plugin": validFlag({ description: "Nuevo plugin de pago", enabled: false, conditions: { allowedData: [{ field: "userType", values: [1, "2"] }] } }),
  };
}

export function validModal(): In<typeof modalDefinition> {
  return { title: "Política de cookies", blocks: [{ type: "legal", updated: "2021-10-31", sections: [{ title: "Cookies", content: [{ p: "Usamos cookies." }] }] }] };
}
