import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootProblems } from "~/lib/boot-rules.mjs";
import { parseEnv } from "~/lib/env.server";
import { createApp, createSiteServer, type SiteBuild } from "../../server/app";
import { standInBuildShell } from "../../server/stand-in-build.test-helpers";

/**
 * The deploy in one file (docs/operations.md "Deploying with compose"), checked without Docker
 * (this machine has none): compose.yaml and the Dockerfile against the start rules
 * (app/lib/boot-rules.mjs), the server's health path, nginx's upstream and Redis's durability.
 */
const root = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Yaml = string | boolean | Yaml[] | { [key: string]: Yaml };

/**
 * compose.yaml's subset of YAML, as the file's head promises: nested maps, lists of scalars,
 * plain and double-quoted strings, true and false, JSON-style flow lists and `{}`; full-line comments. Anything else throws,
 * so a construct this reader does not know fails the test instead of being misread.
 */
function parseYamlSubset(text: string): Yaml {
  const lines = text
    .split("\n")
    .map((raw, index) => ({ number: index + 1, indent: raw.length - raw.trimStart().length, text: raw.trim() }))
    .filter((line) => line.text !== "" && !line.text.startsWith("#"));
  let at = 0;
  const scalar = (value: string, number: number): Yaml => {
    if (value === "true" || value === "false") return value === "true";
    if (/^["[{]/.test(value)) {
      try {
        return JSON.parse(value) as Yaml;
      } catch {
        throw new Error(`compose.yaml:${number}: "${value}" is not JSON-style`);
      }
    }
    if (/[&*!|>#]/.test(value[0] ?? "") || /\s#/.test(value)) throw new Error(`compose.yaml:${number}: "${value}" is outside the subset`);
    return value;
  };
  const block = (indent: number): Yaml => {
    const first = lines[at]!;
    if (first.text.startsWith("- ")) {
      const list: Yaml[] = [];
      while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith("- ")) {
        list.push(scalar(lines[at]!.text.slice(2).trim(), lines[at]!.number));
        at += 1;
      }
      return list;
    }
    const map: { [key: string]: Yaml } = {};
    while (at < lines.length && lines[at]!.indent === indent) {
      const { text: line, number } = lines[at]!;
      const match = /^([A-Za-z0-9_.-]+):(?:\s+(.*))?$/.exec(line);
      if (!match) throw new Error(`compose.yaml:${number}: "${line}" is outside the subset`);
      at += 1;
      if (match[2] !== undefined) map[match[1]!] = scalar(match[2], number);
      else if (at < lines.length && lines[at]!.indent > indent) map[match[1]!] = block(lines[at]!.indent);
      else throw new Error(`compose.yaml:${number}: "${match[1]}" has no value`);
    }
    if (at < lines.length && lines[at]!.indent > indent) throw new Error(`compose.yaml:${lines[at]!.number}: unexpected indentation`);
    return map;
  };
  return block(0);
}

type Service = {
  build?: { context: string };
  image?: string;
  command?: string[];
  env_file?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  networks?: string[];
};
const compose = parseYamlSubset(read("compose.yaml")) as { services: Record<string, Service>; networks: Record<string, { internal?: boolean }> };
const APPS = ["app1", "app2"] as const;
const app = (name: (typeof APPS)[number]) => compose.services[name]!;

/** The example env file's settings: what the operator supplies (deploy/compose/bait.env). */
const example = Object.fromEntries(
  read("deploy/compose/bait.env.example")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);
/** Strong values of the operator's own for every setting the env file supplies: no placeholder, each secret its own. */
const operatorValues = (): Record<string, string> =>
  Object.fromEntries(
    Object.keys(example).map((name) => [
      name,
      name.endsWith("_SECRET") || name.endsWith("_TOKEN") ? randomBytes(32).toString("hex") : name === "PREVIEW_ORIGIN" ? "https://vista-previa.operador.test" : "https://api.operador.test",
    ]),
  );
/**
 * The variable a refusal names; an upstream's own address counts as UPSTREAM_BASE_URL, which gives
 * them all, and the metrics' host off loopback is refused for want of METRICS_TOKEN.
 */
const variableOf = (line: string) =>
  line
    .slice(0, line.indexOf(":"))
    .replace(/^UPSTREAM_[A-Z_]+_URL$/, "UPSTREAM_BASE_URL")
    .replace(/^METRICS_HOST$/, "METRICS_TOKEN");

describe("compose.yaml's app instances", () => {
  it("take the operator's settings from deploy/compose/bait.env, which git ignores; the example commits no real value", () => {
    for (const name of APPS) expect(app(name).env_file).toEqual(["deploy/compose/bait.env"]);
    expect(spawnSync("git", ["check-ignore", "-q", "deploy/compose/bait.env"], { cwd: root }).status).toBe(0);
    expect(Object.keys(example).sort()).toEqual(["METRICS_TOKEN", "PREVIEW_ORIGIN", "REQUEST_LINK_SECRET", "SESSION_SECRET", "STUDIO_SECRET", "UPSTREAM_BASE_URL"]);
    expect(spawnSync("git", ["check-ignore", "-q", "deploy/compose/metrics-token"], { cwd: root }).status).toBe(0);
    // Copied unchanged, the example is refused at start: its secrets are placeholders.
    const refused = bootProblems({ ...app("app1").environment, ...example }).map(variableOf);
    expect(refused).toEqual(expect.arrayContaining(["SESSION_SECRET", "REQUEST_LINK_SECRET", "STUDIO_SECRET", "METRICS_TOKEN"]));
  });

  it("pass the start rules with mocks off once the env file is filled in; without it, only what the file supplies is missing", () => {
    for (const name of APPS) {
      const environment = app(name).environment!;
      expect(environment).toMatchObject({ NODE_ENV: "production", MOCKS: "false", TRUST_PROXY: "1" });
      // Alone, the compose file's settings miss exactly what the env file supplies.
      const missing = bootProblems(environment).map(variableOf);
      expect(missing.length).toBeGreaterThan(0);
      for (const variable of missing) expect(Object.keys(example), `${name}: ${variable}`).toContain(variable);
      // Filled in, with the studio on and with it off (no STUDIO_SECRET, no PREVIEW_ORIGIN).
      const filled = { ...environment, ...operatorValues() };
      expect(bootProblems(filled), name).toEqual([]);
      expect(parseEnv(filled)).toMatchObject({ isProduction: true, mocks: false, studio: { on: true } });
      const { STUDIO_SECRET: _studio, PREVIEW_ORIGIN: _origin, ...studioOff } = filled;
      expect(bootProblems(studioOff), name).toEqual([]);
    }
  });

  it("share one Redis, each with its own instance name, and drain before compose kills them", () => {
    const redisUrls = APPS.map((name) => new URL(app(name).environment!.REDIS_URL!));
    for (const url of redisUrls) {
      expect(Object.keys(compose.services)).toContain(url.hostname);
      expect(url.port).toBe("6379");
    }
    expect(new Set(redisUrls.map(String)).size).toBe(1);
    expect(new Set(APPS.map((name) => app(name).environment!.INSTANCE_ID)).size).toBe(APPS.length);
    for (const name of APPS) {
      const grace = Number(/^(\d+)s$/.exec(app(name).stop_grace_period ?? "")?.[1]);
      expect(grace).toBeGreaterThanOrEqual(Number(app(name).environment!.DRAIN_SECONDS ?? 20) + 5);
    }
  });

  it("publish nothing: the site goes through nginx, the metrics stay on the internal network for Prometheus", () => {
    for (const name of APPS) {
      expect(app(name).ports).toBeUndefined();
      expect(app(name).environment).toMatchObject({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" });
      expect(app(name).networks).toContain("internal");
    }
    expect(compose.networks.internal).toEqual({ internal: true });
    expect(compose.services.redis!.ports).toBeUndefined();
    expect(compose.services.redis!.networks).toEqual(["internal"]);
    expect(compose.services.prometheus!.ports).toEqual(["127.0.0.1:9090:9090"]);
    // Off loopback the metrics need their token (app/lib/boot-rules.mjs): Prometheus sends the same one from a file.
    expect(read("deploy/compose/prometheus.yml")).toMatch(/authorization:\s*\n\s*type: Bearer\s*\n\s*credentials_file: \/etc\/prometheus\/metrics-token/);
    expect(compose.services.prometheus!.volumes).toContain("./deploy/compose/metrics-token:/etc/prometheus/metrics-token:ro");
    const targets = JSON.parse(/targets:\s*(\[[^\]]*\])/.exec(read("deploy/compose/prometheus.yml"))![1]!) as string[];
    expect(targets).toEqual(APPS.map((name) => `${name}:${app(name).environment!.METRICS_PORT}`));
  });
});

describe("compose.yaml's Redis", () => {
  it("appends every write (AOF) and flushes it each second or more often", () => {
    const command = compose.services.redis!.command!;
    expect(command[0]).toBe("redis-server");
    const option = (name: string) => command[command.indexOf(`--${name}`) + 1];
    expect(option("appendonly")).toBe("yes");
    expect(["everysec", "always"]).toContain(option("appendfsync"));
    expect(compose.services.redis!.volumes).toEqual(["redis-data:/data"]);
  });
});

describe("compose.yaml's nginx", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bait-compose-nginx-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves deploy/nginx/micro-cache.conf as shipped, its upstream being the app services on their PORT", () => {
    const nginx = compose.services.nginx!;
    expect(nginx.volumes).toContain("./deploy/nginx/micro-cache.conf:/etc/nginx/bait/micro-cache.conf:ro");
    expect(nginx.volumes).toContain("./deploy/nginx/compose-site.sh:/etc/nginx/bait/compose-site.sh:ro");
    expect(nginx.command).toEqual(["/bin/sh", "/etc/nginx/bait/compose-site.sh"]);
    // The script compose runs, on the shipped file: the site nginx would load.
    const site = path.join(dir, "default.conf");
    const rendered = spawnSync("/bin/sh", [path.join(root, "deploy/nginx/compose-site.sh")], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...nginx.environment, BAIT_MICRO_CACHE: path.join(root, "deploy/nginx/micro-cache.conf"), BAIT_NGINX_SITE: site, BAIT_NGINX_RENDER_ONLY: "1" },
    });
    expect(rendered.stderr).toBe("");
    expect(rendered.status).toBe(0);
    const text = readFileSync(site, "utf8");
    const upstream = /upstream bait_app \{([^}]*)\}/.exec(text)![1]!;
    const servers = [...upstream.matchAll(/^\s*server\s+([^;\s]+);/gm)].map((match) => match[1]);
    expect(servers).toEqual(APPS.map((name) => `${name}:${app(name).environment!.PORT}`));
    // Everything else is the shipped file, line for line.
    expect(text.replace(upstream, "")).toBe(read("deploy/nginx/micro-cache.conf").replace(/upstream bait_app \{([^}]*)\}/.exec(read("deploy/nginx/micro-cache.conf"))![1]!, ""));
    // The published port is the one the conf listens on.
    const listen = /^\s*listen\s+(\d+);/m.exec(text)![1];
    expect(nginx.ports).toEqual([`${listen}:${listen}`]);
  });

  it("refuses to start when the shipped conf no longer has the line it replaces", () => {
    const changed = path.join(dir, "changed.conf");
    spawnSync("/bin/sh", ["-c", `sed 's/127.0.0.1:3000/127.0.0.1:4000/' "$0" > "$1"`, path.join(root, "deploy/nginx/micro-cache.conf"), changed]);
    const rendered = spawnSync("/bin/sh", [path.join(root, "deploy/nginx/compose-site.sh")], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, NODE_ENV: "production", BAIT_APP_SERVERS: "app1:3000", BAIT_MICRO_CACHE: changed, BAIT_NGINX_SITE: path.join(dir, "never.conf"), BAIT_NGINX_RENDER_ONLY: "1" },
    });
    expect(rendered.status).toBe(1);
    expect(rendered.stderr).toContain('ya no tiene la línea "server 127.0.0.1:3000;"');
  });
});

describe("the Dockerfile", () => {
  const dockerfile = read("Dockerfile").replace(/\\\n\s*/g, " ");
  const instructions = dockerfile
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages = instructions.reduce<string[][]>((all, line) => (line.startsWith("FROM ") ? [...all, [line]] : (all[all.length - 1]?.push(line), all)), []);
  const runtime = stages[stages.length - 1]!;
  const nodeImage = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)![1];

  it("builds in stages: npm ci, npm run build, then production dependencies alone", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(instructions).toContain("RUN npm ci --no-audit --no-fund");
    expect(instructions).toContain("RUN npm run build");
    expect(instructions.some((line) => /^RUN npm ci --omit=dev\b/.test(line))).toBe(true);
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["node_modules", ".env", "deploy/compose/*.env", "build"]) expect(ignored).toContain(entry);
  });

  it("runs on node 24 slim, as a user without privileges, in production", () => {
    expect(nodeImage).toBe("node:24-slim");
    expect(runtime[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/);
    const user = runtime.filter((line) => line.startsWith("USER ")).pop();
    expect(user).toBe("USER node");
    expect(runtime.find((line) => line.startsWith("ENV "))).toMatch(/\bNODE_ENV=production\b/);
  });

  it("starts what npm start runs in each worker, the compiled server with its tracing first", () => {
    expect(runtime.find((line) => line.startsWith("CMD "))).toBe('CMD ["node", "--import", "./build/tracing.js", "build/server.js"]');
    const start = read("scripts/start.mjs");
    expect(start).toContain('path.join(root, "build/server.js")');
    expect(start).toContain('path.join(root, "build/tracing.js")');
    expect(start).not.toContain("tsx");
  });

  it("checks its health on /readyz, which the server answers 200 when ready and 503 when not", async () => {
    const healthcheck = runtime.find((line) => line.startsWith("HEALTHCHECK "))!;
    expect(healthcheck).toContain("'/readyz'");
    expect(healthcheck).toContain("answer.ok ? 0 : 1");
    let ready = true;
    const build = {
      ...standInBuildShell,
      routes: { root: { id: "root", path: "", module: { default: () => null } } },
      entry: { module: { default: () => new Response(""), healthReport: async () => ({ ready, upstream: "real", configVersion: "abc" }), configStatusResponse: () => null } },
    } as unknown as SiteBuild;
    const { app: site } = createApp({ root, build: () => build, isProduction: true, isDevelopment: false, clientIpOf: () => "127.0.0.1", trustProxy: 1, mockRoutes: null, pageCacheOn: false, pageCacheTtlMs: 0 });
    const server: Server = createSiteServer(site, null);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
      expect((await fetch(url)).status).toBe(200);
      ready = false;
      expect((await fetch(url)).status).toBe(503);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
