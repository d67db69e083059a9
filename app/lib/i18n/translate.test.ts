import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { LOCALE, namespaces, resources } from "./resources";
import { createServerTranslator } from "./translate.server";
import "./catalogues";
import { createTranslator, registerCatalogue } from "./translate";

// The customer area's routes register their sections of profile.json themselves (app/routes/editar-perfil.tsx…).
registerCatalogue("profile", resources[LOCALE].profile);
// The views of the blocks loaded on demand register their sections of blocks.json (checked in app/render/blocks/registry.test.tsx).
registerCatalogue("blocks", resources[LOCALE].blocks);

type Catalogue = { [key: string]: string | Catalogue };

function leafKeys(catalogue: Catalogue, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

// The reference: i18next configured as the site's texts are meant to behave (one language,
// bundled catalogues, no escaping since React escapes). Keys here are computed from the
// catalogues, so the typed-key signature is set aside.
const reference = i18next.createInstance();
void reference.init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  ns: [...namespaces],
  defaultNS: "common",
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
const i18nextT = reference.t.bind(reference) as unknown as (key: string, options?: object) => string;
const OPTIONS = [{}, { count: 0 }, { count: 1 }, { count: 7 }, { name: "Ana", phone: "800 123 2248", short: "*282", current: 2, total: 5, number: 3, network: "Facebook", title: "Portal", amount: "1.5 GB" }];

describe("the browser's catalogue translator", () => {
  for (const ns of namespaces) {
    const keys = leafKeys(resources[LOCALE][ns] as unknown as Catalogue);
    // Plural keys are asked for by their base name with a count, as components do.
    const asked = [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))];

    it(`gives i18next's exact output for every key of ${ns}.json`, () => {
      const t = createTranslator(ns);
      for (const key of asked) {
        for (const options of OPTIONS) {
          expect(t(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toBe(i18nextT(`${ns}:${key}`, options));
        }
      }
    });
  }

  it("reads another namespace with the ns: prefix", () => {
    expect(createTranslator()("errors:upstream.generic")).toBe("Ocurrió un error, inténtalo de nuevo más tarde.");
  });

  it("says 'Vigencia de 1 día' and 'Vigencia de 30 días' by count", () => {
    const t = createTranslator();
    expect(t("recharge:modal.validity", { count: 1 })).toBe("Vigencia de 1 día");
    expect(t("recharge:modal.validity", { count: 30 })).toBe("Vigencia de 30 días");
  });

  it("returns the key itself for a missing text, like i18next", () => {
    expect(createTranslator()("no.existe")).toBe(i18nextT("no.existe"));
  });
});

describe("the server's translator", () => {
  for (const ns of namespaces) {
    const keys = leafKeys(resources[LOCALE][ns] as unknown as Catalogue);
    const asked = [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))];

    it(`gives i18next's exact output for every key of ${ns}.json`, () => {
      const t = createServerTranslator(ns);
      const common = createServerTranslator();
      for (const key of asked) {
        for (const options of OPTIONS) {
          expect(t(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toBe(i18nextT(`${ns}:${key}`, options));
          expect(common(`${ns}:${key}`, options), `${ns}:${key} ${JSON.stringify(options)}`).toBe(i18nextT(`${ns}:${key}`, options));
        }
      }
    });
  }

  it("takes the first key that has a text, and gives the last key when none has", () => {
    const t = createServerTranslator();
    expect(t(["no.existe", "errors:upstream.generic"])).toBe("Ocurrió un error, inténtalo de nuevo más tarde.");
    expect(t(["no.existe", "tampoco.existe"])).toBe(i18nextT(["no.existe", "tampoco.existe"] as unknown as string));
  });

  it("leaves a placeholder without a value as it is, like i18next", () => {
    const t = createServerTranslator();
    expect(t("recharge:modal.validity", { count: 30 })).toBe("Vigencia de 30 días");
    const withPlaceholder = [...namespaces]
      .flatMap((ns) => leafKeys(resources[LOCALE][ns] as unknown as Catalogue).map((key) => `${ns}:${key}`))
      .find((key) => !/_(zero|one|other)$/.test(key) && t(key).includes("{{"));
    expect(withPlaceholder).toBeDefined();
    expect(t(withPlaceholder!)).toBe(i18nextT(withPlaceholder!));
  });
});
