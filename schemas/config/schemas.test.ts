import { describe, expect, it } from "vitest";
import {
  banner,
  bannerFile,
  externalUrl,
  flagsConfig,
  href,
  localPath,
  modalDefinition,
  nonEmpty,
  pageDefinition,
  pdfPath,
  rechargesConfig,
  siteConfig,
  widgetConfig,
} from "./index";
import {
  validBanners,
  validFlags,
  validModal,
  validOffer,
  validPage,
  validRecharges,
  validSite,
  validWidget,
  validWidgetItem,
} from "./fixtures.test-helpers";
import { expectRejected, issuesOf, named, withValue, type Rejection } from "./rejections.test-helpers";

const LOCAL_PATH = "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)";
const HTTPS_URL = "debe ser una dirección https:// completa";
const HREF = "debe ser una ruta local (/recargas) o una dirección https:// completa";
const PDF = "debe apuntar a un archivo .pdf";
const NOT_EMPTY = "no puede estar vacío";
const SLUG = "usa minúsculas, números y guiones";

describe("common field schemas", () => {
  it.each(["/", "/recargas", "/recargas?section=sim#top", "/docs/contrato.pdf"])("accepts the local path %s", (value) => {
    expect(localPath.safeParse(value).success).toBe(true);
  });

  it.each(["recargas", "//evil.example.com/recargas", "/\\evil.example.com", "/ruta\\con\\diagonal", "/con espacio", "https://bait.example.com/recargas", ""])(
    `rejects %j as a local path with '${LOCAL_PATH}'`,
    (value) => {
      expect(issuesOf(localPath, value)).toEqual([{ code: "invalid_format", path: [], message: LOCAL_PATH }]);
    },
  );

  it("accepts a full https address", () => {
    expect(externalUrl.safeParse("https://pospago.example.com/pagar-factura?x=1").success).toBe(true);
  });

  it.each(["http://pospago.example.com", "ftp://archivos.example.com", "/recargas", "pospago.example.com"])(
    `rejects %j as an external address with '${HTTPS_URL}'`,
    (value) => {
      expect(issuesOf(externalUrl, value)).toContainEqual(expect.objectContaining({ path: [], message: HTTPS_URL }));
    },
  );

  it("accepts either a local path or an https address as a link target", () => {
    expect(href.safeParse("/recargas").success).toBe(true);
    expect(href.safeParse("https://wa.me/525500000000").success).toBe(true);
  });

  it(`rejects a link target that is neither with '${HREF}'`, () => {
    expect(issuesOf(href, "recargas")).toContainEqual(expect.objectContaining({ path: [], message: HREF }));
  });

  it("accepts a PDF path whatever the case of its extension", () => {
    expect(pdfPath.safeParse("/docs/Contrato.PDF").success).toBe(true);
  });

  it(`rejects a document that is not a .pdf with '${PDF}' and a relative one with the local-path message`, () => {
    expect(issuesOf(pdfPath, "/docs/contrato.docx")).toEqual([{ code: "invalid_format", path: [], message: PDF }]);
    expect(issuesOf(pdfPath, "docs/contrato.pdf")).toContainEqual(expect.objectContaining({ message: LOCAL_PATH }));
  });

  it(`trims text and rejects blank text with '${NOT_EMPTY}'`, () => {
    expect(nonEmpty.parse("  Recargas  ")).toBe("Recargas");
    expect(issuesOf(nonEmpty, "   ")).toEqual([{ code: "too_small", path: [], message: NOT_EMPTY }]);
  });
});

describe("siteConfig", () => {
  it("accepts a complete site and fills in the defaults", () => {
    const site = siteConfig.parse(validSite());
    expect(site.brand.slug).toBe("bait");
    expect(site.menu.groups[0]?.permissions).toBe("all");
    expect(site.menu.topBar[0]?.permissions).toBe("all");
    expect(site.footer.legal[0]).toMatchObject({ type: "url", newWindow: true });
  });

  it.each(named<Rejection>([
    { case: "an upper-case brand slug", at: ["brand", "slug"], value: "Bait", message: SLUG },
    { case: "a blank brand name", at: ["brand", "name"], value: "   ", message: NOT_EMPTY },
    { case: "a relative logo", at: ["brand", "logo", "src"], value: "images/logo.svg", message: LOCAL_PATH },
    { case: "a privacy notice over http", at: ["privacyNoticeUrl"], value: "http://www.example.com/aviso", message: HTTPS_URL },
    { case: "a navigation path without its slash", at: ["navigation", 1, "path"], value: "recargas", message: LOCAL_PATH },
    { case: "a menu group id with accents and capitals", at: ["menu", "groups", 0, "id"], value: "Telefonía", message: SLUG },
    { case: "a menu group without options", at: ["menu", "groups", 0, "options"], value: [], message: "un grupo necesita al menos una opción" },
    { case: "a menu option pointing at a bare word", at: ["menu", "groups", 0, "options", 0, "url"], value: "recargas", message: HREF },
    { case: "an unknown menu permission", at: ["menu", "topBar", 0, "permissions"], value: "admin", code: "invalid_value" },
    { case: "an unknown footer link type", at: ["footer", "local", 0, "type"], value: "email", message: "el tipo debe ser url, urlLocal, modal o pdf" },
    { case: "a footer document that is not a PDF", at: ["footer", "documents", 0, "url"], value: "/docs/contrato.docx", message: PDF },
    { case: "a footer external link over http", at: ["footer", "legal", 0, "url"], value: "http://www.example.com", message: HTTPS_URL },
    { case: "a footer modal id with capitals", at: ["footer", "legal", 1, "modal"], value: "Cookies", code: "invalid_format" },
    {
      case: "three sister sites",
      at: ["footer", "sisterSites"],
      value: validSite().footer.sisterSites.slice(0, 3),
      message: "deben ser exactamente cuatro sitios hermanos",
    },
    {
      case: "five social networks",
      at: ["sideBar", "social"],
      value: [...validSite().sideBar.social, { network: "youtube", label: "YouTube", url: "https://www.youtube.com/bait" }],
      message: "deben ser exactamente cuatro redes sociales",
    },
    { case: "an unknown social network", at: ["sideBar", "social", 0, "network"], value: "myspace", code: "invalid_value" },
    { case: "a 'Gestiona tu Bait' link to another site", at: ["sideBar", "manage", "url"], value: "https://example.com/nir", message: LOCAL_PATH },
    { case: "a redirect from a path without its slash", at: ["redirects", 0, "from"], value: "recargas.html", message: LOCAL_PATH },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(siteConfig, validSite(), rejection);
  });
});

describe("pageDefinition", () => {
  it("accepts a page and fills access and onAnonymous", () => {
    expect(pageDefinition.parse(validPage())).toMatchObject({ access: "public", onAnonymous: "home" });
  });

  it("keeps blocks loose, so an unknown block reaches the block parsing instead of failing the page", () => {
    const page = pageDefinition.parse(withValue(validPage(), ["blocks"], [{ type: "carousel", slides: 3 }]));
    expect(page.blocks).toEqual([{ type: "carousel", slides: 3 }]);
  });

  it("accepts a description of exactly 160 characters", () => {
    expect(pageDefinition.safeParse(withValue(validPage(), ["description"], "a".repeat(160))).success).toBe(true);
  });

  it.each(named<Rejection>([
    { case: "a path without its slash", at: ["path"], value: "recargas", message: LOCAL_PATH },
    { case: "a protocol-relative path", at: ["path"], value: "//evil.example.com", message: LOCAL_PATH },
    { case: "a blank title", at: ["title"], value: "", message: NOT_EMPTY },
    { case: "a description of 161 characters", at: ["description"], value: "a".repeat(161), message: "la descripción para buscadores no debe pasar de 160 caracteres" },
    { case: "a page without blocks", at: ["blocks"], value: [], message: "una página necesita al menos un bloque" },
    { case: "a block without a type", at: ["blocks", 0], value: { title: "Hola" }, path: ["blocks", 0, "type"], code: "invalid_type" },
    { case: "an unknown access level", at: ["access"], value: "admin", code: "invalid_value" },
    { case: "an unknown anonymous destination", at: ["onAnonymous"], value: "registro", code: "invalid_value" },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(pageDefinition, validPage(), rejection);
  });
});

describe("banner", () => {
  it.each(Object.entries(validBanners()))("accepts a %s banner", (action, candidate) => {
    expect(banner.parse(candidate).action).toBe(action);
  });

  it("opens external banners in the same window and gives no tags unless told", () => {
    const external = validBanners().navigationExternal;
    const parsed = banner.parse({ ...external, actionOptions: { url: external.actionOptions.url } });
    expect(parsed).toMatchObject({ actionOptions: { newWindow: false }, tags: [] });
  });

  const { navigate, navigationExternal, recharge, openFile, goToStore } = validBanners();

  it.each(named<Rejection & { document: unknown }>([
    { document: navigate, case: "an unknown action", at: ["action"], value: "popup", message: "la acción debe ser navigate, navigationExternal, recharge, openFile o goToStore" },
    { document: navigate, case: "a blank name", at: ["name"], value: "", message: NOT_EMPTY },
    { document: navigate, case: "a missing alt text", at: ["alt"], value: undefined, code: "invalid_type" },
    { document: navigate, case: "a relative desktop image", at: ["imageDesktop"], value: "promo.webp", code: "invalid_union" },
    { document: navigate, case: "navigate to another site", at: ["actionOptions", "url"], value: "https://pospago.example.com", message: LOCAL_PATH },
    { document: navigate, case: "an unknown query handling", at: ["actionOptions", "queryParamsHandling"], value: "replace", code: "invalid_value" },
    { document: navigationExternal, case: "navigationExternal to a local path", at: ["actionOptions", "url"], value: "/recargas", message: HTTPS_URL },
    { document: recharge, case: "a recharge without offerId", at: ["rechargeOptions", "offerId"], value: " ", message: NOT_EMPTY },
    { document: recharge, case: "a fractional offer type", at: ["rechargeOptions", "type"], value: 1.5, code: "invalid_type" },
    { document: recharge, case: "a negative amount", at: ["rechargeOptions", "mount"], value: -10, code: "too_small" },
    { document: openFile, case: "opening a file that is not a PDF", at: ["actionOptions", "url"], value: "/docs/promo.docx", message: PDF },
    { document: goToStore, case: "an iOS link outside apps.apple.com", at: ["storeOptions", "ios"], value: "https://apps.example.com/bait", message: "debe ser un enlace de apps.apple.com" },
    { document: goToStore, case: "an Android link outside play.google.com", at: ["storeOptions", "android"], value: "https://apps.apple.com/mx/app/bait/id1", message: "debe ser un enlace de play.google.com" },
  ]))("rejects %s", (_name, { document, ...rejection }) => {
    expectRejected(banner, document, rejection);
  });
});

describe("bannerFile", () => {
  it("accepts a file with one banner of each action, and an empty list", () => {
    expect(bannerFile.parse({ banners: Object.values(validBanners()) }).banners).toHaveLength(5);
    expect(bannerFile.parse({ banners: [] }).banners).toEqual([]);
  });

  it("reports a broken banner under its index", () => {
    const file = { banners: [validBanners().recharge, validBanners().navigate] };
    expectRejected(bannerFile, file, { case: "", at: ["banners", 1, "actionOptions", "url"], value: "recargas", message: LOCAL_PATH });
  });

  it("rejects a file without the banners list", () => {
    expect(issuesOf(bannerFile, [validBanners().navigate])).toContainEqual(expect.objectContaining({ code: "invalid_type", path: [] }));
    expect(issuesOf(bannerFile, {})).toContainEqual(expect.objectContaining({ code: "invalid_type", path: ["banners"] }));
  });
});

describe("rechargesConfig", () => {
  it("accepts categories with their offers and fills the offer defaults", () => {
    const config = rechargesConfig.parse(validRecharges());
    expect(config.offers[0]).toMatchObject({ unlimitedSocial: false, highlighted: false });
  });

  it("accepts the store offer type 99", () => {
    expect(rechargesConfig.safeParse(withValue(validRecharges(), ["offers", 0, "type"], 99)).success).toBe(true);
  });

  it("reports a repeated offerId on the second offer only", () => {
    const config = withValue(validRecharges(), ["offers", 1], validOffer());
    expect(issuesOf(rechargesConfig, config)).toEqual([
      { code: "custom", path: ["offers", 1, "offerId"], message: "el offerId «recarga-50» está repetido" },
    ]);
  });

  it("accepts international destinations that name international offers", () => {
    const config = {
      ...validRecharges(),
      categories: [...validRecharges().categories, { id: "internationals", label: "Internacionales", description: "Paquetes para el extranjero" }],
      offers: [...validRecharges().offers, { ...validOffer(), offerId: "INT100", category: "internationals", type: 5 }],
      international: { insideMexico: [{ id: "canada", name: "Canadá", offerIds: ["INT100"] }], outsideMexico: [] },
    };
    expect(rechargesConfig.parse(config).international.insideMexico[0]?.name).toBe("Canadá");
  });

  it("reports an offer whose type disagrees with its category (spec §3)", () => {
    const config = withValue(withValue(validRecharges(), ["offers", 1, "type"], 2), ["offers", 0, "type"], 4);
    expect(issuesOf(rechargesConfig, config)).toEqual([
      { code: "custom", path: ["offers", 0, "type"], message: "el tipo 4 no corresponde a la categoría «traditionals» (usa 1 o 99)" },
      { code: "custom", path: ["offers", 1, "type"], message: "el tipo 2 no corresponde a la categoría «mifi» (usa 3)" },
    ]);
  });

  it("accepts business offers of type 8 and 9, and e-SIM offers of type 7", () => {
    const config = {
      ...validRecharges(),
      categories: [...validRecharges().categories, { id: "business", label: "Empresarial", description: "Para negocios" }, { id: "e-sim", label: "E-SIM", description: "SIM digital" }],
      offers: [
        ...validRecharges().offers,
        { ...validOffer(), offerId: "EMP299", category: "business", type: 9 },
        { ...validOffer(), offerId: "EMPMIFI399", category: "business", type: 8 },
        { ...validOffer(), offerId: "ESIM100", category: "e-sim", type: 7 },
      ],
    };
    expect(rechargesConfig.safeParse(config).success).toBe(true);
  });

  it("reports a recurring offer that does not exist", () => {
    const config = { ...validRecharges(), recurring: { offerIds: ["recarga-50", "BAIT999"] } };
    expect(issuesOf(rechargesConfig, config)).toEqual([
      { code: "custom", path: ["recurring", "offerIds", 1], message: "la oferta «BAIT999» no existe en offers" },
    ]);
  });

  it("reports a destination whose offer is not an international offer", () => {
    const config = { ...validRecharges(), international: { insideMexico: [], outsideMexico: [{ id: "japon", name: "Japón", offerIds: ["recarga-50"] }] } };
    expect(issuesOf(rechargesConfig, config)).toEqual([
      { code: "custom", path: ["international", "outsideMexico", 0, "offerIds", 0], message: "la oferta «recarga-50» no es una oferta internacional de offers" },
    ]);
  });

  it("reports an offer whose category is valid but not listed in categories", () => {
    const config = withValue(withValue(validRecharges(), ["offers", 0, "category"], "hbb"), ["offers", 0, "type"], 2);
    expect(issuesOf(rechargesConfig, config)).toEqual([
      { code: "custom", path: ["offers", 0, "category"], message: "la categoría «hbb» no está en categories" },
    ]);
  });

  it.each(named<Rejection>([
    { case: "an offer category that does not exist", at: ["offers", 0, "category"], value: "planes", code: "invalid_value" },
    { case: "an offer type outside the operator's codes", at: ["offers", 0, "type"], value: 10, message: "el tipo de oferta debe ser 1, 2, 3, 4, 5, 6, 7, 8, 9 o 99" },
    { case: "an offerId with spaces", at: ["offers", 0, "offerId"], value: "recarga 50", message: "usa letras, números, guiones o guion bajo" },
    { case: "a free offer", at: ["offers", 0, "price"], value: 0, code: "too_small" },
    { case: "a price above 100,000 pesos", at: ["offers", 0, "price"], value: 100_001, code: "too_big" },
    { case: "a duration of half a day", at: ["offers", 0, "duration"], value: 7.5, code: "invalid_type" },
    { case: "negative megabytes", at: ["offers", 0, "mbNavigation"], value: -1, code: "too_small" },
    { case: "a blank include message", at: ["offers", 0, "includeMessage"], value: " ", message: NOT_EMPTY },
    { case: "a relative offer image", at: ["offers", 0, "imageDesktop"], value: "recarga.webp", message: LOCAL_PATH },
    { case: "no categories", at: ["categories"], value: [], code: "too_small" },
    { case: "a category page without its slash", at: ["categories", 0, "page"], value: "recargas", message: LOCAL_PATH },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(rechargesConfig, validRecharges(), rejection);
  });
});

describe("widgetConfig", () => {
  it("accepts services and stores with their order lists", () => {
    expect(widgetConfig.parse(validWidget()).services[0]?.id).toBe("bait-musica");
  });

  it("reports an order entry that names no service", () => {
    const config = withValue(validWidget(), ["service_order"], ["bait-musica", "bait-video"]);
    expect(issuesOf(widgetConfig, config)).toEqual([{ code: "custom", path: ["service_order", 1], message: "«bait-video» no existe en services" }]);
  });

  it("reports an order entry that names no store", () => {
    const config = withValue(validWidget(), ["stores_order"], ["walmart"]);
    expect(issuesOf(widgetConfig, config)).toEqual([{ code: "custom", path: ["stores_order", 0], message: "«walmart» no existe en stores" }]);
  });

  it("reports a store listed among the services, and a service among the stores, by tipo", () => {
    const swapped = { ...validWidget(), services: [validWidgetItem({ tipo: 2 })], stores: [validWidgetItem({ id: "bodega-aurrera", tipo: 1 })] };
    expect(issuesOf(widgetConfig, swapped)).toEqual([
      { code: "custom", path: ["services", 0, "tipo"], message: "en services el tipo debe ser 1" },
      { code: "custom", path: ["stores", 0, "tipo"], message: "en stores el tipo debe ser 2" },
    ]);
  });

  it.each(named<Rejection>([
    { case: "a tipo other than 1 or 2", at: ["services", 0, "tipo"], value: 3, message: "tipo es 1 (servicio) o 2 (tienda)" },
    { case: "an unknown estatus", at: ["services", 0, "estatus"], value: "pausado", code: "invalid_value" },
    { case: "a link that is a bare domain", at: ["services", 0, "link"], value: "musica.example.com", message: HREF },
    { case: "a relative thumbnail", at: ["stores", 0, "thumbnail"], value: "tienda.webp", message: LOCAL_PATH },
    { case: "an item id with spaces", at: ["services", 0, "id"], value: "bait música", code: "invalid_format" },
    { case: "a blank button label", at: ["services", 0, "button"], value: "", message: NOT_EMPTY },
    { case: "a change date written d/m/yyyy", at: ["change_date"], value: "01/05/2024", code: "invalid_format" },
    { case: "a blank version", at: ["version"], value: "", message: NOT_EMPTY },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(widgetConfig, validWidget(), rejection);
  });
});

describe("flagsConfig", () => {
  it("accepts the five known flags and fills allValidations and the user lists", () => {
    const flags = flagsConfig.parse(validFlags());
    expect(flags["e-sim"].conditions?.allValidations).toBe(false);
    expect(flags["business-page"].conditions?.allValidations).toBe(true);
    const onlyEmails = withValue(validFlags(), ["pospaid", "conditions", "allowedUsers"], { emails: ["demo.mbb@example.com"] });
    expect(flagsConfig.parse(onlyEmails).pospaid.conditions?.allowedUsers).toEqual({ emails: ["demo.mbb@example.com"], phones: [] });
  });

  it("rejects a file that leaves out one of the known flags, naming it", () => {
    const { pospaid: _missing, ...withoutPospaid } = validFlags();
    expect(issuesOf(flagsConfig, withoutPospaid)).toEqual([expect.objectContaining({ code: "invalid_type", path: ["pospaid"] })]);
  });

  it("rejects a flag name the site does not know", () => {
    expect(issuesOf(flagsConfig, { ...validFlags(), "dark-mode": validFlags().sso })).toContainEqual(
      expect.objectContaining({ code: "unrecognized_keys", path: [] }),
    );
  });

  it.each(named<Rejection>([
    { case: "a flag without its master switch", at: ["sso", "enabled"], value: undefined, code: "invalid_type" },
    { case: "a misspelt property on a flag", at: ["sso", "enable"], value: true, path: ["sso"], code: "unrecognized_keys" },
    { case: "an unknown condition", at: ["e-sim", "conditions", "allowedCountries"], value: ["MX"], path: ["e-sim", "conditions"], code: "unrecognized_keys" },
    { case: "a broken regular expression", at: ["business-page", "conditions", "allowedRegex", 0, "pattern"], value: "(", message: "no es una expresión regular válida" },
    { case: "a regular expression on userType", at: ["business-page", "conditions", "allowedRegex", 0, "field"], value: "userType", code: "invalid_value" },
    { case: "an IP with three octets", at: ["business-page", "conditions", "allowedIps", 0], value: "10.0.0", message: "debe ser una IP o un rango CIDR válido (10.0.0.0/8)" },
    { case: "a host name instead of an IP", at: ["business-page", "conditions", "allowedIps", 1], value: "localhost", message: "debe ser una IP o un rango CIDR válido (10.0.0.0/8)" },
    { case: "an octet above 255", at: ["business-page", "conditions", "allowedIps", 0], value: "999.1.1.1", message: "debe ser una IP o un rango CIDR válido (10.0.0.0/8)" },
    { case: "an IPv4 prefix above 32", at: ["business-page", "conditions", "allowedIps", 0], value: "10.0.0.0/33", message: "debe ser una IP o un rango CIDR válido (10.0.0.0/8)" },
    { case: "a hex word that is not an IPv6 address", at: ["business-page", "conditions", "allowedIps", 0], value: "cafe", message: "debe ser una IP o un rango CIDR válido (10.0.0.0/8)" },
    { case: "an invalid e-mail", at: ["pospaid", "conditions", "allowedUsers", "emails", 0], value: "demo.mbb@", message: "correo inválido" },
    { case: "a phone with spaces", at: ["pospaid", "conditions", "allowedUsers", "phones", 0], value: "55 1234 5678", message: "el teléfono lleva 10 dígitos" },
    { case: "a rollout above 100 %", at: ["e-sim", "conditions", "allowedPercentage"], value: 101, code: "too_big" },
    { case: "a negative rollout", at: ["e-sim", "conditions", "allowedPercentage"], value: -1, code: "too_small" },
    { case: "allowedData on an unknown field", at: ["new-payment-plugin", "conditions", "allowedData", 0, "field"], value: "password", code: "invalid_value" },
    { case: "allowedData without values", at: ["new-payment-plugin", "conditions", "allowedData", 0, "values"], value: [], code: "too_small" },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(flagsConfig, validFlags(), rejection);
  });
});

describe("modalDefinition", () => {
  it("accepts a titled modal with blocks", () => {
    expect(modalDefinition.parse(validModal()).title).toBe("Política de cookies");
  });

  it.each(named<Rejection>([
    { case: "a blank title", at: ["title"], value: "  ", message: NOT_EMPTY },
    { case: "a modal without blocks", at: ["blocks"], value: [], code: "too_small" },
    { case: "a block without a type", at: ["blocks", 0], value: { p: "Hola" }, path: ["blocks", 0, "type"], code: "invalid_type" },
  ]))("rejects %s", (_name, rejection) => {
    expectRejected(modalDefinition, validModal(), rejection);
  });
});
