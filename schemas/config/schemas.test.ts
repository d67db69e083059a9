import { describe, expect, it } from "vitest";
import type * as z from "zod";
import {
  banner,
  bannerFile,
  block,
  blockSchemas,
  blockTypes,
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
  validBlocks,
  validFlags,
  validModal,
  validOffer,
  validPage,
  validRecharges,
  validSite,
  validWidget,
  validWidgetItem,
} from "./fixtures.test-helpers";

type Path = ReadonlyArray<string | number>;

/** A fresh copy of `document` with the value at `path` replaced. */
function withValue<T>(document: T, path: Path, value: unknown): T {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy as T;
}

function issuesOf(schema: z.ZodType, document: unknown) {
  const result = schema.safeParse(document);
  if (result.success) throw new Error("se esperaba que el documento fuera rechazado, pero pasó la validación");
  return result.error.issues.map(({ code, path, message }) => ({ code, path, message }));
}

/**
 * A rejection the schema must report. `message` for the Spanish texts our schemas define;
 * `code` where the schema leaves zod's own (English) message, so only the place is asserted.
 */
type Rejection = { case: string; at: Path; value: unknown; path?: Path; message?: string; code?: string };

function expectRejected(schema: z.ZodType, document: unknown, { at, value, path = at, message, code }: Rejection) {
  const expected: Record<string, unknown> = { path };
  if (message !== undefined) expected.message = message;
  if (code !== undefined) expected.code = code;
  expect(issuesOf(schema, withValue(document, at, value))).toContainEqual(expect.objectContaining(expected));
}

const jsonPath = (path: Path) => path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");

/** Test-table rows named after what they guard: "an upper-case brand slug with 'usa minúsculas…' at brand.slug". */
function named<R extends Rejection>(rejections: R[]): Array<[string, R]> {
  return rejections.map((rejection) => {
    const what = rejection.message !== undefined ? `with '${rejection.message}'` : `(${rejection.code})`;
    return [`${rejection.case} ${what} at ${jsonPath(rejection.path ?? rejection.at) || "the top"}`, rejection];
  });
}

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

  it.each(["recargas", "//evil.example.com/recargas", "/con espacio", "https://bait.example.com/recargas", ""])(
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

describe("blocks", () => {
  it("knows every block type in the registry order", () => {
    expect(blockTypes).toEqual(["hero", "richText", "cards", "offers", "catalogue", "destinations", "faq", "cta", "legal", "siteMap", "stores", "steps", "embed"]);
    expect(Object.keys(validBlocks()).sort()).toEqual([...blockTypes].sort());
  });

  it.each(Object.entries(validBlocks()))("accepts a valid %s block through the union and through its own schema", (type, candidate) => {
    expect(block.parse(candidate).type).toBe(type);
    const own = blockSchemas.find((schema) => schema.shape.type.value === type);
    expect(own?.safeParse(candidate).success).toBe(true);
  });

  it("rejects a block of an unknown type at its type", () => {
    expect(issuesOf(block, { type: "carousel", slides: [] })).toContainEqual(expect.objectContaining({ path: ["type"], code: "invalid_union" }));
  });

  it("fills block defaults: primary action variant, embed height 700 and no forwarded parameters", () => {
    const hero = block.parse(validBlocks().hero);
    expect(hero.type === "hero" && hero.actions[0]?.variant).toBe("primary");
    const embed = block.parse({ type: "embed", title: "Pospago", src: "https://pospago.example.com/" });
    expect(embed).toMatchObject({ minHeight: 700, forwardParams: [] });
  });

  const blocks = validBlocks();
  const twoActions = [blocks.hero.actions[0], blocks.hero.actions[0]];

  it.each(named<Rejection & { type: keyof ReturnType<typeof validBlocks> }>([
    { type: "hero", case: "a hero without a title", at: ["title"], value: " ", message: NOT_EMPTY },
    { type: "hero", case: "a hero action to a bare word", at: ["actions", 0, "href"], value: "recargas", message: HREF },
    { type: "hero", case: "a hero with three actions", at: ["actions"], value: [...twoActions, blocks.hero.actions[0]], code: "too_big" },
    { type: "hero", case: "a hero image with a relative source", at: ["image"], value: { src: "foto.jpg", alt: "", width: 1, height: 1 }, path: ["image", "src"], code: "invalid_union" },
    { type: "richText", case: "rich text without content", at: ["content"], value: [], code: "too_small" },
    { type: "richText", case: "a rich-text node that is both paragraph and heading", at: ["content", 0], value: { p: "a", h: "b" }, code: "invalid_union" },
    { type: "richText", case: "an empty list", at: ["content", 2], value: { ul: [] }, path: ["content", 2, "ul"], code: "too_small" },
    { type: "cards", case: "a card with an unknown icon", at: ["items", 0, "icon"], value: "rocket", code: "invalid_value" },
    { type: "cards", case: "cards without items", at: ["items"], value: [], code: "too_small" },
    { type: "cards", case: "a card without text", at: ["items", 0, "text"], value: "", message: NOT_EMPTY },
    { type: "offers", case: "an unknown offer category", at: ["category"], value: "planes", code: "invalid_value" },
    { type: "offers", case: "a limit of zero offers", at: ["limit"], value: 0, code: "too_small" },
    { type: "catalogue", case: "a catalogue without categories", at: ["categories"], value: [], message: "el catálogo necesita al menos una categoría" },
    { type: "catalogue", case: "a catalogue tab of an unknown category", at: ["categories", 1], value: "planes", code: "invalid_value" },
    { type: "catalogue", case: "a catalogue tab shown twice", at: ["categories", 2], value: "traditionals", message: "la categoría «traditionals» está repetida" },
    { type: "destinations", case: "a blank destinations heading", at: ["heading"], value: " ", code: "too_small" },
    { type: "faq", case: "a question without an answer", at: ["items", 0, "answer"], value: [], code: "too_small" },
    { type: "cta", case: "a call to action without actions", at: ["actions"], value: [], code: "too_small" },
    { type: "cta", case: "a call to action with four actions", at: ["actions"], value: [...twoActions, ...twoActions], code: "too_big" },
    { type: "legal", case: "a legal update date written d/m/yyyy", at: ["updated"], value: "31/10/2021", message: "debe ser una fecha AAAA-MM-DD" },
    { type: "legal", case: "a legal update date that does not exist", at: ["updated"], value: "2021-02-30", message: "debe ser una fecha AAAA-MM-DD" },
    { type: "legal", case: "legal text without sections", at: ["sections"], value: [], code: "too_small" },
    { type: "siteMap", case: "a blank site-map heading", at: ["heading"], value: "   ", code: "too_small" },
    { type: "stores", case: "a 4-digit postal code", at: ["stores", 0, "postalCode"], value: "6600", message: "el código postal lleva 5 dígitos" },
    { type: "stores", case: "a store phone with spaces", at: ["stores", 0, "phone"], value: "55 1234 5678", message: "el teléfono lleva 10 dígitos" },
    { type: "stores", case: "an unknown kind of store", at: ["stores", 0, "kind"], value: "franquicia", code: "invalid_value" },
    { type: "stores", case: "a store without opening hours", at: ["stores", 0, "hours"], value: [], code: "too_small" },
    { type: "stores", case: "a maps link without https", at: ["stores", 0, "mapsUrl"], value: "maps.example.com/reforma", message: HREF },
    { type: "steps", case: "a single step", at: ["items"], value: [blocks.steps.items[0]], code: "too_small" },
    { type: "embed", case: "an embedded frame over http", at: ["src"], value: "http://pospago.example.com/", code: "invalid_format" },
    { type: "embed", case: "a frame height of zero", at: ["minHeight"], value: 0, code: "too_small" },
  ]))("rejects %s", (_name, { type, ...rejection }) => {
    const own = blockSchemas.find((schema) => schema.shape.type.value === type);
    if (!own) throw new Error(`no schema for ${type}`);
    expectRejected(own, validBlocks()[type], rejection);
    expectRejected(block, validBlocks()[type], rejection);
  });
});

describe("pageDefinition", () => {
  it("accepts a page and fills access and onAnonymous", () => {
    expect(pageDefinition.parse(validPage())).toMatchObject({ access: "public", onAnonymous: "home" });
  });

  it("keeps blocks loose, so an unknown block reaches parseBlocks instead of failing the page", () => {
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
    const config = withValue(validRecharges(), ["offers", 0, "category"], "hbb");
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
