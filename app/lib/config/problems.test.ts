import { describe, expect, it } from "vitest";
import * as z from "zod";
import { banner, href } from "#schemas/config";
import { validBanners } from "#schemas/config/fixtures.test-helpers";
import { ConfigError, formatJsonPath, formatProblem, problemFromJsonSyntax, problemsFromZod } from "./problems";

const SITE = "pages-config/site.json";

/** JSON.parse's real error for `source`, as the store receives it. */
function syntaxErrorOf(source: string): unknown {
  try {
    JSON.parse(source);
  } catch (error) {
    return error;
  }
  throw new Error("se esperaba JSON inválido");
}

describe("formatJsonPath", () => {
  it("writes keys with dots and indexes in brackets, as a text editor's JSON path", () => {
    expect(formatJsonPath(["menu", "groups", 0, "options", 2, "url"])).toBe("menu.groups[0].options[2].url");
  });

  it("writes nothing for the whole file", () => {
    expect(formatJsonPath([])).toBe("");
  });

  it("starts with a bracket when the file is a list, and keeps keys with dashes as they are", () => {
    expect(formatJsonPath([0, "type"])).toBe("[0].type");
    expect(formatJsonPath(["e-sim", "conditions", "allowedIps", 1])).toBe("e-sim.conditions.allowedIps[1]");
  });
});

describe("problemFromJsonSyntax", () => {
  it("gives the line and column of a stray comma, keeping the parser's reason but not its raw position", () => {
    const source = '{\n  "brand": {\n    "name": "Bait",,\n  }\n}\n';
    const problem = problemFromJsonSyntax(SITE, source, syntaxErrorOf(source));
    expect(problem).toEqual({ file: SITE, path: "", message: expect.stringMatching(/^JSON mal formado en la línea 3, columna 20: .+$/) });
    expect(problem.message).not.toContain("position");
  });

  it("counts columns from 1 on the first line", () => {
    const source = '{"a": 1,}';
    expect(problemFromJsonSyntax(SITE, source, syntaxErrorOf(source)).message).toMatch(/^JSON mal formado en la línea 1, columna 9: /);
  });

  it("points at the start of the next key when a comma is missing between lines", () => {
    const source = '{\n  "a": 1\n  "b": 2\n}';
    expect(problemFromJsonSyntax(SITE, source, syntaxErrorOf(source)).message).toMatch(/^JSON mal formado en la línea 3, columna 3: /);
  });

  it("says the JSON is malformed without a place when the parser gives none (an emptied file)", () => {
    expect(problemFromJsonSyntax(SITE, "", syntaxErrorOf(""))).toEqual({ file: SITE, path: "", message: "JSON mal formado: el archivo termina antes de tiempo (falta cerrar una comilla, llave o corchete)" });
  });

  it("names the unexpected symbol, without echoing the file, when the parser gives no position", () => {
    const source = '{"activo": tru}';
    expect(problemFromJsonSyntax(SITE, source, syntaxErrorOf(source)).message).toBe(
      "JSON mal formado: símbolo inesperado «}» (revisa comas, comillas y valores como true, false o null)",
    );
  });

  it("copes with something thrown that is not an Error", () => {
    expect(problemFromJsonSyntax(SITE, "x", "roto").message).toBe("JSON mal formado: revisa comas, comillas, llaves y corchetes");
  });
});

describe("problemsFromZod", () => {
  it("names the file and the JSON path of each issue, under an optional prefix", () => {
    const result = banner.safeParse({ ...validBanners().navigate, name: "", actionOptions: { url: "recargas" } });
    if (result.success) throw new Error("se esperaba un error");
    expect(problemsFromZod("pages-config/banners/inicio.json", result.error, ["banners", 2])).toEqual([
      { file: "pages-config/banners/inicio.json", path: "banners[2].name", message: "no puede estar vacío" },
      { file: "pages-config/banners/inicio.json", path: "banners[2].actionOptions.url", message: "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)" },
    ]);
  });

  it("replaces a union's vague message with the closest branch's, at that branch's path", () => {
    const result = banner.safeParse({ ...validBanners().navigate, imageDesktop: "promo.webp" });
    if (result.success) throw new Error("se esperaba un error");
    expect(result.error.issues[0]?.message).toBe("Entrada inválida");
    expect(problemsFromZod(SITE, result.error)).toEqual([
      { file: SITE, path: "imageDesktop", message: "debe ser una ruta local que empiece con «/» (por ejemplo /recargas)" },
    ]);
  });

  it("keeps a union's own message when it already says what the value 'debe' be", () => {
    const tipo = z.object({ tipo: z.union([z.literal(1), z.literal(2)], { error: "el tipo debe ser 1 o 2" }) });
    const result = tipo.safeParse({ tipo: 3 });
    if (result.success) throw new Error("se esperaba un error");
    expect(problemsFromZod(SITE, result.error)).toEqual([{ file: SITE, path: "tipo", message: "el tipo debe ser 1 o 2" }]);
  });

  it("reports a value that fails every branch of a link target", () => {
    const result = z.object({ url: href }).safeParse({ url: "recargas" });
    if (result.success) throw new Error("se esperaba un error");
    expect(problemsFromZod(SITE, result.error)).toEqual([{ file: SITE, path: "url", message: expect.stringMatching(/^debe ser una ruta local/) }]);
  });
});

describe("formatProblem and ConfigError", () => {
  it("writes a problem as 'file › path: message', or 'file: message' for the whole file", () => {
    expect(formatProblem({ file: SITE, path: "brand.slug", message: "usa minúsculas, números y guiones" })).toBe(
      "pages-config/site.json › brand.slug: usa minúsculas, números y guiones",
    );
    expect(formatProblem({ file: SITE, path: "", message: "no se encontró el archivo" })).toBe("pages-config/site.json: no se encontró el archivo");
  });

  it("makes an error whose message lists every problem on its own line and keeps them for callers", () => {
    const problems = [
      { file: SITE, path: "brand.slug", message: "usa minúsculas, números y guiones" },
      { file: SITE, path: "footer.sisterSites", message: "deben ser exactamente cuatro sitios hermanos" },
    ];
    const error = new ConfigError(problems);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ConfigError");
    expect(error.message).toBe(
      "pages-config/site.json › brand.slug: usa minúsculas, números y guiones\npages-config/site.json › footer.sisterSites: deben ser exactamente cuatro sitios hermanos",
    );
    expect(error.problems).toBe(problems);
  });
});
