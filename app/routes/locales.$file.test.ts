import { describe, expect, it } from "vitest";
import { catalogueVersion } from "~/lib/i18n/i18n.server";
import { LOCALE, resources } from "~/lib/i18n/resources";
import { loader } from "./locales.$file";

const get = (file: string, version = catalogueVersion) =>
  loader({ params: { file }, request: new Request(`http://localhost/locales/${file}?v=${version}`), context: {} } as never);

describe("/locales/:ns.json", () => {
  it("gives the texts of the namespaces named, kept for good at the present version", async () => {
    const response = get("auth+blocks.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await response.json()).toEqual({ auth: resources[LOCALE].auth, blocks: resources[LOCALE].blocks });
  });

  it("answers another version with today's texts, briefly cacheable", () => {
    expect(get("auth.json", "antigua").headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("answers a name that is no namespace with a Spanish 404", async () => {
    for (const file of ["nada.json", "auth+nada.json", "auth", "..%2Fpackage.json", ".json"]) {
      const response = get(file);
      expect(response.status, file).toBe(404);
      expect(await response.text()).toBe("Ese catálogo no existe.");
    }
  });
});
