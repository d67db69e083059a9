import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { blockKinds } from "~/render/blocks/kinds.server";
import { checker, deadLink, removeTrees, repoRoot, validTree, write, type Tree } from "./check.test-helpers";

const check = checker(blockKinds);

afterEach(removeTrees);

describe("checkConfig", () => {
  it("accepts a complete, consistent config", () => {
    expect(check()).toEqual({ problems: [], warnings: [], filesChecked: 8 });
  });

  describe("each file on its own", () => {
    it("reports bad JSON syntax with the line and column", () => {
      const { problems } = check((tree) => {
        tree.raw["banners/inicio.json"] = '{\n  "banners": [],\n}';
      });
      expect(problems).toEqual([
        { file: "pages-config/banners/inicio.json", path: "", message: "JSON mal formado en la línea 3, columna 1: se esperaba un nombre entre comillas dobles (¿sobra una coma al final?)" },
      ]);
    });

    it("reports a schema violation once, without dead links to the rejected page", () => {
      const { problems } = check((tree) => {
        tree.pages.terminos.description = "a".repeat(161);
      });
      expect(problems).toEqual([
        { file: "pages-config/pages/terminos.json", path: "description", message: "la descripción para buscadores no debe pasar de 160 caracteres" },
      ]);
    });

    it("reports an unknown block type at its index", () => {
      const { problems } = check((tree) => {
        tree.pages.recargas.blocks.push({ type: "carrusel" });
      });
      expect(problems).toEqual([
        {
          file: "pages-config/pages/recargas.json",
          path: "blocks[3].type",
          message: `tipo de bloque desconocido «carrusel» (los tipos válidos son: ${Object.keys(blockKinds).join(", ")})`,
        },
      ]);
    });

    it("reports a file that is not a config kind", () => {
      const { problems, filesChecked } = check((tree) => {
        tree.raw["ofertas.json"] = "{}";
      });
      expect(filesChecked).toBe(9);
      expect(problems).toEqual([
        {
          file: "pages-config/ofertas.json",
          path: "",
          message:
            "archivo no reconocido: los archivos válidos son site.json, flags.json, widget.json, recharges.json, " +
            "pages/<nombre>.json, modals/<nombre>.json y banners/<vista>.json (nombres en minúsculas, números y guiones)",
        },
      ]);
    });

    it("reports a missing required file", () => {
      const { problems } = check((tree) => {
        tree.missing.push("widget.json");
      });
      expect(problems).toEqual([{ file: "pages-config/widget.json", path: "", message: "no se encontró el archivo" }]);
    });
  });
});

describe("npm run config:check", () => {
  const run = (tree: Tree) => {
    const dirs = write(tree);
    return spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/config-check.ts",
        "--config-dir",
        dirs.configDir,
        "--public-dir",
        dirs.publicDir,
        "--routes-dir",
        dirs.routesDir,
      ],
      { cwd: repoRoot, encoding: "utf8" },
    );
  };

  it("prints each problem on its own line and exits with 1", () => {
    const tree = validTree();
    tree.site.menu.groups[0]!.options[0]!.url = "/recargas-prepago";
    const result = run(tree);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `✗ pages-config/site.json › menu.groups[0].options[0].url: ${deadLink("/recargas-prepago")}`,
      "1 problema(s) en la configuración.",
    ]);
  }, 30_000);

  it("says how many files it checked and exits with 0 when all is well", () => {
    const result = run(validTree());
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Configuración válida: 8 archivos revisados en \d+ ms\.\n$/);
  }, 30_000);
});
