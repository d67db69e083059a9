import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort, waitForHealth } from "./process";

export type Nginx = { staticPort: number; stop: () => void };
export type NginxCache = { port: number; stop: () => void };


function nginxBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  const which = spawnSync("which", ["nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** nginx serving the app's bytes as static files (precompressed, gzip_static); `undefined` when nginx is not installed. */
export async function startNginx(files: Array<{ path: string; html: string }>): Promise<Nginx | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  // Workers run as nobody when the bench runs as root.
  chmodSync(prefix, 0o755);
  const html = path.join(prefix, "html");
  mkdirSync(html);
  mkdirSync(path.join(prefix, "logs"));
  for (const file of files) {
    const name = file.path === "/" ? "index.html" : file.path.slice(1);
    writeFileSync(path.join(html, name), file.html);
    writeFileSync(path.join(html, `${name}.gz`), gzipSync(file.html));
  }
  const staticPort = await freePort();
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${staticPort};
    root ${html};
    default_type "text/html; charset=utf-8";
    gzip_static on;
    location = /healthz { return 200 "ok"; }
    location = / { try_files /index.html =404; }
    location / { try_files $uri =404; }
  }
}
`,
  );
  const started = spawnSync(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(started.stderr.trim());
  const stop = () => {
    spawnSync(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-s", "stop"]);
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://127.0.0.1:${staticPort}/healthz`, 10_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { staticPort, stop };
}

/**
 * nginx with deploy/nginx/micro-cache.conf, as shipped, in front of the app (anonymous pages kept
 * 10 s, a fresh CSP nonce per answer, gzip by nginx); `undefined` when nginx is not installed.
 */
export async function startNginxMicroCache(root: string, appPort: number): Promise<NginxCache | undefined> {
  const binary = nginxBinary();
  if (!binary) return undefined;
  const prefix = mkdtempSync(path.join(tmpdir(), "bench-nginx-cache-"));
  chmodSync(prefix, 0o755);
  for (const dir of ["logs", "cache"]) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  const site = readFileSync(path.join(root, "deploy/nginx/micro-cache.conf"), "utf8")
    .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${appPort};`)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace("/var/cache/nginx/bait", path.join(prefix, "cache"));
  writeFileSync(path.join(prefix, "site.conf"), site);
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  const started = spawnSync(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(started.stderr.trim());
  const stop = () => {
    spawnSync(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-s", "stop"]);
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
