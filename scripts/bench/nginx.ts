import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, waitForHealth } from "./process";

/** An nginx of its own (its prefix, pid and logs in a temporary folder), listening on `port`. */
export type Nginx = { port: number; stop: () => void };

export function nginxBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  const which = spawnSync("which", ["nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/**
 * Starts nginx with `server` (the http-level configuration, given the temporary prefix) and waits
 * for `port` to answer /healthz; `undefined` when nginx is not installed.
 */
export async function startNginx(port: number, server: (prefix: string) => string): Promise<Nginx | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), "bait-nginx-"));
  // Workers run as nobody when this runs as root.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, "logs"));
  const config = path.join(prefix, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
${server(prefix)}
}
`,
  );
  const started = spawnSync(binary, ["-p", prefix, "-c", config], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(started.stderr.trim());
  const stop = () => {
    spawnSync(binary, ["-p", prefix, "-c", config, "-s", "stop"]);
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, 10_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, stop };
}

/** nginx serving the app's bytes as static files (precompressed, gzip_static). */
export async function startStaticNginx(files: Array<{ path: string; html: string }>): Promise<Nginx | undefined> {
  const port = await freePort();
  return startNginx(port, (prefix) => {
    const html = path.join(prefix, "html");
    mkdirSync(html);
    for (const file of files) {
      const name = file.path === "/" ? "index.html" : file.path.slice(1);
      writeFileSync(path.join(html, name), file.html);
      writeFileSync(path.join(html, `${name}.gz`), gzipSync(file.html));
    }
    return `  server {
    listen 127.0.0.1:${port};
    root ${html};
    default_type "text/html; charset=utf-8";
    gzip_static on;
    location = /healthz { return 200 "ok"; }
    location = / { try_files /index.html =404; }
    location / { try_files $uri =404; }
  }`;
  });
}

/** The shipped conf's one lifetime of a kept page (tests/unit/nginx-micro-cache.test.ts checks its value). */
export const MICRO_CACHE_VALID = "proxy_cache_valid any 1s;";

/**
 * deploy/nginx/micro-cache.conf as shipped, with its three ADJUST places set: the app at
 * `appPort`, nginx on `port`, the cache under the prefix. With `keepFor` (an nginx time, "1h"), a
 * kept page lives that long instead of the shipped 1 s: for a test that checks what is kept and
 * how it is served, never how long, so that no step of it races the lifetime.
 */
export function microCacheSite(root: string, appPort: number, port: number, { keepFor }: { keepFor?: string } = {}) {
  return (prefix: string) => {
    const shipped = readFileSync(path.join(root, "deploy/nginx/micro-cache.conf"), "utf8");
    const cache = path.join(prefix, "cache");
    mkdirSync(cache);
    const site = shipped
      .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`)
      .replace("listen 8080;", `listen 127.0.0.1:${port};`)
      .replace("/var/cache/nginx/bait", cache);
    if (site.includes("127.0.0.1:3000") || site.includes("listen 8080") || site.includes("/var/cache/nginx/bait")) {
      throw new Error("deploy/nginx/micro-cache.conf no longer has the places marked ADJUST as expected");
    }
    if (!keepFor) return site;
    if (!site.includes(MICRO_CACHE_VALID)) throw new Error(`deploy/nginx/micro-cache.conf no longer has "${MICRO_CACHE_VALID}"`);
    return site.replace(MICRO_CACHE_VALID, `proxy_cache_valid any ${keepFor};`);
  };
}

/** The app behind deploy/nginx/micro-cache.conf. */
export async function startNginxMicroCache(root: string, appPort: number): Promise<Nginx | undefined> {
  const port = await freePort();
  return startNginx(port, microCacheSite(root, appPort, port));
}
