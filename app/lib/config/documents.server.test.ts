import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { blockKinds } from "~/render/blocks/kinds.server";
import { checkConfig } from "./check.server";
import { deadLink, removeTrees, repoRoot, validTree, write } from "./check.test-helpers";
import { checkDocument, checkDocuments, readSeedDocuments, validateDocuments, writeDocuments } from "./documents.server";
import type { Documents } from "./versions.server";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-documents-test-"));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  removeTrees();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The valid tree of the config:check tests, written, with the folders it names. */
const validSet = () => {
  const dirs = write(validTree());
  return { dirs, documents: readSeedDocuments(dirs.configDir) };
};

describe("readSeedDocuments", () => {
  it("reads every config file of the folder by its path in pages-config/, in path order, and nothing else", () => {
    const { configDir } = write(validTree());
    writeFileSync(path.join(configDir, "flags.json"), JSON.stringify({ $schema: "../schemas/json/flags.schema.json", ...validTree().flags }));
    writeFileSync(path.join(configDir, "README.md"), "notas");
    writeFileSync(path.join(configDir, "otro.json"), "{}");
    writeFileSync(path.join(configDir, ".oculto.json"), "{}");
    mkdirSync(path.join(configDir, "pages", "sub"));
    writeFileSync(path.join(configDir, "pages", "sub", "x.json"), "{}");
    writeFileSync(path.join(configDir, "pages", "Mayusculas.json"), "{}");

    const documents = readSeedDocuments(configDir);
    expect(Object.keys(documents)).toEqual([
      "banners/inicio.json",
      "flags.json",
      "modals/aviso-de-privacidad.json",
      "pages/recargas.json",
      "pages/terminos.json",
      "recharges.json",
      "site.json",
      "widget.json",
    ]);
    // As written: the `$schema` key is kept.
    expect(documents["flags.json"]).toEqual({ $schema: "../schemas/json/flags.schema.json", ...validTree().flags });
    expect(documents["pages/recargas.json"]).toEqual(validTree().pages.recargas);
  });

  it("reads the repository's pages-config, {product} pages included", () => {
    const documents = readSeedDocuments(path.join(repoRoot, "pages-config"));
    expect(Object.keys(documents)).toEqual(expect.arrayContaining(["site.json", "flags.json", "pages/inicio.json", "pages/{product}-prepago.json", "banners/inicio.json", "modals/politica-de-cookies.json"]));
    expect((documents["site.json"] as { $schema?: string }).$schema).toBeTypeOf("string");
  });

  it("refuses a file that is no JSON, naming it", () => {
    const { configDir } = write(validTree());
    writeFileSync(path.join(configDir, "widget.json"), '{\n  "version": 1,\n}');
    expect(() => readSeedDocuments(configDir)).toThrow(/pages-config\/widget\.json: JSON mal formado en la línea 3/);
  });

  it("reads an empty set from a folder that is not there", () => {
    expect(readSeedDocuments(path.join(folder(), "nada"))).toEqual({});
  });
});

describe("writeDocuments", () => {
  it("writes each document as 2-space JSON with a final newline, creating its folder, and reads back the same", () => {
    const { documents } = validSet();
    const dir = path.join(folder(), "pages-config");
    const report = writeDocuments(dir, documents);
    expect(report).toEqual({ written: Object.keys(documents).sort(), unchanged: [], removed: [] });
    expect(readSeedDocuments(dir)).toEqual(documents);
    expect(readFileSync(path.join(dir, "pages", "recargas.json"), "utf8")).toBe(`${JSON.stringify(documents["pages/recargas.json"], null, 2)}\n`);
    // No temporary file is left.
    expect(readdirSync(path.join(dir, "pages")).sort()).toEqual(["recargas.json", "terminos.json"]);
  });

  it("replaces the changed files, leaves the same ones untouched, removes the config files left out and keeps other files", () => {
    const { documents } = validSet();
    const dir = folder();
    writeDocuments(dir, documents);
    writeFileSync(path.join(dir, "README.md"), "notas");
    writeFileSync(path.join(dir, "pages", "notas.txt"), "x");
    const untouched = statSync(path.join(dir, "site.json")).mtimeMs;

    const next: Documents = { ...documents, "pages/nueva.json": { ...(documents["pages/recargas.json"] as object), path: "/nueva" } };
    delete next["pages/terminos.json"];
    (next["flags.json"] as Record<string, unknown>) = { ...(documents["flags.json"] as object), $schema: "../schemas/json/flags.schema.json" };
    const report = writeDocuments(dir, next);

    expect(report.written).toEqual(["flags.json", "pages/nueva.json"]);
    expect(report.removed).toEqual(["pages/terminos.json"]);
    expect(report.unchanged).toHaveLength(Object.keys(next).length - 2);
    expect(readSeedDocuments(dir)).toEqual(next);
    expect(statSync(path.join(dir, "site.json")).mtimeMs).toBe(untouched);
    expect(readFileSync(path.join(dir, "README.md"), "utf8")).toBe("notas");
    expect(readFileSync(path.join(dir, "pages", "notas.txt"), "utf8")).toBe("x");
  });

  it("writes nothing when a path is no config file's or a value is no JSON", () => {
    const dir = folder();
    for (const bad of ["../fuera.json", "pages/../../fuera.json", "otro.json", "pages/sub/x.json", "/etc/x.json"]) {
      expect(() => writeDocuments(dir, { "site.json": {}, [bad]: {} })).toThrow("no es un archivo de configuración");
    }
    expect(() => writeDocuments(dir, { "site.json": {}, "flags.json": undefined })).toThrow("no tiene un valor JSON");
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(path.dirname(dir)).filter((name) => name === "fuera.json")).toEqual([]);
  });
});

describe("validateDocuments", () => {
  it("finds nothing in a valid set, `$schema` keys included", () => {
    const { dirs, documents } = validSet();
    documents["flags.json"] = { $schema: "../schemas/json/flags.schema.json", ...(documents["flags.json"] as object) };
    expect(validateDocuments(documents, blockKinds, dirs)).toEqual([]);
  });

  it("finds what config:check finds in the same files: a schema, a block, a dead link", () => {
    const { dirs, documents } = validSet();
    const page = structuredClone(documents["pages/terminos.json"]) as { description: string; blocks: Array<Record<string, unknown>> };
    page.description = "a".repeat(161);
    documents["pages/terminos.json"] = page;
    const recargas = structuredClone(documents["pages/recargas.json"]) as { blocks: Array<Record<string, unknown>> };
    recargas.blocks.push({ type: "carrusel" });
    recargas.blocks.push({ type: "cta", title: "Ve", actions: [{ label: "Ir", href: "/no-existe" }] });
    documents["pages/recargas.json"] = recargas;

    const problems = validateDocuments(documents, blockKinds, dirs);
    writeDocuments(dirs.configDir, documents);
    expect(problems).toEqual(checkConfig(dirs, blockKinds).problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "pages-config/pages/terminos.json", path: "description" }),
        expect.objectContaining({ file: "pages-config/pages/recargas.json", path: "blocks[3].type" }),
        expect.objectContaining({ file: "pages-config/pages/recargas.json", message: deadLink("/no-existe") }),
      ]),
    );
  });

  it("names a missing required file and a path that is no config file's", () => {
    const { dirs, documents } = validSet();
    delete documents["widget.json"];
    documents["../fuera.json"] = {};
    expect(validateDocuments(documents, blockKinds, dirs)).toEqual([
      { file: "pages-config/../fuera.json", path: "", message: expect.stringMatching(/^archivo no reconocido/) },
      { file: "pages-config/widget.json", path: "", message: "no se encontró el archivo" },
    ]);
  });

  it("checks the repository's pages-config as config:check does, with the repository's public/ and routes by default", () => {
    const documents = readSeedDocuments(path.join(repoRoot, "pages-config"));
    const options = { configDir: path.join(repoRoot, "pages-config"), publicDir: path.join(repoRoot, "public"), routesDir: path.join(repoRoot, "app", "routes") };
    const { problems, warnings } = checkDocuments(documents, blockKinds, { publicDir: options.publicDir, routesDir: options.routesDir, now: 0 });
    const expected = checkConfig({ ...options, now: 0 }, blockKinds);
    expect({ problems, warnings }).toEqual({ problems: expected.problems, warnings: expected.warnings });
    expect(validateDocuments(documents, blockKinds, { publicDir: options.publicDir, routesDir: options.routesDir })).toEqual(checkConfig(options, blockKinds).problems);
  });
});

describe("checkDocument", () => {
  it("checks one document against its kind's schema and its blocks, ignoring `$schema`", () => {
    const tree = validTree();
    expect(checkDocument("pages/recargas.json", tree.pages.recargas, blockKinds)).toEqual([]);
    expect(checkDocument("flags.json", { $schema: "../schemas/json/flags.schema.json", ...tree.flags }, blockKinds)).toEqual([]);
    expect(checkDocument("pages/terminos.json", { ...tree.pages.terminos, description: "a".repeat(161) }, blockKinds)).toEqual([
      { file: "pages-config/pages/terminos.json", path: "description", message: "la descripción para buscadores no debe pasar de 160 caracteres" },
    ]);
    expect(checkDocument("modals/aviso-de-privacidad.json", { ...tree.modals["aviso-de-privacidad"], blocks: [{ type: "carrusel" }] }, blockKinds)).toEqual([
      expect.objectContaining({ file: "pages-config/modals/aviso-de-privacidad.json", path: "blocks[0].type" }),
    ]);
    expect(checkDocument("pages/x/y.json", {}, blockKinds)).toEqual([{ file: "pages-config/pages/x/y.json", path: "", message: expect.stringMatching(/^archivo no reconocido/) }]);
  });
});
