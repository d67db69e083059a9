#!/bin/sh
# The nginx service of compose.yaml: deploy/nginx/micro-cache.conf as shipped, with its upstream's
# one server (127.0.0.1:3000, marked ADJUST) replaced by the app instances of BAIT_APP_SERVERS
# ("app1:3000 app2:3000", compose's service names and their PORT), written as the site nginx
# loads (conf.d/default.conf, inside the image's http block), then nginx in the foreground.
# BAIT_NGINX_RENDER_ONLY=1 writes the site and stops (tests/unit/deploy.test.ts runs it so).
set -eu
source_conf="${BAIT_MICRO_CACHE:-/etc/nginx/bait/micro-cache.conf}"
site="${BAIT_NGINX_SITE:-/etc/nginx/conf.d/default.conf}"
: "${BAIT_APP_SERVERS:?BAIT_APP_SERVERS: faltan las instancias de la app, p. ej. \"app1:3000 app2:3000\"}"

awk -v servers="$BAIT_APP_SERVERS" '
  /^[ \t]*server 127\.0\.0\.1:3000;/ {
    count = split(servers, list, " ")
    for (i = 1; i <= count; i++) printf "    server %s;\n", list[i]
    replaced = 1
    next
  }
  { print }
  END { if (!replaced) exit 3 }
' "$source_conf" > "$site.tmp" || {
  echo "$source_conf ya no tiene la línea \"server 127.0.0.1:3000;\" marcada ADJUST: revisa deploy/nginx/compose-site.sh" >&2
  rm -f "$site.tmp"
  exit 1
}
mv "$site.tmp" "$site"

[ "${BAIT_NGINX_RENDER_ONLY:-}" = "1" ] && exit 0
exec nginx -g 'daemon off;'
