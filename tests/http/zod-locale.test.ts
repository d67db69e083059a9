import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * A config edit the schema refuses in words it does not spell out gets zod's own message, in
 * Spanish (schemas/config/zod-locale.ts): in production too, where no mock world loads the config
 * schemas beside the site. The package is side-effect free for the bundler but for that locale and
 * the barrel that imports it (package.json "sideEffects"), or the build drops them. Checked in a
 * process of its own, holding the site's build and nothing else.
 */
it("the site's build alone gives zod's messages in Spanish", () => {
  const probe = `
    await import("./build/index.js");
    const z = await import("zod");
    process.stdout.write(z.object({ access: z.enum(["public", "guest"]) }).safeParse({ access: "todos" }).error.issues[0].message);
  `;
  // Settings a build on real upstreams starts with (app/lib/env.server.ts); nothing is called.
  const dataDir = mkdtempSync(path.join(tmpdir(), "bait-zod-locale-"));
  const secret = () => randomBytes(32).toString("hex");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", probe], {
    env: { ...process.env, NODE_ENV: "test", MOCKS: "false", UPSTREAM_BASE_URL: "http://127.0.0.1:9", SESSION_SECRET: secret(), REQUEST_LINK_SECRET: secret(), DATA_DIR: dataDir },
    encoding: "utf8",
  });
  rmSync(dataDir, { recursive: true, force: true });
  expect(run.stderr).toBe("");
  expect(run.stdout).toBe('Opción inválida: se esperaba una de "public"|"guest"');
});
