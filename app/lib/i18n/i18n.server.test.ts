import i18next from "i18next";
import { describe, expect, it, vi } from "vitest";
import { fixedT } from "./fixed-t";
import { catalogueOf, catalogueVersion, i18n, i18nForPages, REMEMBERED_TEXTS, rememberingT, translate } from "./i18n.server";
import { LOCALE, namespaces, resources } from "./resources";

describe("the server's i18next", () => {
  it("is the one shared instance, started once with every namespace", () => {
    expect(i18n).toBe(i18next);
    expect(i18n.isInitialized).toBe(true);
    for (const ns of namespaces) expect(i18n.hasResourceBundle(LOCALE, ns), ns).toBe(true);
  });

  it("translates a request's texts through a fixed t, with no init of its own", () => {
    const init = vi.spyOn(i18n, "init");
    const clone = vi.spyOn(i18n, "cloneInstance");
    expect(fixedT("auth")("login.title")).toBe(resources[LOCALE].auth.login.title);
    expect(translate("errors:upstream.generic")).toBe("Ocurrió un error, inténtalo de nuevo más tarde.");
    expect(init).not.toHaveBeenCalled();
    expect(clone).not.toHaveBeenCalled();
  });

  it("says 'Vigencia de 1 día' and 'Vigencia de 30 días' by count", () => {
    expect(translate("recharge:modal.validity", { count: 1 })).toBe("Vigencia de 1 día");
    expect(translate("recharge:modal.validity", { count: 30 })).toBe("Vigencia de 30 días");
    expect(translate("auth:code.attemptsRemaining", { count: 1 })).toBe("Te queda 1 intento.");
  });

  it("fills placeholders without escaping them (React escapes what it renders)", () => {
    expect(translate("recharge:byNumber.results", { kind: "<Internet & más>", number: "55 1234 5678" })).toBe("Recargas de <Internet & más> para 55 1234 5678");
  });

  it("takes the first key that has a text, and shows a missing key as itself, without its namespace", () => {
    expect(translate(["no.existe", "errors:upstream.generic"])).toBe("Ocurrió un error, inténtalo de nuevo más tarde.");
    expect(translate("errors:no.existe")).toBe("no.existe");
    expect(translate("no.existe")).toBe("no.existe");
  });

  it("serves each namespace's texts, versioned by their content", () => {
    expect(catalogueOf("blocks")).toEqual(resources[LOCALE].blocks);
    expect(catalogueOf("../package")).toBeUndefined();
    expect(catalogueVersion).toMatch(/^[0-9a-f]{12}$/);
  });

  describe("the pages' fixed t", () => {
    const keysOf = (node: unknown, prefix = ""): string[] =>
      typeof node === "object" && node !== null ? Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key)) : [prefix];

    it("gives every text of every namespace exactly as i18next does, asked once or twice", () => {
      for (const ns of namespaces) {
        const pages = i18nForPages.getFixedT(LOCALE, ns);
        const plain = i18n.getFixedT(LOCALE, ns);
        for (const key of keysOf(resources[LOCALE][ns]).map((key) => key.replace(/_(one|other|many)$/, ""))) {
          expect(pages(key), `${ns}:${key}`).toBe(plain(key));
          expect(pages(key), `${ns}:${key} again`).toBe(plain(key));
        }
      }
    });

    it("gives every text with values or a count exactly as i18next does", () => {
      const values = [{ count: 0 }, { count: 1 }, { count: 2, name: "Ana" }, { count: 1000000 }, { name: "Ana", number: "55 1234 5678", value: "3.9 GB", total: "6 GB", used: 137, date: "26 de diciembre de 2026", status: "applied", order: "ORD-1" }, {}, { ns: "common" }, { defaultValue: "por omisión" }, { keyPrefix: "home" }];
      for (const ns of namespaces) {
        const pages = i18nForPages.getFixedT(LOCALE, ns);
        const plain = i18n.getFixedT(LOCALE, ns);
        for (const key of new Set(keysOf(resources[LOCALE][ns]).map((key) => key.replace(/_(one|other|many|zero)$/, "")))) {
          for (const options of values) expect(pages(key, { ...options }), `${ns}:${key} ${JSON.stringify(options)}`).toBe(plain(key, { ...options }));
        }
        expect(pages("no.existe", { count: 3 })).toBe(plain("no.existe", { count: 3 }));
        expect(pages(`${ns}:no.existe`, { name: "Ana" })).toBe(plain(`${ns}:no.existe`, { name: "Ana" }));
      }
      const prefixed = i18nForPages.getFixedT(LOCALE, "auth", "login");
      expect(prefixed("title", { name: "Ana" })).toBe(i18n.getFixedT(LOCALE, "auth", "login")("title", { name: "Ana" }));
    });

    it("is one per language, namespace and prefix, and says which it is fixed to", () => {
      const t = i18nForPages.getFixedT(LOCALE, "customer");
      expect(i18nForPages.getFixedT(LOCALE, "customer")).toBe(t);
      expect(i18nForPages.getFixedT(LOCALE, "auth")).not.toBe(t);
      const { lng, ns } = t as unknown as { lng: string; ns: string };
      expect({ lng, ns }).toEqual({ lng: LOCALE, ns: "customer" });
      expect(i18nForPages.getFixedT(LOCALE, "auth", "login")("title")).toBe(resources[LOCALE].auth.login.title);
    });

    it("hands a call with options to i18next: counts, values and lists of keys", () => {
      const t = i18nForPages.getFixedT(LOCALE, "recharge");
      expect(t("modal.validity", { count: 1 })).toBe("Vigencia de 1 día");
      expect(t("modal.validity", { count: 30 })).toBe("Vigencia de 30 días");
      expect(t("byNumber.results", { kind: "Internet", number: "55 1234 5678" })).toBe("Recargas de Internet para 55 1234 5678");
      expect(t(["no.existe", "modal.validity"], { count: 2 })).toBe("Vigencia de 2 días");
    });

    it("remembers a bounded number of texts: keys arriving as data cannot grow it for ever", () => {
      const fixed = vi.fn((key: string) => `texto de ${key}`);
      const t = rememberingT(fixed as unknown as ReturnType<typeof i18n.getFixedT>) as unknown as (key: string) => string;
      expect(t("uno")).toBe("texto de uno");
      expect(t("uno")).toBe("texto de uno");
      expect(fixed).toHaveBeenCalledTimes(1);
      for (let i = 0; i < REMEMBERED_TEXTS + 10; i++) t(`clave.${i}`);
      fixed.mockClear();
      t(`clave.${REMEMBERED_TEXTS + 5}`);
      t(`clave.${REMEMBERED_TEXTS + 5}`);
      expect(fixed).toHaveBeenCalledTimes(2);
      t("clave.1");
      expect(fixed).toHaveBeenCalledTimes(2);
    });
  });
});
