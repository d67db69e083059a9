import { createHash } from "node:crypto";
import i18next from "i18next";
import { fixedT } from "./fixed-t";
import { i18nOptions } from "./options";
import { LOCALE, namespaces, resources, type Namespace } from "./resources";

/**
 * The catalogues' version: a hash of their content, in the URL the browser loads a namespace from
 * (`/locales/:ns.json?v=…`), so that URL may be cached for good.
 */
export const catalogueVersion = createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

/**
 * The site's one i18next instance on the server, initialised once at start with every namespace
 * (the catalogues never change while the server runs). A request translates through a fixed `t`
 * (`getFixedT`), never through an instance of its own. The version travels with the instance's
 * options, for the page's JSON (page-resources.tsx).
 */
void i18next.init({ ...i18nOptions, ns: [...namespaces], resources, backend: { version: catalogueVersion } });

export { i18next as i18n };

/**
 * What the server's pages hand to `I18nextProvider`: the one instance, seen through an object whose
 * prototype it is, with one property of its own (`getFixedT`, below). react-i18next 16 gives every
 * `useTranslation` call its own copy of the instance it was given (`createI18nWrapper`:
 * `Object.getOwnPropertyDescriptors`), and the instance has about forty: about 25 µs a call,
 * and 5 % of the signed-in /home's CPU (docs/performance.md). The copy of this view costs next to
 * nothing; every other read reaches the instance through the prototype. The server never changes the language or
 * loads a namespace (every one is loaded at start), so nothing writes to the view. (react-i18next 18
 * wraps the instance in a Proxy instead, and needs Node 22.)
 */
export const i18nForPages: typeof i18next = Object.create(i18next);

type FixedT = ReturnType<typeof i18next.getFixedT>;
/** A fixed `t` as it is at run time: a function, and the language, namespace and prefix it is fixed to. */
type LooseT = ((key: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * How many texts one fixed `t` remembers: more than every key of every catalogue, so that a key
 * arriving as data (a message key from a loader) cannot grow the memory without bound.
 */
export const REMEMBERED_TEXTS = 5_000;

/**
 * A fixed `t` that remembers the texts it was asked for without options. The catalogues never
 * change while the server runs, so a key asked without options is the same string on every request; i18next
 * resolves it anew on each call (its options copied, the key split, the namespaces and fallbacks
 * walked): about 10 µs, for some 150 texts a page, a tenth of the signed-in /home's CPU
 * (docs/performance.md). A call with options (a count, values, a default) goes to i18next as is.
 */
export function rememberingT(fixedT: FixedT, instance: Pick<typeof i18next, "t"> = i18next): FixedT {
  const fixed = fixedT as unknown as LooseT;
  const texts = new Map<string, string>();
  /**
   * A call with a key and an options object (values, a count): what i18next's fixed `t` does with
   * them, minus its copy of the instance's options (some sixty properties, read only when a key or
   * prefix is a function) on every call: about a fifth of the CPU of the calls with values on the
   * signed-in /home (docs/performance.md). A prefix goes to the fixed `t` as before.
   */
  const withOptions = (key: string, options: Record<string, unknown>) => {
    const o = { ...options };
    o.lng = o.lng || fixed.lng;
    o.lngs = o.lngs || fixed.lngs;
    o.ns = o.ns || fixed.ns;
    if (o.keyPrefix !== "") o.keyPrefix = o.keyPrefix || fixed.keyPrefix;
    return o.keyPrefix ? fixed(key, options) : instance.t(key, o);
  };
  const remembering: LooseT = (key, ...rest) => {
    if (typeof key === "string" && rest.length === 1 && typeof rest[0] === "object" && rest[0] !== null && !Array.isArray(rest[0])) return withOptions(key, rest[0] as Record<string, unknown>);
    if (typeof key !== "string" || rest.some((arg) => arg !== undefined)) return fixed(key, ...rest);
    const known = texts.get(key);
    if (known !== undefined) return known;
    const text = fixed(key);
    if (typeof text === "string" && texts.size < REMEMBERED_TEXTS) texts.set(key, text);
    return text;
  };
  // What react-i18next's Trans and i18next's own callers read of a fixed t.
  Object.assign(remembering, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  return remembering as unknown as FixedT;
}

const pagesTs = new Map<string, FixedT>();
/**
 * The pages' fixed `t`s: one per language, namespace and key prefix for the server's life, each
 * remembering its texts (react-i18next asks for one on every `useTranslation` call).
 */
Object.defineProperty(i18nForPages, "getFixedT", {
  value: (lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const id = JSON.stringify([lng, ns, keyPrefix ?? null]);
    let t = pagesTs.get(id);
    if (!t) pagesTs.set(id, (t = rememberingT(i18next.getFixedT(lng as string, ns as string, keyPrefix))));
    return t;
  },
});

const commonT = fixedT("common");

/** A catalogue text on the server, in the site's one language (a key that arrives as data). */
export const translate = (key: string | string[], values?: Record<string, unknown>): string => commonT(key, values ?? {});

/** One namespace's texts, for the browser (undefined for a name that is none). */
export function catalogueOf(ns: string): object | undefined {
  return (namespaces as readonly string[]).includes(ns) ? resources[LOCALE][ns as Namespace] : undefined;
}
