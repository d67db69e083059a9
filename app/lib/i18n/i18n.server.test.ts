import i18next from "i18next";
import { describe, expect, it, vi } from "vitest";
import { fixedT } from "./fixed-t";
import { catalogueOf, catalogueVersion, i18n, translate } from "./i18n.server";
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
});
