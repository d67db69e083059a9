import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { checkLayers, MAX_LINES } from "./check-layers.mjs";

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "check-layers.mjs");
const ORDER = "(routes → render → features → components → upstream → lib → schemas)";

/** A tree that keeps every rule, each import form and alias once. */
const clean = {
  "app/root.tsx": `import "~/styles/app.css";\nimport { Page } from "~/render/page/page";\nexport default Page;`,
  "app/entry.server.tsx": `import { renderToString } from "react-dom/server";\nimport { LOCALE } from "~/lib/i18n";\nexport { renderToString, LOCALE };`,
  "app/routes/recargas.tsx": `import { Page } from "../render/page/page";\nimport { offers } from "~/features/recharge/offers.server";\nexport default Page;`,
  "app/render/page/page.tsx": `import { registry } from "~/render/blocks/registry";\nexport const Page = () => registry;`,
  "app/render/blocks/registry.ts": `export { Hero } from "./hero/view";\nexport const registry = {};`,
  "app/render/blocks/hero/view.tsx": `import type { HeroBlock } from "./schema";\nimport { Offer } from "~/features/recharge/offer";\nexport const Hero = (block: HeroBlock) => <Offer />;`,
  "app/render/blocks/hero/schema.ts": `import { nonEmpty } from "#schemas/config/common";\nexport const heroBlock = nonEmpty;\nexport type HeroBlock = {};`,
  "app/features/recharge/offer.tsx": `import { Link } from "~/components/link";\nexport const Offer = () => import("~/components/dialog");`,
  "app/features/recharge/offers.server.ts": `import * as conn from "~/upstream/conn.server";\nimport texts from "#locales/es-MX/recharge.json";\nexport const offers = { conn, texts };`,
  "app/components/link.tsx": `import { formatPrice } from "~/lib/format";\nexport const Link = formatPrice;`,
  "app/components/dialog.tsx": `export const Dialog = 1;`,
  "app/upstream/conn.server.ts": `import { env } from "../lib/env.server";\nimport { offer } from "#schemas/config";\nexport const offers = [env, offer];`,
  "app/upstream/conn.server.test.ts": `import { useMockUpstream } from "../../mocks/test-support";\nimport { fixture } from "#schemas/config/fixtures.test-helpers";\nexport { useMockUpstream, fixture };`,
  "app/lib/format.ts": `export const formatPrice = 1;`,
  "app/lib/env.server.ts": `export const env = {};`,
  "app/lib/i18n/index.ts": `export const LOCALE = "es-MX";`,
  "app/i18next.d.ts": `import type { LOCALE } from "./lib/i18n";`,
  "app/styles/app.css": `body {}`,
  "schemas/config/index.ts": `export * from "./common";\nexport const offer = 1;`,
  "schemas/config/common.ts": `import * as z from "zod";\nexport const nonEmpty = z.string();`,
  "schemas/config/fixtures.test-helpers.ts": `export const fixture = {};`,
  "locales/es-MX/recharge.json": `{}`,
  "mocks/test-support.ts": `import { offers } from "~/upstream/conn.server";\nexport const useMockUpstream = offers;`,
  "scripts/config-check.ts": `import { env } from "../app/lib/env.server";\nexport { env };`,
};

const roots = [];
const tree = (files) => {
  const root = mkdtempSync(path.join(tmpdir(), "check-layers-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the import-boundary check", () => {
  it("passes a tree where every import goes down, counting its files and local imports", () => {
    const result = checkLayers(tree(clean));
    expect(result.violations).toEqual([]);
    expect(result.files).toBe(22);
    expect(result.imports).toBe(23);
  });

  it("fails on an upward import, naming both files and the order", () => {
    const root = tree({ ...clean, "app/components/link.tsx": `import { offers } from "~/features/recharge/offers.server";\nexport const Link = offers;` });
    expect(checkLayers(root).violations).toEqual([
      `✗ app/components/link.tsx → app/features/recharge/offers.server.ts: components may not import features ${ORDER}`,
    ]);
  });

  it("sees re-exports and dynamic imports too", () => {
    const root = tree({
      ...clean,
      "app/lib/format.ts": `export { Dialog } from "../components/dialog";\nexport const formatPrice = () => import("~/upstream/conn.server");`,
    });
    expect(checkLayers(root).violations).toEqual([
      `✗ app/lib/format.ts → app/components/dialog.tsx: lib may not import components ${ORDER}`,
      `✗ app/lib/format.ts → app/upstream/conn.server.ts: lib may not import upstream ${ORDER}`,
    ]);
  });

  it("fails when app code imports the mock upstream", () => {
    const root = tree({ ...clean, "app/lib/env.server.ts": `import "../../mocks/node";\nexport const env = {};`, "mocks/node.ts": `export const mockServer = {};` });
    expect(checkLayers(root).violations).toEqual([
      "✗ app/lib/env.server.ts → mocks/node.ts: lib may not import mocks (the mock upstream is wired by server/index.ts, outside the app)",
    ]);
  });

  it("fails when a block's config schema imports its view", () => {
    const root = tree({ ...clean, "app/render/blocks/hero/schema.ts": `import { Hero } from "./view";\nexport const heroBlock = Hero;` });
    expect(checkLayers(root).violations).toEqual([
      `✗ app/render/blocks/hero/schema.ts → app/render/blocks/hero/view.tsx: schemas may not import render ${ORDER}`,
      // The view imports its schema's types, so the two now import each other as well.
      "✗ app/render/blocks/hero/schema.ts, app/render/blocks/hero/view.tsx: import one another in a circle (one of them must not import the other)",
    ]);
  });

  it("fails when code outside the tests imports a test helper", () => {
    const root = tree({ ...clean, "mocks/test-support.ts": `import { fixture } from "#schemas/config/fixtures.test-helpers";\nexport const useMockUpstream = fixture;` });
    expect(checkLayers(root).violations).toEqual([
      "✗ mocks/test-support.ts → schemas/config/fixtures.test-helpers.ts: only tests may import a test file or a test helper",
    ]);
  });

  it("holds a test helper to its layer: no upward import, no mock upstream; a test itself may import both", () => {
    const root = tree({
      ...clean,
      "app/lib/config/check.test-helpers.ts": `import { registry } from "~/render/blocks/registry";\nexport const kinds = registry;`,
      "app/upstream/conn.test-helpers.ts": `import { useMockUpstream } from "../../mocks/test-support";\nexport { useMockUpstream };`,
      "app/lib/config/check.test.ts": `import { registry } from "~/render/blocks/registry";\nimport { kinds } from "./check.test-helpers";\nexport { registry, kinds };`,
    });
    expect(checkLayers(root).violations).toEqual([
      `✗ app/lib/config/check.test-helpers.ts → app/render/blocks/registry.ts: lib may not import render ${ORDER}`,
      "✗ app/upstream/conn.test-helpers.ts → mocks/test-support.ts: upstream may not import mocks (the mock upstream is wired by server/index.ts, outside the app)",
    ]);
  });

  it("fails on files that import one another in a circle, also through a type import, naming every file once", () => {
    const root = tree({
      ...clean,
      "app/lib/store/store.server.ts": `import { fileStore } from "./file.server";\nexport type Store = {};\nexport const open = fileStore;`,
      "app/lib/store/file.server.ts": `import type { Store } from "./store.server";\nexport const fileStore = (): Store => ({});`,
      "app/lib/self.ts": `import { me } from "./self";\nexport const me = 1;`,
    });
    expect(checkLayers(root).violations).toEqual([
      "✗ app/lib/self.ts: import one another in a circle (one of them must not import the other)",
      "✗ app/lib/store/file.server.ts, app/lib/store/store.server.ts: import one another in a circle (one of them must not import the other)",
    ]);
  });

  it("refuses a circle inside one folder too (the blocks' folder included)", () => {
    const inside = tree({ ...clean, "app/render/blocks/hero/view.tsx": `import { registry } from "../registry";\nexport const Hero = registry;`, "app/render/blocks/registry.ts": `export { Hero } from "./hero/view";\nexport const registry = {};` });
    expect(checkLayers(inside).violations).toEqual([
      "✗ app/render/blocks/hero/view.tsx, app/render/blocks/registry.ts: import one another in a circle (one of them must not import the other)",
    ]);
  });

  it("fails on an import that names no file, and on an app file in no layer", () => {
    const root = tree({ ...clean, "app/helpers.ts": `export const x = 1;`, "app/lib/format.ts": `import "./gone";\nexport const formatPrice = 1;` });
    expect(checkLayers(root).violations).toEqual([
      "✗ app/helpers.ts: in no layer (add it to LAYERS in scripts/check-layers.mjs)",
      "✗ app/lib/format.ts → ./gone: no such file",
    ]);
  });

  it("fails on a source file over 450 lines under app, server, schemas, mocks or scripts; tests are left out", () => {
    const lines = (count) => `${Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join("\n")}\n`;
    const root = tree({
      ...clean,
      "app/lib/format.ts": lines(MAX_LINES),
      "server/app.ts": lines(MAX_LINES + 1),
      "mocks/world.ts": lines(MAX_LINES + 20),
      "app/lib/format.test.ts": lines(MAX_LINES + 100),
      "tests/e2e/long.spec.ts": lines(MAX_LINES + 100),
    });
    expect(MAX_LINES).toBe(450);
    expect(checkLayers(root).violations).toEqual([
      "✗ server/app.ts: 451 lines, over the limit of 450 (split it along its ideas)",
      "✗ mocks/world.ts: 470 lines, over the limit of 450 (split it along its ideas)",
    ]);
  });

  it("prints one line per violation and exits 1; one summary line and exit 0 when clean", () => {
    const broken = spawnSync(process.execPath, [script, "--root", tree({ ...clean, "app/lib/format.ts": `import "../../mocks/test-support";` })], { encoding: "utf8" });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("✗ app/lib/format.ts → mocks/test-support.ts: lib may not import mocks");
    const ok = spawnSync(process.execPath, [script, "--root", tree(clean)], { encoding: "utf8" });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe("Layers respected: 22 files, 23 imports checked; no source file over 450 lines.\n");
    // Two node processes that each load TypeScript: seconds on a busy machine.
  }, 30_000);
});
